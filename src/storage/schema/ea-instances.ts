// EA instances: one run of an EA on an account (spec §2.9). Operational state only — money state
// is the broker's. A row with status `running` (or `starting`) when the service stops is started
// again when it comes back.
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts.ts";
import { eas } from "./eas.ts";
import { lifecycleDates } from "./util.ts";

/** A chart as stored (src/ea/chart-wire.ts WireChartObject objects). */
export interface StoredChart {
  comment: string;
  objects: {
    name: string;
    type: string;
    window: number;
    created: number;
    points: { time: number; price: number }[];
    levels?: { value: number; color: number; style: number; width: number; text: string }[];
    props: Record<string, number | string>;
  }[];
  properties: Record<string, number | string>;
}

export const eaInstances = pgTable(
  "ea_instances",
  {
    /** Instance id (uuid), `instance_id` of the EA status. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** The account the EA trades; the instance goes with the account. */
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The EA being run; deleting the EA (after stopping it) removes its runs. */
    eaId: uuid("ea_id")
      .notNull()
      .references(() => eas.id, { onDelete: "cascade" }),
    /** Chart symbol of the run (`_Symbol`). */
    symbol: text("symbol").notNull(),
    /** Chart timeframe of the run: M1, M5, M15, M30, H1, H4, D1, W1 or MN1. */
    timeframe: text("timeframe").notNull(),
    /** Input values given at start, by input name (already validated against input_params). */
    inputs: jsonb("inputs")
      .$type<Record<string, string | number | boolean>>()
      .notNull()
      .default({}),
    /** starting | running | stopped | error (src/domain/ea-lifecycle.ts eaVisibleStatus). */
    status: text("status").notNull(),
    /** Ticks of the symbol delivered to the EA (persisted periodically and at stop). */
    tickCount: bigint("tick_count", { mode: "number" }).notNull().default(0),
    /** Why the instance stopped with status `error`; empty otherwise. */
    lastError: text("last_error").notNull().default(""),
    /** When the run was started (UTC). */
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
    /** When the run ended (stopped or errored, UTC); null while it runs. */
    stoppedAt: timestamp("stopped_at", { withTimezone: true, mode: "date" }),
    /**
     * The run's chart as the EA left it (graphical objects, chart properties, comment; the
     * runtime's ChartState, times in MQL5 server seconds): served by `GET …/ea/chart` and given
     * back to the EA when it resumes after a restart. Null until the EA first reported it.
     */
    chart: jsonb("chart").$type<StoredChart>(),
    ...lifecycleDates,
  },
  (t) => [
    index("ea_instances_account_idx").on(t.accountId, t.startedAt),
    index("ea_instances_ea_idx").on(t.eaId),
    index("ea_instances_status_idx").on(t.status),
  ],
);

export type EaInstanceRow = typeof eaInstances.$inferSelect;
