// Broker logins through the gate (src/sessions/connect-gate.ts): at most `limit` in flight, the
// rest wait their turn in order, a turn ends once, and sessions sharing a gate log in one after
// another — a session waiting for its turn has not started a login (so no timeout runs), and one
// disconnected while waiting never logs in.
import { describe, expect, test } from "bun:test";
import type { BrokerConnector } from "../../src/broker/connector.ts";
import { ConnectGate } from "../../src/sessions/connect-gate.ts";
import { AccountSession } from "../../src/sessions/session.ts";

describe("ConnectGate", () => {
  test("at most `limit` turns at once; the others start in order as turns end", async () => {
    const gate = new ConnectGate(2);
    const started: number[] = [];
    const ends: Array<() => void> = [];
    const turns = [0, 1, 2, 3].map((i) =>
      gate.acquire().then((end) => {
        started.push(i);
        ends[i] = end;
      }),
    );
    await Bun.sleep(0);
    expect(started).toEqual([0, 1]);
    expect([gate.inFlight, gate.queued]).toEqual([2, 2]);
    ends[1]?.();
    ends[1]?.(); // a second call does nothing
    await Bun.sleep(0);
    expect(started).toEqual([0, 1, 2]);
    expect([gate.inFlight, gate.queued]).toEqual([2, 1]);
    ends[0]?.();
    await Promise.all(turns);
    expect(started).toEqual([0, 1, 2, 3]);
    ends[2]?.();
    ends[3]?.();
    expect([gate.inFlight, gate.queued]).toEqual([0, 0]);
  });

  test("a limit below 1 is refused", () => {
    expect(() => new ConnectGate(0)).toThrow(RangeError);
    expect(() => new ConnectGate(1.5)).toThrow(RangeError);
  });
});

describe("sessions log in through a shared gate", () => {
  /** A connector whose login answers when the test says so; it records when it was asked. */
  function connectors(log: string[]) {
    const answers = new Map<number, () => void>();
    const make = (): BrokerConnector =>
      ({
        connect: (c: { login: number }) => {
          log.push(`login ${c.login}`);
          return new Promise((resolve) => {
            answers.set(c.login, () =>
              resolve({ account: { login: c.login } as never, tradeAllowed: true }),
            );
          });
        },
        positions: async () => [],
        orders: async () => [],
        subscribe: async () => undefined,
        onEvent: () => undefined,
        close: () => undefined,
      }) as unknown as BrokerConnector;
    return { make, answer: (login: number) => answers.get(login)?.() };
  }

  const session = (login: number, gate: ConnectGate, newConnector: () => BrokerConnector) =>
    new AccountSession(
      `acc-${login}`,
      { host: "127.0.0.1", port: 1, login, password: "pw", server: "TAS-Demo" },
      {
        now: () => 0,
        random: () => 0.5,
        setTimer: (fn, ms) => setTimeout(fn, ms),
        clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
        newConnector,
        loginTurn: () => gate.acquire(),
        report: () => undefined,
        publish: () => undefined,
      },
    );

  /** Sessions 1 and 2 asked to connect through a gate of 1: 1 logs in, 2 waits. */
  const twoWaiting = async () => {
    const log: string[] = [];
    const { make, answer } = connectors(log);
    const gate = new ConnectGate(1);
    const a = session(1, gate, make);
    const b = session(2, gate, make);
    a.connect();
    b.connect();
    await Bun.sleep(5);
    return { log, answer, gate, a, b };
  };

  test("one login at a time with a gate of 1; each session connects in turn", async () => {
    const { log, answer, gate, a, b } = await twoWaiting();
    expect(log).toEqual(["login 1"]); // b waits for its turn: no login sent, no timeout running
    expect(b.status).toBe("connecting");
    answer(1);
    await a.settled(1000);
    expect(a.status).toBe("connected");
    await Bun.sleep(5);
    expect(log).toEqual(["login 1", "login 2"]);
    answer(2);
    await b.settled(1000);
    expect(b.status).toBe("connected");
    await Bun.sleep(1); // the turn ends right after the login's last step
    expect(gate.inFlight).toBe(0);
  });

  test("a session disconnected while waiting for its turn never logs in", async () => {
    const { log, answer, gate, a, b } = await twoWaiting();
    b.disconnect();
    answer(1);
    await a.settled(1000);
    await Bun.sleep(5);
    expect(log).toEqual(["login 1"]);
    expect(b.status).toBe("disconnected");
    expect(gate.inFlight).toBe(0);
  });
});
