// The node's Prometheus metrics (GET /metrics), in a registry of its own (never prom-client's
// global one: tests and tools build several apps in one process). Why a class here rather than
// metrics scattered over the modules: one place states every metric's name, type, labels and
// meaning, and keeps the Prometheus conventions (`_seconds` histograms, `_total` counters, labels
// of low cardinality — never an account id or a key id).
//
// Three kinds of input:
// - the request histogram, fed on every HTTP request (src/http/app.ts): its hot path is a map
//   lookup and a bucket increment, not prom-client's per-call label hashing (≈0.6 µs a request);
//   it is turned into exposition lines only when scraped;
// - counters of events (order outcomes, lease changes) the services and the cluster call;
// - gauges read at scrape time from providers (`provide(name, fn)`): sessions, WebSocket clients,
//   EA instances, NATS and database health. A metric appears with its provider; a provider that
//   fails is reported (onProviderError) and its metric has no sample in that scrape (0, for a
//   metric without labels: prom-client keeps one) rather than failing the scrape.
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client";
import type { EaInstanceStatus } from "../domain/ea-lifecycle.ts";
import { SESSION_TRANSITIONS, type SessionStatus } from "../domain/states.ts";

/** What became of an order that reached the order journal (src/services/order-journal.ts). */
export type OrderOutcome = "done" | "rejected" | "unknown" | "refused";

/** A change of an account lease held by this node (cluster mode). */
export type LeaseChange = "acquired" | "lost" | "released" | "handed_over";

type MaybePromise<T> = T | Promise<T>;

/** The scrape-time providers, by name, and what each returns. */
export interface MetricProviders {
  /** This node's broker sessions by status (`tas_sessions`); missing statuses count 0. */
  readonly sessions: () => MaybePromise<Readonly<Partial<Record<SessionStatus, number>>>>;
  /** Open /ws connections on this node (`tas_ws_clients`). */
  readonly wsClients: () => MaybePromise<number>;
  /** Messages queued for congested /ws connections on this node (`tas_ws_queued_messages`). */
  readonly wsQueuedMessages: () => MaybePromise<number>;
  /** EA instances this node holds, by status (`tas_ea_instances`); missing statuses count 0. */
  readonly eaInstances: () => MaybePromise<Readonly<Partial<Record<EaInstanceStatus, number>>>>;
  /** Sandbox CPU time of EA handlers since this node started, seconds (`tas_ea_cpu_seconds_total`). */
  readonly eaCpuSeconds: () => MaybePromise<number>;
  /** Whether the NATS connection is up (`tas_nats_connected`; cluster mode only). */
  readonly natsConnected: () => MaybePromise<boolean>;
  /** Whether the database answers (`tas_database_up`). */
  readonly databaseUp: () => MaybePromise<boolean>;
}

export type ProviderName = keyof MetricProviders;

export interface ServiceMetricsOptions {
  /** This node's id: the `node_id` label of `tas_node_info`. */
  readonly nodeId: string;
  /** Collect prom-client's default process metrics (CPU, memory, event loop…) as `tas_*`. Default true. */
  readonly processMetrics?: boolean;
  /** Where a failing provider is reported (default: nowhere). */
  readonly onProviderError?: (provider: ProviderName, err: unknown) => void;
}

