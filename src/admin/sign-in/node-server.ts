// The admin's sign-in as a small server of its own, for hosts that serve the admin as static files
// (nginx): `node oauth-server.mjs` listens on 127.0.0.1 (PORT, default 8787) and answers
// oauth/auth and oauth/callback (github-oauth.ts); nginx proxies those two addresses to it.
// No dependencies: Node's http module and its fetch. The admin's origin is OAUTH_PUBLIC_ORIGIN
// when set, else what nginx forwards (X-Forwarded-Proto, Host).
import { createServer, type IncomingMessage } from "node:http";
import { signIn } from "./github-oauth.js";

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? "127.0.0.1";

function requestOf(req: IncomingMessage): Request {
  const proto = (String(req.headers["x-forwarded-proto"] ?? "https").split(",")[0] ?? "https").trim();
  const origin = process.env.OAUTH_PUBLIC_ORIGIN?.replace(/\/+$/, "") || `${proto === "http" ? "http" : "https"}://${req.headers.host ?? "localhost"}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers });
}

const server = createServer((req, res) => {
  void (async () => {
    let answer: Response;
    try {
      answer = (await signIn(requestOf(req), process.env)) ?? new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    } catch (e) {
      console.error(e);
      answer = new Response("The sign-in failed\n", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(req.method === "HEAD" ? undefined : Buffer.from(await answer.arrayBuffer()));
  })();
});
server.listen(port, host, () => console.log(`build-catalogue admin sign-in listening on http://${host}:${port}`));
