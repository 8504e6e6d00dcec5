// The images endpoint's rules that the recordings do not show, from Wagtail 5.2's source
// (wagtail/images/api/v2/views.py, wagtail/api/v2/views.py, filters.py, pagination.py, utils.py,
// and the search backend): paging, fields, order, filters, search, the detail and find, and the
// responder's OPTIONS, 405, 301, browsable page and index checks for it.
import { describe, expect, it } from "vitest";
import type { QueryAnswer } from "../../src/runtime/query/engine.js";
import { answerImageQuery } from "../../src/runtime/query/image-engine.js";
import { IMAGE_LIST_FILE, imageEndpointFiles } from "../../src/runtime/query/image-documents.js";
import { buildImageIndex, IMAGE_INDEX_FILE, type ImageIndex } from "../../src/runtime/query/image-index.js";
import { respond } from "../../src/runtime/respond.js";
import { imageFiles, imageRules, referenceImageIndex, referenceImageRecords } from "../helpers/image-reference.js";

const index = referenceImageIndex();

function ask(url: string, on: ImageIndex = index): QueryAnswer {
  const u = new URL(url, "http://x");
  const m = /^\/api\/v2\/images\/(?:(\d+)\/|(find)\/)?$/.exec(u.pathname)!;
  return answerImageQuery(on, { view: m[1] ? "detail" : m[2] ? "find" : "list", id: m[1] ? Number(m[1]) : undefined, query: u.search });
}
const json = (a: QueryAnswer) => ("json" in a ? (JSON.parse(a.json) as Record<string, unknown>) : null);
const items = (a: QueryAnswer) => json(a)!.items as Record<string, unknown>[];
const ids = (a: QueryAnswer) => items(a).map((i) => i.id as number);
const total = (a: QueryAnswer) => (json(a)!.meta as { total_count: number }).total_count;
const error = (a: QueryAnswer) => [a.status, json(a)!.message];
const fileText = (path: string) => imageEndpointFiles(index).find((f) => f.path === path)!.text;

describe("the images' index", () => {
  it("holds every image by ascending id, with its size, file and no tags, and the settings", () => {
    const shuffled = referenceImageRecords().reverse();
    const made = buildImageIndex(shuffled, { base_url: "https://api.example.org", cdn_url: "https://cdn.example.org", image_type: "custom.Picture" });
    expect(made.images.map((i) => i.id)).toEqual([...shuffled.map((i) => i.id)].sort((a, b) => a - b));
    expect(made.images.find((i) => i.id === 399)).toEqual({ id: 399, title: "Press shot (JPEG extension)", width: 2048, height: 1365, file: "press-shot-2026.jpeg", tags: [] });
    expect([made.format, made.image_type, made.base_url, made.cdn_url]).toEqual([1, "custom.Picture", "https://api.example.org", "https://cdn.example.org"]);
    // Only the index's own keys: images.json's alt and focal point stay out.
    expect(Object.keys(made.images[0]!)).toEqual(["id", "title", "width", "height", "file", "tags"]);
  });

  it("refuses an image without a size, naming it", () => {
    const records = referenceImageRecords();
    records[3] = { ...records[3]!, width: 0 };
    expect(() => buildImageIndex(records, index)).toThrow("image 304 (logo-harbour-fm.png) has no width and height");
  });

  it("writes the type and URLs of the settings into every document", () => {
    const other = buildImageIndex(referenceImageRecords(), { base_url: "https://api.example.org", cdn_url: "https://cdn.example.org", image_type: "custom.Picture" });
    expect(json(ask("/api/v2/images/399/?fields=*", other))).toEqual({
      id: 399,
      meta: { type: "custom.Picture", detail_url: "https://api.example.org/api/v2/images/399/", tags: [], download_url: "https://cdn.example.org/media/original_images/press-shot-2026.jpeg" },
      title: "Press shot (JPEG extension)", width: 2048, height: 1365,
    });
  });
});

