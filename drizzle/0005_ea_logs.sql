CREATE TABLE "ea_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ea_logs" ADD CONSTRAINT "ea_logs_instance_id_ea_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."ea_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ea_logs" ADD CONSTRAINT "ea_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ea_logs_instance_idx" ON "ea_logs" USING btree ("instance_id","id");