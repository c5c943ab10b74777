// The session contract (src/sessions/contract.ts) at the type level: `npm run typecheck` checks
// that an unknown method, wrong arguments, a missing worker handler and an unhandled event kind
// fail to compile (each `@ts-expect-error` fails the typecheck if its line compiles). The
// functions below are only type-checked; the tests run what can run.
import { expect, test } from "bun:test";
import type { BrokerAccount, TradeOutcome } from "../../src/broker/connector.ts";
import {
  SESSION_WRITES,
  type SessionArgs,
  type SessionEvent,
  type SessionMethod,
  type SessionResult,
} from "../../src/sessions/contract.ts";
import type { SessionManager } from "../../src/sessions/manager.ts";

function typedCalls(sessions: SessionManager): void {
  // A method without arguments may omit them; results are typed by the method.
  const summary: Promise<BrokerAccount> = sessions.call("a", "summary");
  const sent: Promise<TradeOutcome> = sessions.call("a", "cancelOrder", { ticket: 1 });
  void summary;
  void sent;
  // @ts-expect-error an unknown method name
  void sessions.call("a", "launchRockets");
  // @ts-expect-error wrong arguments: `symbol` is a string
  void sessions.call("a", "quote", { symbol: 42 });
  // @ts-expect-error missing arguments: `deals` needs a time range
  void sessions.call("a", "deals");
  // @ts-expect-error arguments of another method
  void sessions.call("a", "closeBy", { ticket: 1 });
  // @ts-expect-error a result is what its method answers
  const wrong: Promise<string> = sessions.call("a", "positions");
  void wrong;
}

/** The worker's handler table has this shape: a method without a handler does not compile. */
type Handlers = {
  [M in SessionMethod]: (args: SessionArgs<M>) => SessionResult<M> | Promise<SessionResult<M>>;
};

function incompleteHandlers(): Partial<Handlers> {
  // @ts-expect-error every method of the contract needs a handler
  const handlers: Handlers = {
    summary: () => Promise.reject(new Error("not here")),
  };
  return handlers;
}

/** An exhaustive consumer of session events. */
function describeEvent(event: SessionEvent): string {
  switch (event.kind) {
    case "tick":
      return `tick ${event.quote.symbol}`;
    case "trade":
      return `trade ${event.events.length}`;
    case "account":
      return `account ${event.account.currency}${event.valuation ? " (valued)" : ""}`;
    case "session":
      return `session ${event.health.status}`;
    case "removed":
      return "removed";
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

function missingEventKind(event: SessionEvent): string {
  switch (event.kind) {
    case "tick":
    case "trade":
    case "account":
    case "session":
      return event.kind;
    default: {
      // @ts-expect-error the `removed` kind is not handled
      const unhandled: never = event;
      return unhandled;
    }
  }
}

test("session events are told apart by kind", () => {
  expect(describeEvent({ kind: "removed" })).toBe("removed");
  expect(
    describeEvent({
      kind: "session",
      health: {
        status: "connected",
        connected_since: null,
        last_error: null,
        reconnects: 0,
        last_quote_at: null,
      },
    }),
  ).toBe("session connected");
  expect(missingEventKind({ kind: "trade", events: [] })).toBe("trade");
});

test("the contract's writes are its broker-writing methods", () => {
  expect([...SESSION_WRITES].sort()).toEqual([
    "cancelOrder",
    "closeBy",
    "closePosition",
    "modifyOrder",
    "modifyPosition",
    "sendOrder",
  ]);
  expect(typeof typedCalls).toBe("function");
  expect(typeof incompleteHandlers).toBe("function");
});
