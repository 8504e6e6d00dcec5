// Seeded query strings for the hosts that answer queries with the runtime responder: every view
// (the two page lists, details, find/, the images endpoint), the parameters Wagtail acts on with
// good and bad values, parameters it ignores or does not know, and the browsable page. Each URL is
// held to the preview's answer (test/helpers/static-hosts.ts, previewOf).
import type { QueryIndex } from "../../src/runtime/query/query-index.js";
import { seeded } from "./random.js";

export function fuzzQueries(index: QueryIndex, imageIds: readonly number[], count: number, seed: number): string[] {
  const random = seeded(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const event = index.models.findIndex((m) => m.name === "events.EventPage");
  const events = index.pages.filter((p) => p.type === event);
  const others = index.pages.filter((p) => p.type !== event);
  const page = () => pick(random() < 0.8 ? events : others);
  const pageValues: Record<string, () => string> = {
    limit: () => pick(["0", "1", "2", "20", "21", "-1", "abc", "3"]),
    offset: () => pick(["0", "3", "85", "100000", "x", "-2"]),
    fields: () => pick(["*", "_,id", "title", "title,venue", "-title", "venue(name)", "nope", "*,-detail_url", "performances(start)", "_,title,parent"]),
    order: () => pick(["title", "-id", "random", "first_published_at", "-title", "nope", "id"]),
    search: () => pick(["lake", "the opera", "é", "Hamlet", String(page().values.title).split(" ")[0]!, ""]),
    search_operator: () => pick(["and", "or", "xor"]),
    type: () => pick(["events.EventPage", "wagtailcore.Page", "nope.Nope", index.models[0]!.name, "EVENTS.EVENTPAGE"]),
    slug: () => (random() < 0.7 ? String(page().values.slug) : pick(["nope", "HAMLET", ""])),
    child_of: () => pick([String(others[0]?.id ?? 1), String(page().id), "999999", "abc"]),
    descendant_of: () => pick([String(others[0]?.id ?? 1), "abc"]),
    id: () => (random() < 0.6 ? String(page().id) : pick(["abc", "999999"])),
    title: () => (random() < 0.6 ? String(page().values.title) : "No such title"),
    on_sale: () => pick(["true", "false", "maybe"]),
    locale: () => pick(["en", "fr"]),
    _: () => String(Math.floor(random() * 1000)),
    foo: () => "bar",
  };
  const imageValues: Record<string, () => string> = {
    limit: pageValues.limit!, offset: pageValues.offset!,
    fields: () => pick(["*", "title", "-title", "tags", "nope", "width,height"]),
    order: () => pick(["title", "-id", "width", "nope"]),
    search: () => pick(["poster", "stage", "zzz"]),
    id: () => String(imageIds.length ? pick(imageIds) : 1),
    title: () => "x", width: () => pick(["800", "abc"]), tags: () => "stage", foo: () => "bar", _: () => "1",
  };
  const views: [path: () => string, values: Record<string, () => string>][] = [
    [() => "/api/v2/pages/", pageValues],
    [() => "/api/v2/event_pages/", pageValues],
    [() => `/api/v2/pages/${page().id}/`, pageValues],
    [() => `/api/v2/event_pages/${pick(events).id}/`, pageValues],
    [() => "/api/v2/pages/987654/", pageValues],
    [() => pick(["/api/v2/pages/find/", "/api/v2/event_pages/find/"]), { html_path: () => (random() < 0.7 ? page().path : "/nope/"), id: () => String(page().id), type: pageValues.type! }],
    [() => "/api/v2/images/", imageValues],
    [() => `/api/v2/images/${imageIds.length ? pick(imageIds) : 1}/`, imageValues],
    [() => "/api/v2/images/find/", { id: () => String(imageIds.length ? pick(imageIds) : 1) }],
  ];
  const urls: string[] = [];
  while (urls.length < count) {
    const [path, values] = pick(views);
    const keys = Object.keys(values);
    const n = 1 + Math.floor(random() * 3);
    const params = new URLSearchParams();
    for (let i = 0; i < n; i++) {
      const key = pick(keys);
      params.append(key, values[key]!());
    }
    if (random() < 0.1) params.append("format", pick(["json", "api"]));
    let p = path();
    // Now and then without its trailing slash: the live API's 301, the query string kept.
    if (random() < 0.05) p = p.slice(0, -1);
    urls.push(`${p}?${params.toString()}`);
  }
  return urls;
}