describe("the files the build writes", () => {
  it("are the list of every image (where Wagtail answers its first 20), each detail and the index, with the engine's bytes", () => {
    const files = imageEndpointFiles(index);
    expect(files.length).toBe(1 + 102 + 1);
    expect(files.slice(0, 2).map((f) => [f.path, f.address])).toEqual([[IMAGE_LIST_FILE, "/api/v2/images/"], ["api/v2/images/301/index.json", "/api/v2/images/301/"]]);
    const list = JSON.parse(fileText(IMAGE_LIST_FILE)) as { meta: { total_count: number }; items: { id: number }[] };
    expect([list.meta.total_count, list.items.map((i) => i.id)]).toEqual([102, index.images.map((i) => i.id)]);
    // Its first 20 items are the engine's first page, byte for byte once re-indented.
    const first = JSON.parse((ask("/api/v2/images/?limit=20") as { json: string }).json) as typeof list;
    expect(list.items.slice(0, 20)).toEqual(first.items);
    expect([total(ask("/api/v2/images/?offset=0")), ids(ask("/api/v2/images/?offset=0")).length]).toEqual([102, 20]);
    for (const image of index.images) {
      expect(fileText(`api/v2/images/${image.id}/index.json`)).toBe((ask(`/api/v2/images/${image.id}/?fields=*`) as { json: string }).json);
    }
    expect(JSON.parse(fileText(IMAGE_INDEX_FILE))).toEqual(index);
  });
});

describe("paging", () => {
  it("reads offset then limit as Python's int(), with Wagtail's messages", () => {
    expect(error(ask("/api/v2/images/?offset=x&limit=y"))).toEqual([400, "offset must be a positive integer"]);
    expect(error(ask("/api/v2/images/?limit=-1"))).toEqual([400, "limit must be a positive integer"]);
    expect(ids(ask("/api/v2/images/?limit=%2B2"))).toEqual([301, 302]);
    // int("2_1") is 21.
    expect(error(ask("/api/v2/images/?limit=2_1"))).toEqual([400, "limit cannot be higher than 20"]);
    expect(ids(ask("/api/v2/images/?offset=99&limit=20"))).toEqual([400, 401, 402]);
    expect([total(ask("/api/v2/images/?offset=500")), ids(ask("/api/v2/images/?offset=500"))]).toEqual([102, []]);
  });
});

describe("fields", () => {
  it("selects, removes and nests as Wagtail's parser and serializer do", () => {
    expect(items(ask("/api/v2/images/?fields=_&limit=2"))).toEqual([{}, {}]);
    expect(items(ask("/api/v2/images/?fields=*,-tags,-id&limit=1"))).toEqual([{
      meta: { type: "wagtailimages.Image", detail_url: "https://api.harbourrange.example/api/v2/images/301/", download_url: "https://cdn.harbourrange.example/media/original_images/logo-harbour-city-council.png" },
      title: "Harbour City Council logo", width: 600, height: 300,
    }]);
    // tags is a relation: nested fields are checked against a tag's (id, type, detail_url), and its names still written.
    expect(items(ask("/api/v2/images/?fields=_,tags(id)&limit=1"))).toEqual([{ meta: { tags: [] } }]);
    expect(error(ask("/api/v2/images/?fields=tags(name)"))).toEqual([400, "unknown fields: name"]);
    expect(error(ask("/api/v2/images/?fields=title(x)"))).toEqual([400, "'title' does not support nested fields"]);
    expect(error(ask("/api/v2/images/?fields=zz,bogus,title"))).toEqual([400, "unknown fields: bogus, zz"]);
    expect(error(ask("/api/v2/images/?fields=*,title"))).toEqual([400, "fields error: additional fields with '*' doesn't make sense"]);
  });

  it("answers a 400 to fields nested past 32 levels, on the list and a detail", () => {
    // 32 levels are read: the answer is the resolver's (a tag has no tags).
    expect(error(ask(`/api/v2/images/?fields=${"tags(".repeat(32)}id${")".repeat(32)}`))).toEqual([400, "unknown fields: tags"]);
    for (const url of ["/api/v2/images/", "/api/v2/images/309/"]) {
      expect(error(ask(`${url}?fields=${"tags(".repeat(33)}id${")".repeat(33)}`))).toEqual([400, "fields error: nested deeper than 32 levels at position 164"]);
      expect(error(ask(`${url}?fields=${"a(".repeat(7000)}`))).toEqual([400, "fields error: nested deeper than 32 levels at position 65"]);
    }
  });

  it("on a detail starts from every field, and is read after the 404", () => {
    expect(json(ask("/api/v2/images/309/?fields=_,title"))).toEqual({ title: "Ballet Under the Stars" });
    expect(Object.keys(json(ask("/api/v2/images/309/?fields=-width,-height"))!)).toEqual(["id", "meta", "title"]);
    // A negated field must exist too.
    expect(error(ask("/api/v2/images/309/?fields=-meta"))).toEqual([400, "unknown fields: meta"]);
    expect(error(ask("/api/v2/images/309/?fields=bogus"))).toEqual([400, "unknown fields: bogus"]);
    expect(error(ask("/api/v2/images/99999/?fields=bogus"))).toEqual([404, "No Image matches the given query."]);
  });
});

