CREATE TABLE "calendar_countries" (
	"id" bigint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"url_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"country_id" bigint NOT NULL,
	"type" smallint NOT NULL,
	"sector" smallint NOT NULL,
	"frequency" smallint NOT NULL,
	"time_mode" smallint NOT NULL,
	"unit" smallint NOT NULL,
	"importance" smallint NOT NULL,
	"multiplier" smallint NOT NULL,
	"digits" integer NOT NULL,
	"source_url" text NOT NULL,
	"event_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"change_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_state_one_row" CHECK ("calendar_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "calendar_values" (
	"id" bigint PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"period" date NOT NULL,
	"revision" integer NOT NULL,
	"actual_value" bigint,
	"prev_value" bigint,
	"revised_prev_value" bigint,
	"forecast_value" bigint,
	"impact_type" smallint NOT NULL,
	"change_id" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_country_id_calendar_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."calendar_countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_values" ADD CONSTRAINT "calendar_values_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_countries_code_idx" ON "calendar_countries" USING btree ("code");--> statement-breakpoint
CREATE INDEX "calendar_events_country_idx" ON "calendar_events" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "calendar_values_event_time_idx" ON "calendar_values" USING btree ("event_id","time");--> statement-breakpoint
CREATE INDEX "calendar_values_time_idx" ON "calendar_values" USING btree ("time");