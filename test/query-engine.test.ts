// The query engine (src/runtime/query/) against what a real Wagtail 5.2.8 answered for the same
// catalogue: every recorded request, status and body byte for byte, and the rules the recordings
// do not show, from Wagtail's source (wagtail/api/v2/): paging, order, fields, filters, search,
// tree filters, find and their messages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planQuery, type QueryAnswer, type QueryRequest } from "../src/runtime/query/engine.js";
import { FIELDS_MAX_DEPTH, parseFieldsParameter } from "../src/runtime/query/fields.js";
import { QueryError } from "../src/runtime/query/query-error.js";
import { QUERY_INDEX_FILE, type QueryIndex } from "../src/runtime/query/query-index.js";
import { removeDir, runCli, tempDir } from "./helpers/cli.js";
import { DIFFERS_BY_DESIGN, recordedAnswers, REFERENCE_CONTENT, REFERENCE_NOW, sameAsWagtail } from "./helpers/wagtail-reference.js";

let dir = "";
let index: QueryIndex;

beforeAll(() => {
  dir = tempDir();
  const run = runCli(["build", "--content", REFERENCE_CONTENT, "--out", path.join(dir, "dist"), "--now", REFERENCE_NOW]);
  expect(run.code, run.output).toBe(0);
  index = JSON.parse(readFileSync(path.join(dir, "dist", QUERY_INDEX_FILE), "utf8")) as QueryIndex;
});
afterAll(() => removeDir(dir));

function ask(url: string): QueryAnswer {
  const u = new URL(url, "http://x");
  const m = /^\/api\/v2\/(pages|event_pages)\/(?:(\d+)\/|(find)\/)?$/.exec(u.pathname)!;
  const request: QueryRequest = { route: m[1] as QueryRequest["route"], view: m[2] ? "detail" : m[3] ? "find" : "list", id: m[2] ? Number(m[2]) : undefined, query: u.search };
  const plan = planQuery(index, request);
  if (plan.kind === "answer") return plan.answer;
  return plan.render(plan.ids.map((id) => readFileSync(path.join(dir, "dist", "api/v2/pages", String(id), "index.json"), "utf8")));
}
const json = (a: QueryAnswer) => ("json" in a ? (JSON.parse(a.json) as Record<string, unknown>) : null);
const ids = (a: QueryAnswer) => (json(a)!.items as { id: number }[]).map((i) => i.id);
const message = (a: QueryAnswer) => json(a)!.message;

describe("the query engine answers as Wagtail 5.2 did", () => {
  const recorded = recordedAnswers().filter((r) => !DIFFERS_BY_DESIGN.has(r.name) && new URL(r.url, "http://x").search + (r.url.includes("/find/") ? "f" : "") !== "");
  it.each(recorded.map((r) => [r.name, r] as const))("%s", (_, r) => {
    const a = ask(r.url);
    expect(sameAsWagtail(r, { status: a.status, location: "location" in a ? a.location : undefined, body: "json" in a ? a.json : "" })).toBeUndefined();
  });

  it("answers Wagtail's first 20 when asked with a query (the plain list is every page)", () => {
    const plain = recordedAnswers().find((r) => r.name === "ev_plain")!;
    expect((ask("/api/v2/event_pages/?limit=20") as { json: string }).json).toBe(plain.body);
    const pages = recordedAnswers().find((r) => r.name === "pg_plain")!;
    expect((ask("/api/v2/pages/?offset=0") as { json: string }).json).toBe(pages.body);
  });

  it("answers a clean 400 for an unknown search_operator, where Wagtail fails with a 500", () => {
    const a = ask("/api/v2/event_pages/?search=lake&search_operator=xor");
    expect(a.status).toBe(400);
    expect(message(a)).toBe("search_operator must be either 'and' or 'or'");
    // An empty search answers nothing before the operator is read, as in Wagtail.
    expect(json(ask("/api/v2/event_pages/?search=&search_operator=xor"))).toEqual({ meta: { total_count: 0 }, items: [] });
  });
});

