// A stand-in for GitHub's OAuth web flow on 127.0.0.1 (node:http): /login/oauth/authorize sends the
// browser back to redirect_uri with a code and the same state; /login/oauth/access_token answers
// {"access_token": ...} for the right client id, secret and code, and an OAuth error otherwise. It
// keeps what each token request sent, for the tests to check. Given a repository on disk
// (serveRepository), it answers GitHub's REST API for it too, below /api/v3 as an Enterprise
// server does (github-api-double.ts).
import { createServer, type Server } from "node:http";
import { githubApi, type ApiUser, type GithubApi, type RepositoryOnDisk } from "./github-api-double.js";

export interface GithubDouble {
  origin: string;
  clientId: string;
  clientSecret: string;
  token: string;
  /** Each token request's parameters, as sent. */
  tokenRequests: Record<string, string>[];
  /** Each authorize request's parameters. */
  authorizeRequests: Record<string, string>[];
  /** Where its REST API answers: `${origin}/api/v3`, an Enterprise server's layout. */
  apiRoot: string;
  /** The user the token signs in as. */
  user: ApiUser;
  /** Answers GitHub's REST API for `repository` from now on, for the token's user. */
  serveRepository: (repository: RepositoryOnDisk) => GithubApi;
  close: () => Promise<void>;
}

const API_ROOT = "/api/v3";

export async function startGithubDouble(clientId = "Iv1.test-client", clientSecret = "test-secret-4c1d", token = "gho_testtoken123"): Promise<GithubDouble> {
  const code = "code-7f3a";
  const tokenRequests: Record<string, string>[] = [];
  const authorizeRequests: Record<string, string>[] = [];
  const user: ApiUser = { login: "stand-in-editor", id: 4242, name: "Stand-in Editor", email: "editor@example.org" };
  let api: GithubApi | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (api?.handle(req, res, url)) return;
    if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
      const params = Object.fromEntries(url.searchParams);
      authorizeRequests.push(params);
      if (params.client_id !== clientId || !params.redirect_uri) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("unknown client\n");
        return;
      }
      const back = new URL(params.redirect_uri);
      back.searchParams.set("code", code);
      if (params.state) back.searchParams.set("state", params.state);
      res.writeHead(302, { Location: back.href }).end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        const type = req.headers["content-type"] ?? "";
        const params: Record<string, string> = type.includes("json") ? (JSON.parse(body) as Record<string, string>) : Object.fromEntries(new URLSearchParams(body));
        tokenRequests.push({ ...params, accept: String(req.headers.accept ?? ""), type });
        const ok = params.client_id === clientId && params.client_secret === clientSecret && params.code === code;
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify(ok ? { access_token: token, token_type: "bearer", scope: "repo" } : { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." }));
      });
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    token,
    tokenRequests,
    authorizeRequests,
    apiRoot: `http://127.0.0.1:${port}${API_ROOT}`,
    user,
    serveRepository: (repository) => (api = githubApi(API_ROOT, repository, token, user)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
