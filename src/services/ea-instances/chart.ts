// The chart of an EA instance as the service keeps it: the latest state the runtime reported
// (Outcome.chart deltas applied in order; a `reset` delta replaces everything), persisted on the
// instance row (`ea_instances.chart`), served by `GET …/ea/chart` and published as `chart`
// messages on the WebSocket `ea` channel. The runtime speaks MQL5 datetimes (server seconds);
// the API shows each anchor point as server time text plus `timestampUTC`, like `ohlc` bars, so
// a client places objects on the bars it draws.
import type { AlertEntry, ChartDelta, WireChartObject } from "../../ea/chart-wire.ts";
import { serverSecondsToUtcMs } from "../../ea/trade-translation.ts";
import type { StoredChart } from "../../storage/schema/index.ts";
import type {
  EaChartObjectView as ApiChartObject,
  EaAlertData,
  EaChartData,
} from "../../streaming/messages.ts";

/** The runtime's chart of one instance, with a flag for "changed since last persisted". */
export class ChartMirror {
  comment = "";
  readonly objects = new Map<string, WireChartObject>();
  properties: Record<string, number | string> = {};
  /** Changed since the row last stored it. */
  dirty = false;
  /** The runtime reported (or the row stored) a chart: there is something to serve. */
  known = false;

  constructor(stored?: StoredChart | null) {
    if (stored) {
      this.replace(stored);
      this.known = true;
    }
  }

  /** Applies one event's changes. */
  apply(delta: ChartDelta): void {
    if (delta.reset) {
      this.replace({
        comment: delta.comment ?? "",
        objects: delta.objects ?? [],
        properties: delta.properties ?? {},
      });
    } else {
      if (delta.comment !== undefined) {
        this.comment = delta.comment;
      }
      for (const name of delta.deleted ?? []) {
        this.objects.delete(name);
      }
      for (const o of delta.objects ?? []) {
        this.objects.set(o.name, o);
      }
      if (delta.properties) {
        this.properties = { ...this.properties, ...delta.properties };
      }
    }
    this.known = true;
    this.dirty = true;
  }

  /** The chart in full, objects in ObjectName's order (by name). */
  state(): StoredChart {
    return {
      comment: this.comment,
      objects: [...this.objects.values()].sort(byName),
      properties: { ...this.properties },
    };
  }

  private replace(s: StoredChart): void {
    this.comment = s.comment;
    this.objects.clear();
    for (const o of s.objects) {
      this.objects.set(o.name, o);
    }
    this.properties = { ...s.properties };
  }
}

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

// ───────────────────────────── API views ─────────────────────────────

/** `GET …/ea/chart`. */
export interface EaChartView {
  readonly instance_id: string;
  readonly comment: string;
  readonly objects: ApiChartObject[];
  /** Chart properties by CHART_ name in lower case without the prefix. */
  readonly properties: Record<string, number | string>;
}

/** An MQL5 datetime (server seconds) as server time text; "" for 0 (no time). */
export function serverTimeText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds === 0) {
    return "";
  }
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 19);
}

function objectView(o: WireChartObject): ApiChartObject {
  return {
    name: o.name,
    type: o.type,
    window: o.window,
    created: serverTimeText(o.created),
    points: o.points.map((p) => ({
      time: serverTimeText(p.time),
      timestampUTC: p.time === 0 ? 0 : serverSecondsToUtcMs(p.time),
      price: p.price,
    })),
    ...(o.levels ? { levels: o.levels } : {}),
    properties: o.props,
  };
}

export function chartView(instanceId: string, s: StoredChart): EaChartView {
  return {
    instance_id: instanceId,
    comment: s.comment,
    objects: s.objects.map(objectView),
    properties: s.properties,
  };
}

export function chartDeltaData(instanceId: string, d: ChartDelta, atMs: number): EaChartData {
  return {
    kind: "chart",
    instance_id: instanceId,
    reset: d.reset === true,
    ...(d.comment !== undefined ? { comment: d.comment } : {}),
    ...(d.objects && d.objects.length > 0 ? { objects: d.objects.map(objectView) } : {}),
    ...(d.deleted && d.deleted.length > 0 ? { deleted: d.deleted } : {}),
    ...(d.properties && Object.keys(d.properties).length > 0 ? { properties: d.properties } : {}),
    time: new Date(atMs).toISOString(),
  };
}

export function alertData(instanceId: string, a: AlertEntry, utcMs: number): EaAlertData {
  return {
    kind: "alert",
    instance_id: instanceId,
    source: a.kind,
    message: a.text,
    ...(a.subject !== undefined ? { subject: a.subject } : {}),
    time: new Date(utcMs).toISOString(),
  };
}
