// Preloaded into the command (node --import=...): prints on stderr the URL of every ES module it
// loads, one `module: <url>` line each, and each of Node's own that it imports, one
// `builtin: node:<name>` line each, so a test can tell what the command loads to start.
import { register } from "node:module";

register(
  `data:text/javascript,${encodeURIComponent(`
    import { writeSync } from "node:fs";
    export async function load(url, context, next) {
      if (url.startsWith("file:")) writeSync(2, "module: " + url + "\\n");
      else if (url.startsWith("node:")) writeSync(2, "builtin: " + url + "\\n");
      return next(url, context);
    }
  `)}`,
);