describe("the rules the recordings do not show", () => {
  it("shuffles on order=random: event pages, each at most once, in orders that vary", () => {
    const total = json(ask("/api/v2/event_pages/?limit=1"))!.meta as { total_count: number };
    const all = new Set<number>();
    for (let offset = 0; offset < total.total_count; offset += 20) for (const id of ids(ask(`/api/v2/event_pages/?offset=${offset}`))) all.add(id);
    const orders = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const got = ids(ask("/api/v2/event_pages/?order=random"));
      expect(got).toHaveLength(Math.min(20, all.size));
      expect(new Set(got).size).toBe(got.length);
      expect(got.every((id) => all.has(id))).toBe(true);
      orders.add(got.join());
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it("reads a repeated parameter's last value, as Django's QueryDict does", () => {
    expect(ids(ask("/api/v2/event_pages/?slug=hamlet&slug=tosca"))).toEqual([178]);
    expect(ids(ask("/api/v2/event_pages/?limit=3&limit=1"))).toHaveLength(1);
  });

  it("orders by every key, reversing them all when the last one has a minus (Django's reverse())", () => {
    const byOnSaleThenTitle = ids(ask("/api/v2/event_pages/?order=on_sale,title&limit=20"));
    const reversed = ids(ask("/api/v2/event_pages/?order=on_sale,-title&limit=20"));
    const all = index.pages.filter((p) => index.models[p.type]!.name === "events.EventPage");
    const expectedAsc = [...all].sort((a, b) => Number(a.values.on_sale) - Number(b.values.on_sale) || (String(a.values.title) < String(b.values.title) ? -1 : 1)).map((p) => p.id);
    expect(byOnSaleThenTitle).toEqual(expectedAsc.slice(0, 20));
    expect(reversed).toEqual([...expectedAsc].reverse().slice(0, 20));
    // A minus before the last key alone changes nothing.
    expect(ids(ask("/api/v2/event_pages/?order=-on_sale,title&limit=20"))).toEqual(byOnSaleThenTitle);
  });

  it("refuses what Wagtail refuses, word for word", () => {
    const cases: [string, number, string][] = [
      ["/api/v2/event_pages/?order=random,title", 400, "random ordering cannot be combined with other fields"],
      ["/api/v2/event_pages/?on_sale=yes", 400, "field filter error. 'yes' is not a valid value for on_sale (expected 'true' or 'false', got 'yes')"],
      ["/api/v2/event_pages/?id=abc", 400, "field filter error. 'abc' is not a valid value for id (invalid literal for int() with base 10: 'abc')"],
      ["/api/v2/pages/?child_of=3&descendant_of=2", 400, "filtering by descendant_of with child_of is not supported"],
      ["/api/v2/pages/?descendant_of=999", 400, "ancestor page doesn't exist"],
      ["/api/v2/pages/?ancestor_of=root", 400, "ancestor_of must be a positive integer"],
      ["/api/v2/pages/?ancestor_of=999", 400, "descendant page doesn't exist"],
      ["/api/v2/pages/?translation_of=abc", 400, "translation_of must be a positive integer"],
      ["/api/v2/pages/?locale=fr", 404, "No Locale matches the given query."],
      ["/api/v2/pages/?on_sale=true", 400, "query parameter is not an operation or a recognised field: on_sale"],
      ["/api/v2/event_pages/?zeta=1&alpha=2", 400, "query parameter is not an operation or a recognised field: alpha, zeta"],
      ["/api/v2/event_pages/?search=hamlet&on_sale=true", 400, "cannot filter by 'on_sale' while searching (field is not indexed)"],
      ["/api/v2/event_pages/?search=hamlet&order=slug", 400, "cannot order by 'slug' while searching (field is not indexed)"],
      ["/api/v2/event_pages/?search=hamlet&order=random", 400, "cannot order by '?' while searching (field is not indexed)"],
      ["/api/v2/event_pages/?fields=title,", 400, "fields error: unexpected char ',' at position 6"],
      ["/api/v2/event_pages/?fields=*,title", 400, "fields error: additional fields with '*' doesn't make sense"],
      ["/api/v2/event_pages/?fields=_,-title", 400, "fields error: negated fields with '_' doesn't make sense"],
      ["/api/v2/event_pages/?fields=title(", 400, "fields error: unexpected end of input (did you miss out a close bracket?)"],
      ["/api/v2/event_pages/?fields=sub_title", 400, "unknown fields: sub_title"],
      ["/api/v2/event_pages/?fields=alias_of(bogus)", 400, "unknown fields: bogus"],
      ["/api/v2/event_pages/?order=date_range", 400, "cannot order by 'date_range' (not a database field)"],
      ["/api/v2/event_pages/?type=wagtailcore.Nothing", 400, "type doesn't exist"],
      ["/api/v2/event_pages/?site=elsewhere.example", 400, "site doesn't exist"],
      ["/api/v2/event_pages/178/?on_sale=false", 404, "No EventPage matches the given query."],
      ["/api/v2/pages/3/?type=events.EventPage", 404, "No EventPage matches the given query."],
      ["/api/v2/event_pages/find/?html_path=/whats-on/", 404, "not found"],
      ["/api/v2/event_pages/find/", 404, "not found"],
    ];
    for (const [url, status, text] of cases) {
      const a = ask(url);
      expect([url, a.status, message(a)]).toEqual([url, status, text]);
    }
  });

  it("bounds the nesting of fields: 32 levels are read, deeper is a 400, never a stack overflow", () => {
    const nested = (depth: number) => `${"alias_of(".repeat(depth)}id${")".repeat(depth)}`;
    expect(parseFieldsParameter(nested(FIELDS_MAX_DEPTH))).toHaveLength(1);
    expect(() => parseFieldsParameter(nested(FIELDS_MAX_DEPTH + 1))).toThrow(new QueryError(400, `fields error: nested deeper than 32 levels at position ${32 * 9 + 8}`));
    // alias_of nests a page in a page: a real query past the bound is refused as any other fields error.
    expect(ask(`/api/v2/event_pages/?fields=${nested(FIELDS_MAX_DEPTH)}`).status).toBe(200);
    for (const fields of [nested(FIELDS_MAX_DEPTH + 1), "a(".repeat(7000), `${"a(".repeat(7000)}b${")".repeat(7000)}`, "a(".repeat(200_000)]) {
      for (const url of ["/api/v2/event_pages/", "/api/v2/pages/2/"]) {
        const a = ask(`${url}?fields=${fields}`);
        expect([a.status, message(a)]).toEqual([400, expect.stringMatching(/^fields error: nested deeper than 32 levels at position \d+$/)]);
      }
    }
  });

  it("filters on the tree, types, booleans and text; searches word by word, case and accents folded", () => {
    expect(ids(ask("/api/v2/pages/?ancestor_of=178"))).toEqual([2, 3]);
    expect(ids(ask("/api/v2/pages/?child_of=root"))).toEqual([3]);
    expect(json(ask("/api/v2/pages/?type=wagtailcore.Page&limit=0"))).toEqual({ meta: { total_count: 92 }, items: [] });
    expect(ids(ask("/api/v2/pages/?type=events.eventpage&slug=tosca"))).toEqual([178]);
    expect(ids(ask("/api/v2/pages/?type=wagtailcore.Page,events.AllEventsPage&limit=2"))).toEqual([2, 3]);
    expect(ids(ask("/api/v2/event_pages/?search=MULLER"))).toEqual([101]);
    expect(ids(ask("/api/v2/event_pages/?search=caf%C3%A9%20nothing&search_operator=AND"))).toEqual([]);
    expect(ids(ask("/api/v2/event_pages/?search=swan-lake"))).toEqual([186]);
    expect(ids(ask("/api/v2/event_pages/?first_published_at=2026-03-22T16:53:00.889956%2B11:00"))).toEqual([178]);
    expect(ids(ask("/api/v2/event_pages/?first_published_at=2026-03-22T05:53:00.889956Z"))).toEqual([178]);
    expect(json(ask("/api/v2/event_pages/?custom_label=nothing"))).toEqual({ meta: { total_count: 0 }, items: [] });
  });

  it("finds by path on both routes and by id, always redirecting to the generic detail", () => {
    expect(ask("/api/v2/event_pages/find/?html_path=whats-on/tosca")).toEqual({ status: 302, location: "https://api.harbourrange.example/api/v2/pages/178/" });
    expect(ask("/api/v2/pages/find/?id=3")).toEqual({ status: 302, location: "https://api.harbourrange.example/api/v2/pages/3/" });
    expect(ask("/api/v2/event_pages/find/?id=3").status).toBe(404);
  });

  it("selects fields on a detail in Wagtail's order; without fields the detail is its document", () => {
    const doc = readFileSync(path.join(dir, "dist/api/v2/pages/178/index.json"), "utf8");
    expect(ask("/api/v2/event_pages/178/?foo=bar")).toEqual({ status: 200, json: doc });
    expect(json(ask("/api/v2/pages/178/?fields=_,locale,title,id"))).toEqual({ id: 178, meta: { locale: "en" }, title: "Tosca" });
    const home = json(ask("/api/v2/pages/2/?fields=-parent,locale"))!;
    expect(Object.keys(home.meta as object)).toEqual(["type", "detail_url", "html_url", "slug", "show_in_menus", "seo_title", "search_description", "first_published_at", "alias_of", "locale"]);
  });
});
