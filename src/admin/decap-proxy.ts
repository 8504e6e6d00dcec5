// decap-server's local file-system middleware (the server side of Decap's `proxy` backend), run
// without express: its two handlers (the request's validation, then the action) are taken from
// `registerLocalFs` by an object that stands in for the express app, and called with the body
// already read and checked (proxy-guard.ts) and a response that records what they answer.
import { createRequire } from "node:module";
import { UsageError } from "../errors.js";

/** What the middleware answered. */
export interface ProxyAnswer {
  status: number;
  body: unknown;
  /** The error it caught (and answered as a 500 "Unknown error"), as it logged it. */
  failure?: string;
}

export interface DecapProxy {
  run: (body: object) => Promise<ProxyAnswer>;
}

type Handler = (req: { body: unknown }, res: ResponseShim, next: () => void) => unknown;

interface ResponseShim {
  status: (code: number) => ResponseShim;
  json: (value: unknown) => ResponseShim;
}

interface Middlewares {
  registerLocalFs: (app: unknown, options?: { logLevel?: string }) => Promise<void>;
}

const INSTALL = "npm install decap-cms decap-server (both are dependencies of build-catalogue: reinstall it if they are missing)";

/** Loads decap-server's middleware module, or says what to install. */
function loadMiddlewares(): { middlewares: Middlewares; winston: { createLogger: unknown } } {
  const require = createRequire(import.meta.url);
  try {
    const serverRequire = createRequire(require.resolve("decap-server/package.json"));
    return { middlewares: serverRequire("./dist/middlewares.js") as Middlewares, winston: serverRequire("winston") as { createLogger: unknown } };
  } catch (e) {
    throw new UsageError(`edit needs decap-server, which could not be loaded (${(e as Error).message.split("\n")[0]}): ${INSTALL}`);
  }
}

/**
 * The middleware over the content folder `root` (its real path). `registerLocalFs` takes its root
 * from GIT_REPO_DIRECTORY (else the working folder) and makes its own logger (winston's, to the
 * console), both read in the call's synchronous start: the variable and winston's createLogger are
 * replaced for that call alone and restored at once, so nothing else in the process sees them,
 * and what the middleware logs comes here (its errors name the whole request, an upload's bytes
 * included, so only the reason is kept).
 */
export function loadDecapProxy(root: string): DecapProxy {
  const { middlewares, winston } = loadMiddlewares();
  const handlers: Handler[] = [];
  const app = {
    use: () => app,
    post: (route: string, handler: Handler) => (route === "/api/v1" && handlers.push(handler), app),
  };
  let logged: string | null = null;
  const quiet = () => undefined;
  const logger = { error: (message: unknown) => void (logged = String(message)), warn: quiet, info: quiet, debug: quiet, verbose: quiet, silly: quiet, log: quiet };
  const savedRoot = process.env.GIT_REPO_DIRECTORY;
  const savedCreateLogger = winston.createLogger;
  try {
    process.env.GIT_REPO_DIRECTORY = root;
    winston.createLogger = () => logger;
    middlewares.registerLocalFs(app).catch(quiet);
  } finally {
    if (savedRoot === undefined) delete process.env.GIT_REPO_DIRECTORY;
    else process.env.GIT_REPO_DIRECTORY = savedRoot;
    winston.createLogger = savedCreateLogger;
  }
  const [validate, handle] = handlers;
  if (handlers.length !== 2 || !validate || !handle) throw new Error(`decap-server's registerLocalFs registered ${handlers.length} handlers at /api/v1, not the 2 expected (its validation and its actions): an unsupported version of decap-server`);

  return {
    run: (body) =>
      new Promise<ProxyAnswer>((resolve, reject) => {
        let status = 200;
        let answered = false;
        const res: ResponseShim = {
          status: (code) => ((status = code), res),
          json: (value) => {
            answered = true;
            // The middleware logs a failure just before it answers it (in the same turn): the log is this request's.
            const failure = status >= 500 && logged !== null ? reasonOf(logged, body) : undefined;
            logged = null;
            resolve({ status, body: value, ...(failure === undefined ? {} : { failure }) });
            return res;
          },
        };
        const req = { body };
        try {
          validate(req, res, () => {
            Promise.resolve(handle(req, res, () => undefined)).then(
              () => answered || resolve({ status: 500, body: { error: "decap-server gave no answer" } }),
              reject,
            );
          });
        } catch (e) {
          reject(e);
        }
      }),
  };
}

/** The reason of the middleware's log line `Error handling <the request as JSON>: <reason>`. */
function reasonOf(line: string, body: object): string {
  const prefix = `Error handling ${JSON.stringify(body)}: `;
  return line.startsWith(prefix) ? line.slice(prefix.length) : line.slice(0, 500);
}