/** Upper bounds of the request histogram, seconds: 0.25 ms … 10 s. */
export const REQUEST_DURATION_BUCKETS: readonly number[] = [
  0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** The route label of a request no route matched (404s, and refusals before routing). */
export const UNMATCHED_ROUTE = "unmatched";

const ORDER_OUTCOMES: readonly OrderOutcome[] = ["done", "rejected", "unknown", "refused"];
const LEASE_CHANGES: readonly LeaseChange[] = ["acquired", "lost", "released", "handed_over"];
const SESSION_STATUSES = Object.keys(SESSION_TRANSITIONS) as SessionStatus[];
/** Every EA instance status (a Record, so that a new status is a compile error until listed). */
const EA_STATUSES = Object.keys({
  starting: true,
  running: true,
  stopped: true,
  error: true,
} satisfies Record<EaInstanceStatus, true>) as EaInstanceStatus[];

/** Methods kept as a label value; any other is `other` (a client may send any token). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Status class labels by `status / 100`. */
const STATUS_CLASSES = ["1xx", "1xx", "2xx", "3xx", "4xx", "5xx"] as const;

/** One histogram series: bucket counts (not cumulative; the last is +Inf), sum and count. */
interface Series {
  readonly counts: Float64Array;
  sum: number;
  count: number;
}

/** One method and route: its series by status class (index 1…5). */
interface RouteSeries {
  readonly method: string;
  readonly route: string;
  readonly byClass: (Series | undefined)[];
}

interface ExportedValue {
  readonly value: number;
  readonly labels: Record<string, string | number>;
  readonly metricName: string;
}

/**
 * `tas_http_request_duration_seconds`, kept in plain arrays and exported through the registry
 * as prom-client exports any metric: an object with `name`, `help`, `type` and `get()`
 * (registry.js reads no more; its types only list its own classes, hence the cast where it is
 * registered).
 */
class RequestDurations {
  readonly name = "tas_http_request_duration_seconds";
  readonly help =
    "HTTP request duration from arrival to the answer being ready, by method, route template and status class";
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly bounds = Float64Array.from(REQUEST_DURATION_BUCKETS);
  /** The series by route template, then method: no key string built per request. */
  private series = new Map<string, Map<string, RouteSeries>>();

  observe(rawMethod: string, route: string, status: number, seconds: number): void {
    const method = METHODS.has(rawMethod) ? rawMethod : "other";
    let entry = this.series.get(route)?.get(method);
    if (entry === undefined) {
      entry = this.entry(method, route);
    }
    const cls = status >= 100 && status < 600 ? (status / 100) | 0 : 5;
    let s = entry.byClass[cls];
    if (s === undefined) {
      s = { counts: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 };
      entry.byClass[cls] = s;
    }
    const bounds = this.bounds;
    let b = 0;
    while (b < bounds.length && seconds > (bounds[b] as number)) {
      b++;
    }
    s.counts[b] = (s.counts[b] as number) + 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** The series of a method (known, or `other`) and route, created on first use. */
  private entry(method: string, route: string): RouteSeries {
    let methods = this.series.get(route);
    if (methods === undefined) {
      methods = new Map();
      this.series.set(route, methods);
    }
    let entry = methods.get(method);
    if (entry === undefined) {
      entry = { method, route, byClass: [] };
      methods.set(method, entry);
    }
    return entry;
  }

  private *all(): Iterable<RouteSeries> {
    for (const methods of this.series.values()) {
      yield* methods.values();
    }
  }

  async get() {
    const values: ExportedValue[] = [];
    for (const { method, route, byClass } of this.all()) {
      byClass.forEach((s, cls) => {
        if (s === undefined) {
          return;
        }
        const labels = { method, route, status: STATUS_CLASSES[cls] as string };
        let cumulative = 0;
        this.bounds.forEach((le, i) => {
          cumulative += s.counts[i] as number;
          values.push({
            labels: { ...labels, le },
            value: cumulative,
            metricName: `${this.name}_bucket`,
          });
        });
        values.push({
          labels: { ...labels, le: "+Inf" },
          value: s.count,
          metricName: `${this.name}_bucket`,
        });
        values.push({ labels, value: s.sum, metricName: `${this.name}_sum` });
        values.push({ labels, value: s.count, metricName: `${this.name}_count` });
      });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    };
  }

  reset(): void {
    this.series = new Map();
  }
}

type Sample = readonly [labels: Readonly<Record<string, string>>, value: number];

/** The metric each provider feeds, registered with the provider: type, name, help, label. */
const SCRAPED: {
  readonly [K in ProviderName]: {
    readonly type: "gauge" | "counter";
    readonly name: string;
    readonly help: string;
    /** The label of a provider that answers counts by status. */
    readonly byStatus?: readonly string[];
  };
} = {
  sessions: {
    type: "gauge",
    name: "tas_sessions",
    help: "Broker sessions on this node, by status",
    byStatus: SESSION_STATUSES,
  },
  wsClients: {
    type: "gauge",
    name: "tas_ws_clients",
    help: "Open WebSocket (/ws) connections on this node",
  },
  wsQueuedMessages: {
    type: "gauge",
    name: "tas_ws_queued_messages",
    help: "Messages queued for congested WebSocket connections on this node",
  },
  eaInstances: {
    type: "gauge",
    name: "tas_ea_instances",
    help: "EA instances on this node (the latest per account), by status",
    byStatus: EA_STATUSES,
  },
  eaCpuSeconds: {
    type: "counter",
    name: "tas_ea_cpu_seconds_total",
    help: "Sandbox CPU time of EA handlers (OnInit included) on this node since it started, seconds",
  },
  natsConnected: {
    type: "gauge",
    name: "tas_nats_connected",
    help: "1 when the NATS connection is up (cluster mode)",
  },
  databaseUp: {
    type: "gauge",
    name: "tas_database_up",
    help: "1 when the database answers a query",
  },
};

/** The metrics of one node: see the file header. */
export class ServiceMetrics {
  /** The registry every metric of this node is in (cluster code may register its own). */
  readonly registry = new Registry();
  private readonly durations = new RequestDurations();
  private readonly orders: Counter<"outcome">;
  private readonly leases: Counter<"change">;
  private readonly providers: { [K in ProviderName]?: MetricProviders[K] } = {};

  constructor(private readonly opts: ServiceMetricsOptions) {
    const registers = [this.registry];
    if (opts.processMetrics ?? true) {
      collectDefaultMetrics({ register: this.registry, prefix: "tas_" });
    }
    this.registry.registerMetric(this.durations as unknown as Metric);
    this.orders = new Counter({
      name: "tas_orders_total",
      help: "Orders that reached the order journal (REST and EA), by outcome: done (executed or placed), rejected (refused by the broker, or not sent), unknown (the link broke mid-request; reconciled later), refused (client order id already used)",
      labelNames: ["outcome"],
      registers,
    });
    for (const outcome of ORDER_OUTCOMES) {
      this.orders.inc({ outcome }, 0);
    }
    this.leases = new Counter({
      name: "tas_lease_changes_total",
      help: "Changes of the account leases this node holds (cluster mode), by change",
      labelNames: ["change"],
      registers,
    });
    for (const change of LEASE_CHANGES) {
      this.leases.inc({ change }, 0);
    }
    new Gauge({
      name: "tas_node_info",
      help: "This node (always 1), labelled with its id (TAS_NODE_ID)",
      labelNames: ["node_id"],
      registers,
    }).set({ node_id: opts.nodeId }, 1);
  }

  /**
   * Registers (or replaces) the scrape-time provider `name`. Its metric appears with the first
   * provider: a node without NATS shows no `tas_nats_connected` rather than a 0.
   */
  provide<K extends ProviderName>(name: K, provider: MetricProviders[K]): void {
    const first = this.providers[name] === undefined;
    this.providers[name] = provider;
    if (first) {
      this.register(name);
    }
  }

  /**
   * One HTTP request: `route` is the matched route template (`/api/accounts/:id`), or
   * UNMATCHED_ROUTE; never a raw path. Called on every request: keep it cheap.
   */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.durations.observe(method, route, status, seconds);
  }

  /** An order's outcome (`tas_orders_total`). */
  orderOutcome(outcome: OrderOutcome): void {
    this.orders.inc({ outcome });
  }

  /** A lease change (`tas_lease_changes_total`). */
  leaseChange(change: LeaseChange): void {
    this.leases.inc({ change });
  }

  /** The Content-Type of `text()`: the Prometheus text format 0.0.4. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition of every metric (Prometheus text format 0.0.4). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Registers the metric a provider feeds, its samples read from the provider when scraped. */
  private register(name: ProviderName): void {
    const { type, byStatus, ...config } = SCRAPED[name];
    const samples = async (): Promise<readonly Sample[]> => {
      const value = await this.read(name);
      if (value === undefined) {
        return [];
      }
      if (typeof value === "object") {
        return zeroFilled(byStatus ?? [], value, "status");
      }
      return [[{}, typeof value === "boolean" ? Number(value) : value]];
    };
    const labelNames = byStatus ? ["status"] : [];
    const registers = [this.registry];
    // The samples are replaced at each scrape (statuses that vanished go with them).
    if (type === "gauge") {
      const gauge: Gauge<string> = new Gauge({
        ...config,
        labelNames,
        registers,
        async collect() {
          const read = await samples();
          gauge.reset();
          for (const [labels, value] of read) {
            gauge.set(labels, value);
          }
        },
      });
      return;
    }
    const counter: Counter<string> = new Counter({
      ...config,
      labelNames,
      registers,
      async collect() {
        const read = await samples();
        counter.reset();
        for (const [labels, value] of read) {
          counter.inc(labels, Math.max(0, value));
        }
      },
    });
  }

  /** Reads a provider; undefined when it failed (reported through onProviderError). */
  private async read(
    name: ProviderName,
  ): Promise<number | boolean | Readonly<Record<string, number>> | undefined> {
    const provider = this.providers[name];
    if (provider === undefined) {
      return undefined;
    }
    try {
      return await provider();
    } catch (err) {
      this.opts.onProviderError?.(name, err);
      return undefined;
    }
  }
}

/** Counts by status as samples: every known status (0 when missing), then any other key. */
function zeroFilled(
  known: readonly string[],
  counts: Readonly<Record<string, number | undefined>>,
  label: string,
): readonly Sample[] {
  const keys = new Set<string>([...known, ...Object.keys(counts)]);
  return [...keys].map((key) => [{ [label]: key }, counts[key] ?? 0]);
}
