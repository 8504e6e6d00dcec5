// The requests a static host's pre-rendered lookups are held to (src/host/lookups.ts), and what
// each must answer: the preview's answer (the runtime responder with the query engine, the oracle
// every host test uses), or the host's 400, or, where a host documents it (docs/hosts.md), its own
// answer. One list for Netlify and Vercel, at every catalogue size.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { lookupSlugs } from "../../src/host/lookups.js";
import { respond, type ServedRules } from "../../src/runtime/respond.js";
import type { QueryIndex } from "../../src/runtime/query/query-index.js";
import { netlifyRules } from "./netlify.js";
import { vercelRoutes } from "./vercel.js";

export interface Served {
  status: number;
  body: string;
  contentType: string | undefined;
  location?: string | undefined;
  /** Netlify's own 404 page, or Vercel's: no file of the build answered. */
  hostNotFound?: boolean;
}

/**
 * `same`: the preview's status and bytes (a 404 JSON where the preview renders a browsable 404);
 * `refused`: the host's 400; `unknown-slug`: the empty list, or past a host's budget its own 404;
 * `find`: the preview's 302 (the request's query string added to Location, as both hosts do) or its
 * 404, or past the budget the 400.
 */
export type Kind = "same" | "refused" | "unknown-slug" | "find";
export interface Case { url: string; kind: Kind }

export interface HostSize {
  /** Whether a slug no page has answers the empty list (else the host's own 404). */
  unknownSlugs: boolean;
  /** The same with ?type= (when not as `unknownSlugs`). */
  unknownTypeSlugs?: boolean;
  /** Whether find/ is pre-rendered (else the 400). */
  find: boolean;
}

/** The requests for `index`: every page, or every `every`-th page (and the first few) of a large catalogue. */
export function lookupCases(index: QueryIndex, every = 1): Case[] {
  const models = index.models;
  const slugs = lookupSlugs(index);
  const cases: Case[] = [];
  const add = (kind: Kind, ...urls: string[]) => cases.push(...urls.map((url) => ({ url, kind })));
  const sampled = index.pages.filter((p, i) => i < 5 || i % every === 0);
  for (const p of sampled) {
    const slug = String(p.values.slug);
    const type = models[p.type]!.name;
    const event = type === "events.EventPage";
    add("same", `/api/v2/pages/?slug=${slug}`, `/api/v2/pages/?slug=${slug}&format=api`, `/api/v2/pages/?format=json&slug=${slug}`);
    add("same", `/api/v2/pages/?slug=${slug}&type=${type}`, `/api/v2/pages/?type=wagtailcore.Page&slug=${slug}`, `/api/v2/pages/?slug=${slug}&type=${type}&format=api`);
    if (event) add("same", `/api/v2/event_pages/?slug=${slug}`, `/api/v2/event_pages/?slug=${slug}&format=api`, `/api/v2/event_pages/?_=1&slug=${slug}`);
    else add("unknown-slug", `/api/v2/event_pages/?slug=${slug}`, `/api/v2/pages/?slug=${slug}&type=events.EventPage`);
    const trimmed = p.path.replace(/\/$/, "");
    add("find", `/api/v2/pages/find/?html_path=${p.path}`, `/api/v2/pages/find/?html_path=${encodeURIComponent(p.path)}`);
    if (trimmed) add("find", `/api/v2/pages/find/?html_path=${trimmed}&format=json`);
    add("find", `/api/v2/event_pages/find/?html_path=${p.path}`);
    // Wagtail: a page's slug with another page type, in capitals, or no slug: no page has it.
    add("unknown-slug", `/api/v2/pages/?slug=${slug.toUpperCase()}`, `/api/v2/event_pages/?slug=${slug}x`);
  }
  for (const [type] of slugs.byType) add("same", `/api/v2/pages/?type=${type}`, `/api/v2/pages/?type=${type}&format=api`);
  const anEvent = slugs.event_pages[0]!;
  const last = index.pages.at(-1)!.id;
  add("same", "/api/v2/pages/?format=apix", "/api/v2/event_pages/?format=json", `/api/v2/pages/${last}/?foo=bar`);
  add("unknown-slug",
    "/api/v2/pages/?slug=nothing-here", "/api/v2/event_pages/?slug=nothing-here", "/api/v2/pages/?slug=nothing-here&type=events.EventPage",
    "/api/v2/pages/?slug=nothing-here&type=wagtailcore.Page", "/api/v2/event_pages/?slug=nothing-here&format=api", "/api/v2/pages/?type=events.EventPage&slug=nothing-here&format=api",
  );
  // Values that are no slug: Wagtail answers the empty list too (Netlify past its budget: a file that does not exist).
  add("unknown-slug", "/api/v2/pages/?slug=a%20b", "/api/v2/event_pages/?slug=", "/api/v2/pages/?slug=Caf%C3%A9");
  add("find", "/api/v2/pages/find/?html_path=/nope/", "/api/v2/event_pages/find/?html_path=/whats-on/nothing-here/", "/api/v2/pages/find/");
  add("refused",
    "/api/v2/event_pages/?limit=5", "/api/v2/pages/?offset=20", "/api/v2/event_pages/?fields=title", "/api/v2/pages/?order=-title",
    "/api/v2/event_pages/?search=night", "/api/v2/event_pages/?on_sale=true", "/api/v2/pages/?child_of=3", "/api/v2/pages/?type=events.Nothing",
    `/api/v2/event_pages/?slug=${anEvent}&limit=1`, `/api/v2/event_pages/?slug=${anEvent}&type=events.EventPage`, `/api/v2/pages/?slug=${anEvent}&type=events.Nothing`,
    `/api/v2/pages/?type=events.EventPage&limit=3&format=api`, "/api/v2/pages/?type=events.EventPage,wagtailcore.Page",
    `/api/v2/pages/${last}/?fields=title`, `/api/v2/event_pages/${last}/?slug=${anEvent}`,
    `/api/v2/pages/find/?id=${index.pages[0]!.id}`, `/api/v2/pages/find/?type=events.EventPage&html_path=/`,
  );
  return cases;
}

