// `--cors`: the origins a front end on another port may fetch the preview from, checked as
// catalogue.json's `cors_origins` are, and the CORS header of the preview's own answers.
import { catalogueSchema } from "../content/catalogue.js";
import { UsageError } from "../errors.js";
import type { Header } from "../runtime/browsable.js";

/** The values given (each "*", an origin, or a comma list of them) as one list; "*" alone allows any origin. */
export function parseCorsOrigins(values: readonly string[]): string[] {
  const origins: string[] = [];
  for (const value of values) {
    for (const part of value.split(",")) {
      // A browser's Origin has no trailing slash; one typed after the port is dropped.
      const origin = part.trim().replace(/^(https?:\/\/[^/\s]+)\/$/, "$1");
      if (origin === "") continue;
      const checked = catalogueSchema.shape.cors_origins.safeParse([origin]);
      if (!checked.success) throw new UsageError(`--cors: "${part.trim()}" ${checked.error.issues[0]?.message ?? "is not an origin"}`);
      if (!origins.includes(origin)) origins.push(origin);
    }
  }
  if (origins.length === 0) throw new UsageError('--cors: give "*" or origins such as http://localhost:5173 (or --cors alone for any origin)');
  return origins.includes("*") ? ["*"] : origins;
}

/** The CORS header of an answer the responder does not make (the errors' page), as it would make it. */
export function corsHeaders(origins: readonly string[], origin: string | undefined): Header[] {
  if (!origin) return [];
  if (origins.includes("*")) return [["Access-Control-Allow-Origin", "*"]];
  return origins.includes(origin) ? [["Access-Control-Allow-Origin", origin], ["Vary", "Origin"]] : [];
}
