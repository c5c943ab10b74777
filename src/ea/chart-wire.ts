/**
 * The chart and alert fields of an Outcome (ea-runtime/README.md "Outcome"; the runtime's
 * chart.ts and notify.ts produce them) as TypeBox schemas, and how the outcomes of several
 * events fold into one (a `batch` answers with its last completion only, so the host folds the
 * chart changes and alerts of the events before it into that one).
 *
 * Must not import Bun, Node or isolated-vm APIs: the EA host bundles it with protocol.ts.
 */

import { type Static, Type } from "@sinclair/typebox";

const Scalar = Type.Union([Type.Number(), Type.String()]);

/** A graphical object in full (chart.ts WireChartObject). */
export const WireChartObjectSchema = Type.Object({
  name: Type.String(),
  /** ENUM_OBJECT member name. */
  type: Type.String(),
  window: Type.Number(),
  /** OBJPROP_CREATETIME, MQL5 datetime (server seconds). */
  created: Type.Number(),
  /** Anchor points: MQL5 datetime (server seconds) and price. */
  points: Type.Array(Type.Object({ time: Type.Number(), price: Type.Number() })),
  levels: Type.Optional(
    Type.Array(
      Type.Object({
        value: Type.Number(),
        color: Type.Number(),
        style: Type.Number(),
        width: Type.Number(),
        text: Type.String(),
      }),
    ),
  ),
  /** Other properties by OBJPROP_ name in lower case without the prefix. */
  props: Type.Record(Type.String(), Scalar),
});
export type WireChartObject = Static<typeof WireChartObjectSchema>;

/** Outcome.chart: the chart's changes of an event (`reset`: the whole state). */
export const ChartDeltaSchema = Type.Object({
  reset: Type.Optional(Type.Literal(true)),
  comment: Type.Optional(Type.String()),
  objects: Type.Optional(Type.Array(WireChartObjectSchema)),
  deleted: Type.Optional(Type.Array(Type.String())),
  /** Chart properties by CHART_ name in lower case without the prefix. */
  properties: Type.Optional(Type.Record(Type.String(), Scalar)),
});
export type ChartDelta = Static<typeof ChartDeltaSchema>;

/** Outcome.alerts[]: an Alert, SendNotification or SendMail call. */
export const AlertEntrySchema = Type.Object({
  kind: Type.Union([Type.Literal("alert"), Type.Literal("notification"), Type.Literal("mail")]),
  text: Type.String(),
  subject: Type.Optional(Type.String()),
  /** Server time, ms. */
  time: Type.Number(),
});
export type AlertEntry = Static<typeof AlertEntrySchema>;

/** Folds `next` (a later event's chart changes) into `prev`. */
export function mergeChartDelta(prev: ChartDelta | undefined, next: ChartDelta): ChartDelta {
  if (!prev || next.reset) {
    return next;
  }
  const objects = new Map((prev.objects ?? []).map((o) => [o.name, o]));
  const deleted = new Set(prev.deleted ?? []);
  for (const name of next.deleted ?? []) {
    objects.delete(name);
    deleted.add(name);
  }
  for (const o of next.objects ?? []) {
    objects.set(o.name, o);
    if (!prev.reset) {
      deleted.delete(o.name);
    }
  }
  const out: ChartDelta = { ...prev };
  const comment = next.comment ?? prev.comment;
  if (comment !== undefined) {
    out.comment = comment;
  }
  out.objects = [...objects.values()];
  if (prev.reset) {
    delete out.deleted; // a reset carries the state: deleted objects are simply absent
  } else {
    out.deleted = [...deleted].filter((n) => !objects.has(n));
  }
  if (next.properties) {
    out.properties = { ...prev.properties, ...next.properties };
  }
  return out;
}