describe("order", () => {
  it("orders by database fields, Django's reverse() reading the last key's minus, ties by ascending id", () => {
    expect(ids(ask("/api/v2/images/?order=-width,title&limit=5"))).toEqual([351, 378, 362, 400, 393]);
    const desc = items(ask("/api/v2/images/?order=width,-title&fields=width&limit=17"));
    expect(desc.every((i) => i.width === 2048)).toBe(true);
    const titles = desc.map((i) => i.title as string);
    expect(titles).toEqual([...titles].sort().reverse());
    expect(ids(ask("/api/v2/images/?order=height,-id&limit=3"))).toEqual(ids(ask("/api/v2/images/?order=-height,id&limit=3&offset=99")).reverse());
  });

  it("answers 400 for a field without a database column, where Wagtail fails with a 500, and for an unknown one", () => {
    for (const f of ["type", "detail_url", "download_url"]) {
      expect(error(ask(`/api/v2/images/?order=-${f}`))).toEqual([400, `cannot order by '${f}' (not a database field)`]);
    }
    expect(error(ask("/api/v2/images/?order=title,bogus"))).toEqual([400, "cannot order by 'bogus' (unknown field)"]);
    expect(error(ask("/api/v2/images/?order="))).toEqual([400, "cannot order by '' (unknown field)"]);
  });

  it("orders by tags as by a column that is NULL for every image: ascending id either way", () => {
    const plain = ids(ask("/api/v2/images/?limit=20"));
    expect(ids(ask("/api/v2/images/?order=tags"))).toEqual(plain);
    expect(ids(ask("/api/v2/images/?order=-tags"))).toEqual(plain);
  });

  it("shuffles on random, alone and without an offset", () => {
    const a = ask("/api/v2/images/?order=random&limit=20&fields=_,id");
    expect(total(a)).toBe(102);
    expect(new Set(ids(a)).size).toBe(20);
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) seen.add(ids(ask("/api/v2/images/?order=random")).join());
    expect(seen.size).toBeGreaterThan(1);
    expect(error(ask("/api/v2/images/?order=random&offset=0"))).toEqual([400, "random ordering with offset is not supported"]);
    expect(error(ask("/api/v2/images/?order=random,id"))).toEqual([400, "random ordering cannot be combined with other fields"]);
  });
});

