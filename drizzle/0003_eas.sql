CREATE TABLE "ea_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"ea_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"timeframe" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"tick_count" bigint DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"program_js" text DEFAULT '' NOT NULL,
	"input_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_handlers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ea_instances" ADD CONSTRAINT "ea_instances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ea_instances" ADD CONSTRAINT "ea_instances_ea_id_eas_id_fk" FOREIGN KEY ("ea_id") REFERENCES "public"."eas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eas" ADD CONSTRAINT "eas_admin_id_admins_uuid_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ea_instances_account_idx" ON "ea_instances" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "ea_instances_ea_idx" ON "ea_instances" USING btree ("ea_id");--> statement-breakpoint
CREATE INDEX "ea_instances_status_idx" ON "ea_instances" USING btree ("status");--> statement-breakpoint
CREATE INDEX "eas_admin_idx" ON "eas" USING btree ("admin_id");