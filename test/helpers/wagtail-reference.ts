// The answers a real Wagtail 5.2.8 gave (test/fixtures/wagtail-5.2/): each request of urls.txt
// with the status, the Location and the body bytes it recorded.
import { readFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES } from "./cli.js";

export const REFERENCE = path.join(FIXTURES, "wagtail-5.2");
export const REFERENCE_CONTENT = path.join(REFERENCE, "content");
export const REFERENCE_NOW = "2026-06-01T00:00:00Z";
/** The images endpoint's recordings (images/urls.txt, images/recorded/), with the images and their sizes. */
export const REFERENCE_IMAGES = path.join(REFERENCE, "images");

export interface Recorded {
  name: string;
  /** Path and query. */
  url: string;
  status: number;
  location: string | undefined;
  body: string;
}

/** The recorded answers of `root` (the pages' by default, or REFERENCE_IMAGES). */
export function recordedAnswers(root = REFERENCE): Recorded[] {
  return readFileSync(path.join(root, "urls.txt"), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((line) => {
      const [name, url] = line.trim().split(/\s+/) as [string, string];
      const raw = readFileSync(path.join(root, "recorded", `${name}.txt`));
      const end = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, end).toString("latin1");
      return {
        name,
        url,
        status: Number(head.split(" ")[1]),
        location: /^Location: (.*)$/im.exec(head)?.[1]?.trim(),
        body: raw.subarray(end + 4).toString("utf8"),
      };
    });
}

/**
 * The requests a query answers as Wagtail did. Left out: the plain lists (`ev_plain`, `pg_plain`:
 * the static list holds every page, where Wagtail answers the first 20) and an unknown
 * search_operator (`ev_search_op_bad`: a 500 in Wagtail, a 400 here), which tests assert apart.
 */
export const DIFFERS_BY_DESIGN = new Set(["ev_plain", "pg_plain", "ev_search_op_bad"]);

export function sameAsWagtail(r: Recorded, got: { status: number; location?: string | null; body: string }): void | string {
  if (got.status !== r.status) return `${r.name} ${r.url}: status ${got.status}, Wagtail ${r.status}`;
  if (r.status === 302) return got.location === r.location ? undefined : `${r.name}: Location ${got.location}, Wagtail ${r.location}`;
  // Wagtail's 404 and 400 bodies end without a newline too; the recording of a 200 may carry gunicorn's none.
  return got.body === r.body ? undefined : `${r.name} ${r.url}: body differs\n${got.body.slice(0, 400)}\n--- Wagtail ---\n${r.body.slice(0, 400)}`;
}