describe("filters", () => {
  it("match the exact value, in the query string's order, integers read as Python's int()", () => {
    expect(ids(ask("/api/v2/images/?width=600&height=300"))).toEqual([301, 302, 303, 304]);
    expect(ids(ask("/api/v2/images/?title=giselle"))).toEqual([]);
    expect(ids(ask("/api/v2/images/?id=%2B309"))).toEqual([309]);
    expect(error(ask("/api/v2/images/?width=abc&height=x"))).toEqual([400, "field filter error. 'abc' is not a valid value for width (invalid literal for int() with base 10: 'abc')"]);
    expect(error(ask("/api/v2/images/?height=1.5&width=abc"))).toEqual([400, "field filter error. '1.5' is not a valid value for height (invalid literal for int() with base 10: '1.5')"]);
  });

  it("filter on tags by name, every tag named, and refuse unknown parameters on the list only", () => {
    expect(ids(ask("/api/v2/images/?tags="))).toEqual([]);
    const tagged: ImageIndex = { ...index, images: index.images.map((i) => ({ ...i, tags: i.id === 305 ? ["a", "b"] : i.id === 306 ? ["a"] : [] })) };
    expect(ids(ask("/api/v2/images/?tags=a", tagged))).toEqual([305, 306]);
    expect(ids(ask("/api/v2/images/?tags=b,a", tagged))).toEqual([305]);
    expect(items(ask("/api/v2/images/?id=305&fields=_,tags", tagged))).toEqual([{ meta: { tags: ["a", "b"] } }]);
    expect(error(ask("/api/v2/images/?zz=1&file=x&limit=1"))).toEqual([400, "query parameter is not an operation or a recognised field: file, zz"]);
  });

  it("apply to a detail, which ignores unknown parameters and paging", () => {
    expect(error(ask("/api/v2/images/309/?width=1"))).toEqual([404, "No Image matches the given query."]);
    expect(error(ask("/api/v2/images/309/?tags=x"))).toEqual([404, "No Image matches the given query."]);
    expect(error(ask("/api/v2/images/309/?order=bogus"))).toEqual([400, "cannot order by 'bogus' (unknown field)"]);
    expect(error(ask("/api/v2/images/309/?width=x"))).toEqual([400, "field filter error. 'x' is not a valid value for width (invalid literal for int() with base 10: 'x')"]);
    expect(ask("/api/v2/images/309/?width=1000&limit=999&zz=1")).toEqual({ status: 200, json: fileText("api/v2/images/309/index.json") });
  });
});

describe("search", () => {
  it("finds every term in the title (and), or any (or), as Wagtail's database backend on SQLite: substrings, A-Z in any case", () => {
    expect(ids(ask("/api/v2/images/?search=aml"))).toEqual([318, 319, 320, 321]);
    expect(ids(ask("/api/v2/images/?search=HAMLET%20%202026"))).toEqual([318, 321]);
    expect(ids(ask("/api/v2/images/?search=hamlet%20giselle&search_operator=OR"))).toEqual([318, 319, 320, 321, 326]);
    expect(ids(ask("/api/v2/images/?search=hamlet%20giselle&search_operator=and"))).toEqual([]);
    // SQLite's LIKE folds ASCII letters only, and no accents.
    expect(ids(ask("/api/v2/images/?search=BOH%C3%A8ME"))).toEqual([328, 329, 330, 331]);
    expect(ids(ask("/api/v2/images/?search=LA%20boh%C3%A8me"))).toEqual([328, 329, 330, 331]);
    expect(ids(ask("/api/v2/images/?search=BOH%C3%88ME"))).toEqual([]);
    expect(ids(ask("/api/v2/images/?search=boheme"))).toEqual([]);
  });

  it("answers nothing for an empty query, or white space alone (where Wagtail fails with a 500)", () => {
    expect([total(ask("/api/v2/images/?search=")), total(ask("/api/v2/images/?search=%20%20"))]).toEqual([0, 0]);
    expect(total(ask("/api/v2/images/?search=&search_operator=xor"))).toBe(0);
    expect(error(ask("/api/v2/images/?search=x&search_operator=xor&id=1"))).toEqual([400, "search_operator must be either 'and' or 'or'"]);
  });

  it("filters and orders only on the title while searching, and refuses tags", () => {
    expect(ids(ask("/api/v2/images/?search=hamlet&title=Hamlet%202026"))).toEqual([318]);
    expect(ids(ask("/api/v2/images/?search=hamlet&order=-title"))).toEqual([320, 319, 321, 318]);
    expect(error(ask("/api/v2/images/?title=Giselle&width=2048&search=hamlet"))).toEqual([400, "cannot filter by 'width' while searching (field is not indexed)"]);
    expect(error(ask("/api/v2/images/?search=hamlet&order=title,id"))).toEqual([400, "cannot order by 'id' while searching (field is not indexed)"]);
    expect(error(ask("/api/v2/images/?search=hamlet&order=random"))).toEqual([400, "cannot order by '?' while searching (field is not indexed)"]);
    expect(error(ask("/api/v2/images/?tags=x&search="))).toEqual([400, "filtering by tag with a search query is not supported"]);
  });
});

