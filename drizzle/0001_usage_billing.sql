CREATE TABLE "billing_terms" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"tier1_user_price_cents" bigint NOT NULL,
	"tier2_user_price_cents" bigint NOT NULL,
	"tier1_threshold" bigint NOT NULL,
	"tier1_extra_account_price_cents" bigint NOT NULL,
	"tier2_extra_account_price_cents" bigint NOT NULL,
	"included_accounts_per_user" bigint NOT NULL,
	"billing_currency" text NOT NULL,
	"billing_company_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_terms_non_negative_check" CHECK ("billing_terms"."tier1_user_price_cents" >= 0 and "billing_terms"."tier2_user_price_cents" >= 0 and "billing_terms"."tier1_threshold" >= 0 and "billing_terms"."tier1_extra_account_price_cents" >= 0 and "billing_terms"."tier2_extra_account_price_cents" >= 0 and "billing_terms"."included_accounts_per_user" >= 0)
);
--> statement-breakpoint
CREATE TABLE "usage_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"slot_key" text,
	"users" integer NOT NULL,
	"accounts" integer NOT NULL,
	"connected_accounts" integer NOT NULL,
	"running_eas" integer NOT NULL,
	"per_key" jsonb NOT NULL,
	CONSTRAINT "usage_snapshots_kind_check" CHECK ("usage_snapshots"."kind" in ('scheduled', 'on_demand')),
	CONSTRAINT "usage_snapshots_slot_check" CHECK (("usage_snapshots"."kind" = 'scheduled') = ("usage_snapshots"."slot_key" is not null)),
	CONSTRAINT "usage_snapshots_counts_check" CHECK ("usage_snapshots"."users" >= 0 and "usage_snapshots"."accounts" >= 0 and "usage_snapshots"."connected_accounts" >= 0 and "usage_snapshots"."running_eas" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_terms" ADD CONSTRAINT "billing_terms_admin_id_admins_uuid_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_snapshots" ADD CONSTRAINT "usage_snapshots_admin_id_admins_uuid_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_snapshots_admin_slot_uq" ON "usage_snapshots" USING btree ("admin_id","slot_key");--> statement-breakpoint
CREATE INDEX "usage_snapshots_admin_taken_idx" ON "usage_snapshots" USING btree ("admin_id","taken_at");--> statement-breakpoint
CREATE INDEX "usage_snapshots_taken_idx" ON "usage_snapshots" USING btree ("taken_at");