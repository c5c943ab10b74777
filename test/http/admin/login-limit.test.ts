// Admin login limiting over real sockets (the client address is the TCP peer): an attacker
// flooding usernames from one address gets at most TAS_LOGIN_ATTEMPTS_PER_MINUTE password checks
// a minute, and the right password from another address still signs in during the attack.
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import http from "node:http";
import { createTestApp, type TestApp } from "../../support/app.ts";

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ TAS_LOGIN_ATTEMPTS_PER_MINUTE: "10" });
  t.clock.freeze();
  await t.superToken(); // root / root-password, through app.handle (address "unknown")
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  port = t.app.server?.port ?? 0;
}, 60_000);

afterAll(async () => {
  await t.app.stop();
  await t.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** POST /admin/login from `localAddress` (any 127.0.0.0/8 address is a distinct client). */
function login(localAddress: string, username: string, password: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: "POST",
        path: "/admin/login",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ username, password }));
  });
}

describe("admin login under a username flood", () => {
  test("≤ 10 password checks a minute from the attacker; the real admin signs in meanwhile", async () => {
    const verify = spyOn(Bun.password, "verify");
    try {
      const attacker = "127.0.0.2";
      const checksAt: number[] = [];
      const statuses = new Map<number, number>();
      let legitSignIns = 0;
      const start = t.clock.now();
      // Ten minutes of test time, an attempt every 500 ms: unique usernames, and every third
      // attempt the real admin's name.
      for (let i = 0; i < 1_200; i++) {
        const username = i % 3 === 0 ? "root" : `nobody-${i}`;
        const before = verify.mock.calls.length;
        const res = await login(attacker, username, `guess-${i}`);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (verify.mock.calls.length > before) {
          checksAt.push(t.clock.now());
          expect(res.status).toBe(401);
        } else {
          expect(res.status).toBe(429);
          expect(res.body).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
          expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
          expect(res.body.error.details.retry_after).toBe(Number(res.headers["retry-after"]));
        }
        if (i % 100 === 50) {
          // The real admin, from its own address, while the attacker is refused.
          const legit = await login("127.0.0.3", "root", "root-password");
          expect(legit.status).toBe(200);
          expect(legit.body.data.admin.username).toBe("root");
          legitSignIns += 1;
        }
        t.clock.advance(500);
      }
      const minutes = (t.clock.now() - start) / 60_000;
      let worstMinute = 0;
      for (const [i, at] of checksAt.entries()) {
        worstMinute = Math.max(
          worstMinute,
          checksAt.slice(i).filter((x) => x < at + 60_000).length,
        );
      }
      console.log(
        `attacker: ${checksAt.length} password checks in ${minutes} min (worst 60 s window: ` +
          `${worstMinute}); answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
          `legit sign-ins during the attack: ${legitSignIns}/12`,
      );
      expect(worstMinute).toBeLessThanOrEqual(10);
      expect(checksAt.length).toBeLessThanOrEqual(10 * minutes);
      expect(legitSignIns).toBe(12);
    } finally {
      verify.mockRestore();
    }
  }, 120_000);

  test("the same address with the right password is refused while it is locked", async () => {
    const res = await login("127.0.0.2", "root", "root-password");
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
  });
});
