CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"server_name" text DEFAULT '' NOT NULL,
	"broker_host" text NOT NULL,
	"broker_port" integer NOT NULL,
	"terminal_login" bigint NOT NULL,
	"password_enc" text NOT NULL,
	"proxy_enc" text,
	"hardware_id" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"auto_connect" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"max_accounts" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "admins_username_unique" UNIQUE("username"),
	CONSTRAINT "admins_role_check" CHECK ("admins"."role" in ('admin', 'superadmin')),
	CONSTRAINT "admins_max_accounts_check" CHECK ("admins"."max_accounts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"hash" text NOT NULL,
	"display_prefix" text NOT NULL,
	"max_accounts" integer DEFAULT 4 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_hash_unique" UNIQUE("hash"),
	CONSTRAINT "api_keys_max_accounts_check" CHECK ("api_keys"."max_accounts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_admin_id_admins_uuid_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_admin_id_admins_uuid_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_key_idx" ON "accounts" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "accounts_admin_idx" ON "accounts" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "api_keys_admin_idx" ON "api_keys" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");