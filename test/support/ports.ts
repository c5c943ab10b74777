// A port that is free right now, for tests that start a real server process on a known port
// (fixed ports collide with ephemeral ports held by outgoing connections).
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port;
  probe.stop(true);
  if (port === undefined) {
    throw new Error("no free port");
  }
  return port;
}
