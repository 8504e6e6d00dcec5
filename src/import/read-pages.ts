// Reads the pages of the catalogue: the event list, each event page's detail on both routes, the
// parent page and the home page above it; a page that changes while it is read is an error.
import { ImportFailed } from "./errors.js";
import { mostCommon } from "./most-common.js";
import { ApiReader, statusLine, type JsonAnswer } from "./api-reader.js";
import { readPaged, type PagedList } from "./read-paged.js";
import { eventDetailShape, listPageShape, plainPageShape, readAs, type EventDetailRead, type PlainPageRead } from "./read-shapes.js";
import { checkSlug } from "./safe-names.js";

export interface EventPageRead {
  id: number;
  /** `/api/v2/pages/<id>/`, the route every detail_url names. */
  pages: JsonAnswer;
  /** `/api/v2/event_pages/<id>/`. */
  eventPages: JsonAnswer;
  detail: EventDetailRead;
}

export interface PagesRead {
  list: PagedList<typeof listPageShape>;
  /** In the list's order. */
  events: EventPageRead[];
  parent: { answer: JsonAnswer; page: PlainPageRead } | null;
  home: { answer: JsonAnswer; page: PlainPageRead } | null;
}

export type Progress = (phase: string, done: number, total: number) => void;

const changed = (why: string) => new ImportFailed(`${why}: the site was being edited while the import read it. Run the import again when it is quiet`);

async function readEvent(reader: ApiReader, item: { id: number; title: string; meta: { slug?: string; first_published_at?: string | null } }): Promise<EventPageRead> {
  const id = item.id;
  const [pages, eventPages] = await Promise.all([reader.json(`/api/v2/pages/${id}/`), reader.json(`/api/v2/event_pages/${id}/`)]);
  for (const a of [pages, eventPages]) {
    if (a.status === 404) throw changed(`page ${id} is in the list, but GET ${reader.url(a.path)} answered 404 (unpublished or deleted since)`);
    if (a.status !== 200) throw new ImportFailed(`GET ${reader.url(a.path)} answered ${statusLine(a.status)}; the import reads each event page's detail`);
  }
  const detail = readAs(eventDetailShape, pages.value, `GET ${reader.url(pages.path)}`, "an event page's detail");
  // The slug names the page's file: a slug no Wagtail would give ends the import here, before anything is written.
  checkSlug(detail.meta.slug, `${pages.path}: meta.slug`);
  if (detail.id !== id) throw new ImportFailed(`GET ${reader.url(pages.path)} answered page ${detail.id}, not ${id}; the API does not answer as Wagtail's`);
  if (pages.text !== eventPages.text) throw changed(`page ${id} answered differently on /api/v2/pages/${id}/ and /api/v2/event_pages/${id}/`);
  const differs =
    item.title !== detail.title ? `title "${item.title}", then "${detail.title}"`
    : item.meta.slug !== undefined && item.meta.slug !== detail.meta.slug ? `slug "${item.meta.slug}", then "${detail.meta.slug}"`
    : item.meta.first_published_at !== undefined && item.meta.first_published_at !== detail.meta.first_published_at ? "first_published_at"
    : null;
  if (differs) throw changed(`page ${id} changed between the list and its detail (${differs})`);
  // The same text twice: one copy is kept, and the detail parsed once (a large catalogue's details run to hundreds of megabytes).
  return { id, pages: { ...pages, value: null }, eventPages: { ...eventPages, text: pages.text, value: null }, detail };
}

async function readPlainPage(reader: ApiReader, id: number, what: string): Promise<{ answer: JsonAnswer; page: PlainPageRead }> {
  const answer = await reader.json(`/api/v2/pages/${id}/`);
  if (answer.status !== 200) {
    throw new ImportFailed(`GET ${reader.url(answer.path)} (${what}) answered ${statusLine(answer.status)}; the import reads the pages above the event pages from the pages endpoint`);
  }
  const page = readAs(plainPageShape, answer.value, `GET ${reader.url(answer.path)}`, what);
  checkSlug(page.meta.slug, `${answer.path}: meta.slug`);
  return { answer, page };
}

/** Drops each page's parsed detail once the content is planned: the proof compares the texts. */
export function releaseDetails(pages: PagesRead): void {
  for (const e of pages.events) (e as { detail: EventDetailRead | null }).detail = null;
}

export async function readPages(reader: ApiReader, progress: Progress): Promise<PagesRead> {
  const list = await readPaged(reader, "/api/v2/event_pages/", listPageShape, "event pages", (done, total) => progress("the list", done, total));
  if (!list) {
    throw new ImportFailed(
      `GET ${reader.url("/api/v2/event_pages/")} answered 404 Not Found: ${reader.base} does not serve a Wagtail API v2 events catalogue (no /api/v2/event_pages/). Give the address /api/v2/ sits under, such as https://api.example.org`,
    );
  }
  for (const p of list.pages) {
    p.value.items.forEach((item, i) => {
      if (item.meta.slug !== undefined) checkSlug(item.meta.slug, `${p.answer.path}: items[${i}].meta.slug`);
    });
  }
  const items = list.pages.flatMap((p) => p.value.items);
  let done = 0;
  progress("event pages", 0, items.length);
  const events = await Promise.all(
    items.map(async (item) => {
      const read = await readEvent(reader, item);
      progress("event pages", ++done, items.length);
      return read;
    }),
  );
  const parentId = mostCommon(events.map((e) => e.detail.meta.parent?.id).filter((id): id is number => id !== undefined));
  if (events.length > 0 && parentId === undefined) throw new ImportFailed("the event pages have no parent page (meta.parent is null): the content format needs the page they sit under");
  const parent = parentId === undefined ? null : await readPlainPage(reader, parentId, "the parent of the event pages");
  const homeId = parent?.page.meta.parent?.id;
  const home = homeId === undefined ? null : await readPlainPage(reader, homeId, "the home page, above the parent");
  return { list, events, parent, home };
}
