// The app's route table, read by the error path: which methods a path accepts. Elysia answers a
// known path with a method it has no route for as 404, and matches a request against the routes
// of its own method only, so `PUT …/orders/closed-session` reaches `PUT …/orders/:ticket` (and
// fails as an invalid ticket) although `…/orders/closed-session` is a route of its own. Here a
// static segment beats a parameter, position by position from the left, whatever the method: the
// most specific pattern that matches a path is the resource it names, and its methods are the
// ones allowed (HEAD with GET, as Bun answers it; a WebSocket route is a GET, the upgrade).
//
// Built once, on first use, from the app's routes; answers in one pass over them (only error
// answers ask).

export interface RouteLike {
  readonly method: string;
  readonly path: string;
}

interface Pattern {
  readonly segments: readonly string[];
  /** Per segment: true when static. */
  readonly statics: readonly boolean[];
  /** Matches any remainder (a `*` last segment). */
  readonly wildcard: boolean;
  readonly methods: Set<string>;
}

const split = (path: string): string[] => {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return trimmed === "/" || trimmed === "" ? [] : trimmed.replace(/^\//, "").split("/");
};

/** -1, 0 or 1: which pattern is more specific (static segments first, from the left). */
function compare(a: Pattern, b: Pattern): number {
  const n = Math.min(a.statics.length, b.statics.length);
  for (let i = 0; i < n; i++) {
    if (a.statics[i] !== b.statics[i]) {
      return a.statics[i] ? 1 : -1;
    }
  }
  if (a.wildcard !== b.wildcard) {
    return a.wildcard ? -1 : 1;
  }
  return 0;
}

export class RouteTable {
  private patterns: Pattern[] | null = null;
  private source: () => readonly RouteLike[] = () => [];

  /** Where the routes come from (read on first use). */
  bind(routes: () => readonly RouteLike[]): void {
    this.source = routes;
    this.patterns = null;
  }

  /**
   * The methods the resource at `path` accepts (sorted), or null when no route matches the path.
   * `path` is the URL's pathname, still percent-encoded.
   */
  allowedMethods(path: string): string[] | null {
    const segments = split(path);
    let best: Pattern | null = null;
    for (const p of this.load()) {
      if (!matches(p, segments)) {
        continue;
      }
      if (!best || compare(p, best) > 0) {
        best = p;
      }
    }
    // A pattern of `all` routes only has no method list: it accepts anything.
    return best && best.methods.size > 0 ? [...best.methods].sort() : null;
  }

  private load(): Pattern[] {
    if (this.patterns) {
      return this.patterns;
    }
    const byKey = new Map<string, Pattern>();
    for (const route of this.source()) {
      const raw = split(route.path);
      const wildcard = raw[raw.length - 1] === "*";
      const segments = wildcard ? raw.slice(0, -1) : raw;
      const key = `${segments.map((s) => (s.startsWith(":") ? ":" : s)).join("/")}${wildcard ? "/*" : ""}`;
      let pattern = byKey.get(key);
      if (!pattern) {
        pattern = {
          segments,
          statics: segments.map((s) => !s.startsWith(":")),
          wildcard,
          methods: new Set(),
        };
        byKey.set(key, pattern);
      }
      const method = route.method.toUpperCase();
      if (method === "WS") {
        pattern.methods.add("GET"); // the upgrade request
      } else if (method === "GET") {
        pattern.methods.add("GET").add("HEAD");
      } else if (method !== "ALL") {
        pattern.methods.add(method);
      }
    }
    this.patterns = [...byKey.values()];
    return this.patterns;
  }
}

function matches(p: Pattern, segments: readonly string[]): boolean {
  if (p.wildcard ? segments.length < p.segments.length : segments.length !== p.segments.length) {
    return false;
  }
  for (let i = 0; i < p.segments.length; i++) {
    const s = segments[i] ?? "";
    if (p.statics[i] ? p.segments[i] !== s : s === "") {
      return false;
    }
  }
  return true;
}
