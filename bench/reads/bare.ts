// The baseline of bench/reads: a bare Bun.serve in its own process answering each route with the
// bytes the service answered it with (body and content type), read from the JSON file named by
// argv[2]: `{ "/path": { "body": "…", "contentType": "…" } }`. Prints its port, then serves.
import { readFileSync } from "node:fs";

const routes = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Record<
  string,
  { body: string; contentType: string }
>;
const answers = new Map(
  Object.entries(routes).map(([path, r]) => [path, { body: r.body, type: r.contentType }]),
);
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    const url = req.url;
    const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
    const a = answers.get(path);
    return a
      ? new Response(a.body, { headers: { "content-type": a.type } })
      : new Response("not found", { status: 404 });
  },
});
process.stdout.write(`${server.port}\n`);
