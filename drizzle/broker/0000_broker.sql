CREATE SCHEMA "broker";
--> statement-breakpoint
CREATE TABLE "broker"."sim_accounts" (
	"login" bigint PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"master_hash" text NOT NULL,
	"investor_hash" text NOT NULL,
	"record" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker"."sim_deals" (
	"ticket" bigint PRIMARY KEY NOT NULL,
	"login" bigint NOT NULL,
	"time_ms" bigint NOT NULL,
	"position_ticket" bigint NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker"."sim_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker"."sim_orders" (
	"ticket" bigint PRIMARY KEY NOT NULL,
	"login" bigint NOT NULL,
	"open" boolean NOT NULL,
	"setup_ms" bigint NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "broker"."sim_positions" (
	"ticket" bigint PRIMARY KEY NOT NULL,
	"login" bigint NOT NULL,
	"open" boolean NOT NULL,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sim_deals_login_time_idx" ON "broker"."sim_deals" USING btree ("login","time_ms");--> statement-breakpoint
CREATE INDEX "sim_deals_position_idx" ON "broker"."sim_deals" USING btree ("position_ticket");--> statement-breakpoint
CREATE INDEX "sim_orders_login_idx" ON "broker"."sim_orders" USING btree ("login","open");--> statement-breakpoint
CREATE INDEX "sim_positions_login_idx" ON "broker"."sim_positions" USING btree ("login","open");