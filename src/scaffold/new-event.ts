// `build-catalogue new event <slug>`: writes events/<slug>.json (or .yaml) for an editor to fill
// in: the next free page id, the editor's JSON Schema (see schema-path.ts), real defaults where
// there are any, and placeholders the build refuses (saying what to write) where only an editor
// knows the answer.
import { lstat, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { SLUG } from "../content/common.js";
import { UsageError } from "../errors.js";
import { displayPath, loadContent, type SourceFile } from "../load/load-content.js";
import { placeholder } from "../validate/placeholders.js";
import { EVENT_SCHEMA_FILE, findSchemaHome, schemaReference } from "./schema-path.js";
import { sourceText, standingSource } from "./source-text.js";


export interface NewEventOptions {
  slug: string;
  /** The content folder; default `content`. */
  content?: string;
  /** Write events/<slug>.yaml instead of .json. */
  yaml?: boolean;
  cwd?: string;
}

export interface NewEventResult {
  /** The new file as messages name it, e.g. `content/events/hamlet.json`. */
  file: string;
  id: number;
  /** Key paths of the placeholders left to fill in. */
  placeholders: string[];
  /** The `$schema` written, or null when the site has no schema to name (see schema-path.ts). */
  schema: string | null;
  /** What else the editor should know, one sentence each: no images to choose from, no schema. */
  notes: string[];
}

const isInt = (v: unknown): v is number => Number.isInteger(v);
const maxOf = (values: unknown[]) => values.filter(isInt).reduce((a, b) => Math.max(a, b), 0);
const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

const itemsOf = (data: unknown) => (Array.isArray(data) ? data.map(asObject).filter((i) => isInt(i.id)) : []);

/** `1 = Drama Theatre, 2 = Studio` from a list file's items, for a placeholder's hint. */
function choices(data: unknown): string {
  const items = itemsOf(data);
  const shown = items.slice(0, 8).map((i) => `${i.id} = ${typeof i.name === "string" ? i.name : i.title}`);
  return shown.length ? ` (${shown.join(", ")}${items.length > 8 ? ", ..." : ""})` : "";
}

export async function newEvent(options: NewEventOptions): Promise<NewEventResult> {
  const cwd = options.cwd ?? process.cwd();
  const contentArg = options.content ?? "content";
  const contentDir = path.resolve(cwd, contentArg);
  if (!SLUG.test(options.slug)) {
    throw new UsageError(`"${options.slug}" is not a slug: write lowercase words of a-z and 0-9 joined by single hyphens, such as "hamlet-2026"`);
  }
  const eventsDir = path.join(contentDir, "events");
  const { loaded, catalogue, events } = await readSite(contentDir, contentArg, options.slug);
  const parent = asObject(catalogue.parent);
  const pageId = maxOf([parent.id, asObject(parent.home).id, ...events.map((e) => e.data.id)]) + 1;
  const performanceId = maxOf(events.flatMap((e) => (Array.isArray(e.data.performances) ? e.data.performances.map((p) => asObject(p).id) : []))) + 1;

  const file = path.join(eventsDir, `${options.slug}${options.yaml ? ".yaml" : ".json"}`);
  const home = findSchemaHome(contentDir, EVENT_SCHEMA_FILE);
  const schema = home ? schemaReference(home, eventsDir, EVENT_SCHEMA_FILE) : null;
  const notes: string[] = [];
  const thumbnail = thumbnailHint(loaded.value.images, contentArg);
  if (thumbnail.note) notes.push(thumbnail.note);
  if (schema === null) {
    notes.push(
      'No "$schema" was written: this site has neither build-catalogue in its node_modules (a dependency of the site: docs/installing.md of build-catalogue) nor a schemas/ folder beside the content ' +
        "(build-catalogue schema --out schemas); with either, new event names the schema, and editors check the file as it is typed (add the key to this file by hand).",
    );
  }
  const page = eventTemplate({ schema, pageId, performanceId, venues: loaded.value.venues?.data, imageHint: thumbnail.hint });
  const text = sourceText(page, options.yaml === true, schema);
  await mkdir(eventsDir, { recursive: true });
  // "wx": never replace a file that appeared since the check above.
  await writeFile(file, text, { encoding: "utf8", flag: "wx" });
  return {
    file: displayPath(contentArg, "events", path.basename(file)),
    id: pageId,
    placeholders: ["title", "first_published_at", "event.id", "event.ticketing_code", "venue", "thumbnail.image", "performances[0].ticketing_code", "performances[0].datetime"],
    schema,
    notes,
  };
}

/**
 * The site's content, read to choose the ids and hints; refused when it has no catalogue, when
 * its events folder is a link, or when the slug is taken (by a file's name or a page's slug).
 */
async function readSite(contentDir: string, contentArg: string, slug: string) {
  const loaded = await loadContent(contentDir, contentArg);
  if (!loaded.value.catalogue) {
    throw new UsageError(`--content: ${displayPath(contentArg, "catalogue.json")} was not found or could not be read; point --content at the folder that holds catalogue.json`);
  }
  const eventsDir = path.join(contentDir, "events");
  // The build reads no folder through a link (load/load-content.ts): nor does this write through one.
  if ((await lstat(eventsDir).catch(() => null))?.isSymbolicLink()) {
    throw new UsageError(`${displayPath(contentArg, "events")}/ is a symbolic link, and build-catalogue reads and writes only what is inside the content folder: replace the link by the folder itself`);
  }
  // Whatever stands there, a link included (never read: one to a device would never end).
  const standing = await standingSource(eventsDir, slug);
  if (standing) throw new UsageError(`${displayPath(contentArg, "events", standing)} already exists; choose another slug, or edit that file`);
  const events = loaded.value.events.map((e) => ({ file: e.file, data: asObject(e.data) }));
  const taken = events.find((e) => e.data.slug === slug);
  if (taken) throw new UsageError(`${taken.file} already has the slug "${slug}"; choose another slug`);
  return { loaded, catalogue: asObject(loaded.value.catalogue.data), events };
}

/**
 * A thumbnail is required: the placeholder's hint names the images to choose from, or, with no
 * image to name, says how to add the first one (and so does a note).
 */
function thumbnailHint(images: SourceFile | null, contentArg: string): { hint: string; note: string | null } {
  const imagesFile = images?.file ?? displayPath(contentArg, "images.json");
  if (itemsOf(images?.data).length > 0) return { hint: `an image id from images.json${choices(images?.data)}`, note: null };
  return {
    hint: `an image id from images.json, which ${images ? "holds no images" : "does not exist yet"}: add an image to ${imagesFile} as a list item {id, title, file, alt}, then write its id here`,
    note: `${imagesFile} ${images ? "holds no images" : "does not exist yet"}: add one, such as [{"id": 1, "title": "Hamlet", "file": "hamlet.jpg", "alt": "Hamlet holding a skull"}], and write its id at thumbnail.image.`,
  };
}

/** The new page: real defaults where there are any, placeholders the build refuses where only an editor knows. */
function eventTemplate(t: { schema: string | null; pageId: number; performanceId: number; venues: unknown; imageHint: string }) {
  return {
    ...(t.schema === null ? {} : { $schema: t.schema }),
    id: t.pageId,
    title: placeholder("the event's title"),
    first_published_at: placeholder("when the page is first published, such as 2026-05-01T09:00 (in the catalogue's time zone)"),
    on_sale: false,
    event: {
      id: placeholder("the id of the event record this page presents"),
      ticketing_code: placeholder("the event's code in the ticketing system (a whole number)"),
    },
    venue: placeholder(`a venue id from venues.json${choices(t.venues)}`),
    genre: [],
    accessibility: [],
    thumbnail: { image: placeholder(t.imageHint) },
    performances: [
      {
        id: t.performanceId,
        ticketing_code: placeholder("the performance's code in the ticketing system (a whole number)"),
        datetime: placeholder("when the performance starts, such as 2026-06-01T19:30 (in the venue's time zone)"),
      },
    ],
  };
}
