// The API's answers to the requests nginx hands to its JavaScript module (njs, `js_content`): every
// request under /api/ with a query string, and every find/ (nginx.conf, src/host/nginx.ts). The
// very responder the preview and the Cloudflare worker run (../runtime/respond.ts, the query engine under
// ../runtime/query/), bundled for njs by scripts/bundle-njs.mjs; the build writes the bundle as
// nginx-api.js with its routing data (BC_NGINX) in place of the placeholder.
import fs from "fs";
import { respond, type ServedFiles, type ServedRules } from "../runtime/respond.js";
import { installNjsPlatform, type ZoneOffsets } from "./njs-platform.js";

/** What the build writes into the module: the responder's rules and the catalogue zone's offsets. */
export interface NjsData {
  rules: ServedRules;
  zones: ZoneOffsets[];
}

/** The part of njs's request object this uses (http://nginx.org/en/docs/njs/reference.html). */
interface NjsRequest {
  method: string;
  variables: Record<string, string | undefined>;
  headersIn: Record<string, string | undefined>;
  headersOut: Record<string, string | string[] | undefined>;
  status: number;
  sendHeader(): void;
  send(body: string): void;
  finish(): void;
  error(message: string): void;
}

declare const BC_NGINX: NjsData;

installNjsPlatform(BC_NGINX.zones);

/** The build's files, under the server's root (`root` in the user's server block). */
function rootFiles(root: string): ServedFiles {
  return {
    async read(path) {
      try {
        return fs.readFileSync(`${root}/${path}`, "utf8") as unknown as string;
      } catch {
        return null;
      }
    },
  };
}

/** Bytes of a UTF-8 text (njs counts a string's length in code points). */
const byteLength = (text: string) => new TextEncoder().encode(text).byteLength;

async function handle(r: NjsRequest): Promise<void> {
  let a;
  try {
    a = await respond(BC_NGINX.rules, rootFiles(r.variables.document_root ?? ""), {
      method: r.method,
      // The request's target as the client sent it, as the preview's server gets it.
      url: r.variables.request_uri ?? "/",
      accept: r.headersIn.Accept ?? null,
      origin: r.headersIn.Origin ?? null,
      corsRequestMethod: r.headersIn["Access-Control-Request-Method"] ?? null,
    });
  } catch (e) {
    r.error(`build-catalogue: ${(e as Error).message}`);
    a = { status: 500, headers: [["Content-Type", "application/json"]] as [string, string][], body: '{\n    "message": "Server error: see nginx\'s error log."\n}' };
  }
  r.status = a.status;
  for (const [name, value] of a.headers) r.headersOut[name] = value;
  // A 301, 302 or preflight has no body; HEAD gets the GET's Content-Length and none of its body.
  r.headersOut["Content-Length"] = String(byteLength(a.body));
  r.sendHeader();
  if (r.method !== "HEAD" && a.body !== "") r.send(a.body);
  r.finish();
}

export default { handle };
