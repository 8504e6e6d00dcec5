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

/**
 * What a real Wagtail client (wagtail-js) does with the reference catalogue on a server at `base`:
 * finds a page by slug, and pages through the event list with limit and offset until total_count.
 */
export async function wagtailJsOnReference(base: string): Promise<{ page: [number, string]; paging: [requests: number, seen: number, unique: number]; ascending: boolean }> {
  const { CMSClient } = await import("wagtail-js");
  const client = new CMSClient({ baseURL: base, apiPath: "/api/v2", cache: "no-store" });
  const page = (await client.fetchPage("hamlet")) as { id: number; meta: { slug: string } };
  const { ids: seen, requests } = await pageThrough(client, 20);
  return { page: [page.id, page.meta.slug], paging: [requests, seen.length, new Set(seen).size], ascending: seen.every((id, i) => i === 0 || seen[i - 1]! < id) };
}

/** What a paging client does: asks for the event list `limit` at a time, from the offset it holds, until it holds total_count (at most `most` requests). */
export async function pageThrough(client: { fetchContent: (type: "pages", query: { limit: number; offset: number }) => Promise<unknown> }, limit: number, most = 20): Promise<{ ids: number[]; requests: number }> {
  const ids: number[] = [];
  let total = Infinity;
  let requests = 0;
  while (ids.length < total && requests < most) {
    const reply = (await client.fetchContent("event_pages" as "pages", { limit, offset: ids.length })) as { meta: { total_count: number }; items: { id: number }[] };
    requests++;
    total = reply.meta.total_count;
    ids.push(...reply.items.map((i) => i.id));
  }
  return { ids, requests };
}