export type HostAnswer = (url: string) => Promise<Served & { headers: Record<string, string> }>;
const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

/** A GET on Netlify and on Vercel (test/helpers/netlify.ts, vercel.ts) over a build for both in `dist`; header names in lowercase. */
export async function staticHosts(dist: string, { vercelBuild = false } = {}): Promise<{ netlify: HostAnswer; vercel: HostAnswer }> {
  const netlify = await netlifyRules(dist);
  const vercel = await vercelRoutes(dist, { real: vercelBuild });
  return {
    netlify: async (u) => {
      const a = netlify(u);
      const headers = lower(a.headers);
      return { status: a.status, body: a.body?.toString("utf8") ?? "", contentType: headers["content-type"], location: headers.location, hostNotFound: a.file === null && a.status === 404, headers };
    },
    vercel: async (u) => {
      const a = await vercel("GET", u);
      return { status: a.status, body: a.body.toString("utf8"), contentType: a.headers["content-type"], location: a.headers.location, hostNotFound: a.status === 404 && a.headers["content-type"] === undefined, headers: a.headers };
    },
  };
}

/** What the preview answers (the oracle): the runtime responder over the build in `root` (its query index read once). */
export function previewOf(rules: ServedRules, root: string): (url: string) => Promise<Served> {
  const files = { read: async (p: string) => (existsSync(path.join(root, p)) ? readFileSync(path.join(root, p), "utf8") : null) };
  return async (url) => {
    const a = await respond(rules, files, { method: "GET", url, accept: "application/json" });
    const header = (name: string) => a.headers.find(([n]) => n === name)?.[1];
    return { status: a.status, body: a.body, contentType: header("Content-Type"), location: header("Location") };
  };
}

const isHtml = (s: Served) => s.contentType?.toLowerCase().startsWith("text/html") ?? false;

/** Holds a host's answer to `c` to what it must answer, `oracle` giving the preview's answers. */
export async function expectAnswer(c: Case, got: Served, oracle: (url: string) => Promise<Served>, size: HostSize): Promise<void> {
  const want = await oracle(c.url);
  const where = `${c.kind} ${c.url}`;
  // Never HTML under /api/, but the browsable page asked for and a redirect's empty body.
  if (isHtml(got)) expect(c.url.includes("format=api") && got.status === 200 || got.status === 302 && got.body === "", `HTML: ${where}`).toBe(true);
  const refused = () => {
    expect(got.status, where).toBe(400);
    expect(got.contentType?.toLowerCase(), where).toBe("application/json");
    const message = (JSON.parse(got.body) as { message: string }).message;
    expect(message, where).toContain("pre-rendered lookups");
    expect(message.includes("find/ and other queries"), where).toBe(!size.find);
  };
  const same = () => {
    expect(got.status, where).toBe(want.status);
    if (want.status === 302) {
      // Netlify and Vercel add the request's query string to a redirect's Location.
      const location = new URL(got.location!);
      expect(`${location.origin}${location.pathname}`, where).toBe(want.location);
      expect([...location.searchParams], where).toEqual([...new URL(c.url, "https://site.example").searchParams]);
      return;
    }
    if (isHtml(want) && want.status !== 200) {
      // A 404 is JSON on these hosts (the preview renders it browsable for format=api).
      expect(isHtml(got), where).toBe(false);
      return;
    }
    expect(got.body, where).toBe(want.body);
    expect(got.contentType?.toLowerCase(), where).toBe(want.contentType?.toLowerCase());
  };
  switch (c.kind) {
    case "refused":
      return refused();
    case "find":
      return size.find ? same() : want.status === 404 && !c.url.includes("html_path") ? same() : refused();
    case "unknown-slug": {
      // The empty list, as JSON also for format=api (the browsable page shows the request, which no file can).
      const json = await oracle(c.url.replace("format=api", "format=json"));
      expect([json.status, (JSON.parse(json.body) as { meta: { total_count: number } }).meta.total_count], `preview: ${where}`).toEqual([200, 0]);
      if (!(c.url.includes("type=") ? (size.unknownTypeSlugs ?? size.unknownSlugs) : size.unknownSlugs)) {
        // Past the budget: the lookup's folder does not exist, and the host answers its own 404 (docs/hosts.md).
        expect([got.status, got.hostNotFound], where).toEqual([404, true]);
        return;
      }
      expect([got.status, got.body, got.contentType?.toLowerCase()], where).toEqual([200, json.body, "application/json"]);
      return;
    }
    case "same":
      return same();
  }
}

/**
 * A GET over HTTP to a real server at `base` (redirects not followed); header names in lowercase.
 * With `charset: false`, a JSON answer's `; charset=...` is left out of `contentType` (`headers`
 * keeps it): `netlify dev`'s static server adds one to every file's type, which the preview does not.
 */
export function httpHost(base: string, { charset = true } = {}): HostAnswer {
  return async (u) => {
    const r = await fetch(`${base}${u}`, { redirect: "manual" });
    const headers = Object.fromEntries(r.headers);
    const body = await r.text();
    const type = headers["content-type"];
    const contentType = !charset && type && /^application\/json\s*;/i.test(type) ? type.split(";")[0]!.trim() : type;
    // No file of the build answered: the host's own 404, which is not JSON.
    const hostNotFound = r.status === 404 && !/json/i.test(type ?? "");
    return { status: r.status, body, contentType, location: headers.location, hostNotFound, headers };
  };
}
