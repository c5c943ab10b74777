CREATE TABLE "order_journal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"state" text NOT NULL,
	"ticket" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_journal" ADD CONSTRAINT "order_journal_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_journal_account_client_idx" ON "order_journal" USING btree ("account_id","client_order_id");--> statement-breakpoint
CREATE INDEX "order_journal_state_idx" ON "order_journal" USING btree ("account_id","state");