CREATE TABLE "account_leases" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"node_id" text,
	"epoch" bigint DEFAULT 0 NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_nodes" (
	"node_id" text PRIMARY KEY NOT NULL,
	"advertise_url" text NOT NULL,
	"boot" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draining" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_leases" ADD CONSTRAINT "account_leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_leases_node_idx" ON "account_leases" USING btree ("node_id");