describe("find", () => {
  it("redirects on an id of any image, whatever else the query holds, and answers 404 otherwise", () => {
    const to309 = { status: 302, location: "https://api.harbourrange.example/api/v2/images/309/" };
    expect(ask("/api/v2/images/find/?id=%2B309")).toEqual(to309);
    expect(ask("/api/v2/images/find/?id=309&title=nope&zz=1")).toEqual(to309);
    for (const q of ["", "?id=", "?id=abc", "?id=309.0", "?html_path=/"]) {
      expect(error(ask(`/api/v2/images/find/${q}`)), q).toEqual([404, "not found"]);
    }
  });
});

describe("the responder", () => {
  const rules = imageRules(index);
  const headerOf = (headers: readonly (readonly [string, string])[], name: string) => headers.find(([n]) => n === name)?.[1];

  it("answers OPTIONS with the view's name, and 405 for other methods", async () => {
    for (const url of ["/api/v2/images/", "/api/v2/images/309/", "/api/v2/images/find/"]) {
      const o = await respond(rules, imageFiles(index), { method: "OPTIONS", url });
      expect([o.status, JSON.parse(o.body).name]).toEqual([200, "Images Api"]);
      const p = await respond(rules, imageFiles(index), { method: "DELETE", url });
      expect([p.status, p.body]).toEqual([405, '{\n    "detail": "Method \\"DELETE\\" not allowed."\n}']);
    }
  });

  it("redirects every address without its slash, the query string kept", async () => {
    for (const [url, location] of [["/api/v2/images/309?fields=title", "/api/v2/images/309/?fields=title"], ["/api/v2/images/find?id=1", "/api/v2/images/find/?id=1"]]) {
      const a = await respond(rules, imageFiles(index), { method: "GET", url: url! });
      expect([a.status, headerOf(a.headers, "Location"), a.body]).toEqual([301, location, ""]);
    }
  });

  it("renders answers and errors as the browsable page", async () => {
    const a = await respond(rules, imageFiles(index), { method: "GET", url: "/api/v2/images/309/?format=api" });
    expect([a.status, headerOf(a.headers, "Content-Type")]).toEqual([200, "text/html; charset=utf-8"]);
    expect(a.body).toContain("Images Api");
    expect(a.body).toContain("&quot;title&quot;: &quot;Ballet Under the Stars&quot;");
    const e = await respond(rules, imageFiles(index), { method: "GET", url: "/api/v2/images/?limit=50", accept: "text/html" });
    expect([e.status, headerOf(e.headers, "Content-Type")]).toEqual([400, "text/html; charset=utf-8"]);
    expect(e.body).toContain("limit cannot be higher than 20");
    const j = await respond(rules, imageFiles(index), { method: "GET", url: "/api/v2/images/?format=json" });
    expect(j.body).toBe(fileText(IMAGE_LIST_FILE));
  });

  it("answers the collection's 404 for an unknown id, and the API's for other addresses", async () => {
    const a = await respond(rules, imageFiles(index), { method: "GET", url: "/api/v2/images/400000/" });
    expect([a.status, JSON.parse(a.body).message]).toEqual([404, "No Image matches the given query."]);
    const b = await respond(rules, imageFiles(index), { method: "GET", url: "/api/v2/images/309/extra/" });
    expect([b.status, JSON.parse(b.body).message]).toEqual([404, "Not found."]);
  });

  it("refuses an images' index of another format, naming the file", async () => {
    const files = imageFiles({ ...index, format: 2 as 1 });
    await expect(respond(rules, files, { method: "GET", url: "/api/v2/images/?limit=1" })).rejects.toThrow(`${IMAGE_INDEX_FILE} has format 2`);
  });
});
