ALTER TABLE "idempotency_keys" ADD COLUMN "holder" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "intent" jsonb;--> statement-breakpoint
ALTER TABLE "order_journal" ADD COLUMN "holder" text;--> statement-breakpoint
CREATE INDEX "idempotency_keys_in_progress_idx" ON "idempotency_keys" USING btree ("state") WHERE "idempotency_keys"."state" = 'in_progress';