ALTER TABLE "eas" ADD COLUMN "headers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "eas" ADD COLUMN "compiler_version" text DEFAULT '' NOT NULL;