CREATE TABLE "ea_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"ea_id" uuid,
	"path_key" text NOT NULL,
	"path" text NOT NULL,
	"is_dir" boolean DEFAULT false NOT NULL,
	"data" "bytea" NOT NULL,
	"created_time" bigint DEFAULT 0 NOT NULL,
	"modified_time" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ea_global_variables" (
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" double precision NOT NULL,
	"time" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ea_global_variables_account_id_name_pk" PRIMARY KEY("account_id","name")
);
--> statement-breakpoint
ALTER TABLE "ea_files" ADD CONSTRAINT "ea_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ea_files" ADD CONSTRAINT "ea_files_ea_id_eas_id_fk" FOREIGN KEY ("ea_id") REFERENCES "public"."eas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ea_global_variables" ADD CONSTRAINT "ea_global_variables_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ea_files_ea_path_idx" ON "ea_files" USING btree ("account_id","ea_id","path_key") WHERE "ea_files"."ea_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ea_files_common_path_idx" ON "ea_files" USING btree ("account_id","path_key") WHERE "ea_files"."ea_id" IS NULL;--> statement-breakpoint
CREATE INDEX "ea_files_ea_idx" ON "ea_files" USING btree ("ea_id");