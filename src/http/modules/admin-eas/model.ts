// Schemas of the EA resources: the EA record (spec §2.10), the EA status on an account (§2.9)
// and an EA log line. Shared by the admin and client EA modules.
import { t } from "elysia";
import { named } from "../../openapi/schema.ts";

export const EaInputParam = named(
  "EaInputParam",
  t.Object({
    name: t.String(),
    type: t.String({ description: "MQL5 type: int, double, bool, string, datetime, color, enum" }),
    default: t.String({ description: "Default value as text" }),
    enum: t.Optional(t.String({ description: "enum inputs: the MQL5 enum name" })),
    enumValues: t.Optional(t.Array(t.String(), { description: "enum inputs: member names" })),
  }),
);

/** Spec §2.10 Expert Advisor. */
export const EaRecord = named(
  "ExpertAdvisor",
  t.Object({
    id: t.String({ format: "uuid" }),
    admin_id: t.String({ format: "uuid", description: "owning admin" }),
    name: t.String(),
    original_name: t.String({ description: "name of the uploaded file" }),
    status: t.Union([t.Literal("ready"), t.Literal("error")]),
    input_params: t.Array(EaInputParam),
    event_handlers: t.Array(t.String(), {
      description: "names of handler functions found in the program",
    }),
    error: t.String({ description: 'analysis error "line L, column C: …"; empty when none' }),
    created_at: t.String({ description: "date-time (UTC)" }),
    updated_at: t.String({ description: "date-time (UTC)" }),
  }),
);

/** Spec §2.9 EA status on an account. */
export const EaStatus = named(
  "EaStatus",
  t.Object({
    instance_id: t.String({ format: "uuid" }),
    ea_id: t.String({ format: "uuid" }),
    symbol: t.String(),
    timeframe: t.String(),
    status: t.Union([
      t.Literal("starting"),
      t.Literal("running"),
      t.Literal("stopped"),
      t.Literal("error"),
    ]),
    tick_count: t.Integer({ description: "ticks of the symbol delivered to the EA" }),
    last_error: t.String({ description: "why the run ended with status error; empty otherwise" }),
    started_at: t.String({ description: "date-time (UTC)" }),
    stopped_at: t.String({ description: 'date-time (UTC); "" while the EA runs' }),
    inputs: t.Record(t.String(), t.Union([t.String(), t.Number(), t.Boolean()]), {
      description: "The input values the EA runs with, by name",
    }),
  }),
);

export const EaLogLine = named(
  "EaLogLine",
  t.Object({
    time: t.String({ description: "date-time (UTC)" }),
    level: t.String({ description: "info | alert | warn | error" }),
    message: t.String(),
  }),
);
