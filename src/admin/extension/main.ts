// The admin's extension, run in the browser after Decap CMS's bundle: it reads config.yml (made
// from the content's schemas), registers the formats that keep the files' bytes and the widgets
// of the content format, and starts the CMS with that config. After each save it shows what the
// edit server's rebuild said (build-notice.ts).
import { parse } from "yaml";
import { fromFile, shapeOf, SOURCE_KEY, toFile, type Shape } from "../keep-layout.js";
import { showRefusal, showStatus, statusAfter, readStatus } from "./build-notice.js";
import { checkEntry, noteRead, noteSaved } from "./entry-check.js";
import { decap, type ImmutableMap } from "./decap.js";
import { registerFocalPointWidget } from "./focal-point-widget.js";
import { registerHtmlWidget } from "./html-widget.js";
import { registerImageFileWidget } from "./image-file-widget.js";
import { registerImageChooserWidget } from "./image-chooser-widget.js";
import { forgetNextIds, registerNextIdWidget } from "./next-id-widget.js";
import { clearFieldErrors, markField, watchRefusedSaves } from "./refused-save.js";
import { firstPublication, nowOf, statusOf, statusText, wallNow } from "./publication.js";
import { registerPublicationWidget } from "./publication-widget.js";
import { holdBackend } from "./backend.js";
import { everyPage } from "./list-every-page.js";
import { registerEventPreview } from "./event-preview.js";
import { removalQuestion, removedItems } from "./removals.js";
import { catalogueLookups, forgetSettings, knowSettingsFiles, SETTINGS_NAMES } from "./settings-read.js";
import type { Lookups } from "../../validate/check-event.js";
import { PAGE_STATUS } from "../page-status.js";
import { fileFields, formKey, toFile as formToFile, toForm } from "../form-view.js";

interface Collection {
  name: string;
  folder?: string;
  format?: string;
  extension?: string;
  fields?: Array<Record<string, unknown>>;
  files?: Array<{ file?: string; fields?: Array<Record<string, unknown>> }>;
}

/** A file the format could not read: kept as it is, and saving it refused (an empty form must not overwrite it). */
const UNREADABLE = "__build_catalogue_unreadable";

/** What an event collection's saves need: the catalogue's zone and now (its `publication` field's), and its writer read back (registerFormat). */
interface Publication {
  zone: string;
  now: unknown;
  /** The text an entry's data is written as, and its value read back: what the check before a save looks at. */
  readBack?: (data: unknown) => { text: string; value: Record<string, unknown> };
}

/** What a save asks before it removes items (removals.ts): the list's key, its item's names, and a file's text read. */
interface RemovalList {
  key: string;
  singular: string;
  plural: string;
  read: (text: string) => Record<string, unknown>;
}

/**
 * What the saves of one collection need, made once from config.yml: its form's fields, which say
 * how the form's data differs from the file's (form-view.ts; none when its format is not ours), an
 * event collection's Publication, and the list a save asks about before removing items.
 */
interface CollectionSaves {
  fields: unknown;
  publication: Publication | null;
  list: RemovalList | null;
}

/** An event collection's Publication (null for any other collection). */
function publicationOf(collection: Collection): Publication | null {
  const field = collection.fields?.find((f) => f.widget === "publication");
  return field ? { zone: String(field.time_zone ?? "UTC"), now: field.now } : null;
}

/** An event page's format by its text: JSON when it opens with "{" (after a BOM and spaces), else YAML (the list holds both: list-every-page.ts). */
const pageFormat = (text: string): "json" | "yaml" => (/^\uFEFF?\s*\{/.test(text) ? "json" : "yaml");

/** Registers the collection's format; what its saves need of it: its form's fields, and the list whose removals a save asks about. */
function registerFormat(collection: Collection, publication: Publication | null): Pick<CollectionSaves, "fields" | "list"> {
  const fields = (collection.fields ?? collection.files?.[0]?.fields ?? []) as Parameters<typeof shapeOf>[0];
  const wrapped = fields.length === 1 && fields[0]!.name === "items" && fields[0]!.widget === "list";
  // A settings or list file, and a new page, have the collection's extension's format.
  const format = collection.extension === "json" ? "json" : "yaml";
  const formatOf = (text: string | undefined) => (publication && text !== undefined ? pageFormat(text) : format);
  // The form shows some keys otherwise than the file holds them (form-view.ts); the writer keeps the file's shape.
  const shape: Shape = shapeOf(fileFields(fields));
  // What a save asks before it removes items: a list file's items, an event page's performances.
  const items = wrapped ? fields[0]! : null;
  const list: RemovalList | null =
    items || publication
      ? {
          key: items ? "items" : "performances",
          singular: items ? String(items.label_singular ?? "item").toLowerCase() : "performance",
          plural: items ? String(items.label ?? "items").toLowerCase() : "performances",
          read: (text) => fromFile(text, formatOf(text), wrapped),
        }
      : null;
  const write = (data: unknown) => {
    const unreadable = (data as Record<string, unknown>)[UNREADABLE];
    if (unreadable !== undefined) throw new Error(`This file could not be read (${String(unreadable)}); correct it in a text editor, then edit it here.`);
    const { [PAGE_STATUS]: _status, ...kept } = data as Record<string, unknown>;
    const source = kept[SOURCE_KEY];
    return toFile(formToFile(kept, fields), formatOf(typeof source === "string" ? source : undefined), wrapped, shape);
  };
  // An event page as it will be written, read back: what the check before a save looks at.
  if (publication) publication.readBack = (data) => {
    const text = write(data);
    return { text, value: withoutSource(fromFile(text, formatOf(text), wrapped)) };
  };
  decap().CMS.registerCustomFormat(collection.format!, collection.extension ?? format, {
    fromFile(text: string) {
      try {
        const data = fromFile(text, formatOf(text), wrapped);
        // The page's status when the list was read, for the list's summary and filters (never written).
        if (publication) {
          const { zone, now } = publication;
          noteRead(text, withoutSource(data));
          data[PAGE_STATUS] = statusText(statusOf(data, zone, nowOf(now, zone)), zone);
        }
        return toForm(data, fields);
      } catch (e) {
        return { [UNREADABLE]: (e as Error).message };
      }
    },
    toFile: write,
  });
  return { fields, list };
}

/** An entry's data as its file holds it (`saves`: its collection's). */
const asInFile = (saves: CollectionSaves | undefined, values: Record<string, unknown>) => formToFile(values, saves?.fields);

/** The entry a save under way writes: its path, form fields and value as in the file, to place the edit server's refusal on the fields. */
let lastSave: { path: string; fields: unknown; value: Record<string, unknown> } | null = null;

/** Asks before a save that removes items the file held (removals.ts); stops the save when the editor does not confirm. */
function confirmRemovals(saves: CollectionSaves | undefined, values: Record<string, unknown>): void {
  const list = saves?.list;
  const source = values[SOURCE_KEY];
  if (!list || typeof source !== "string") return;
  let before: unknown;
  try {
    before = list.read(source)[list.key];
  } catch {
    return;
  }
  const question = removalQuestion(removedItems(before, asInFile(saves, values)[list.key]), list.singular, list.plural);
  if (question !== null && !window.confirm(question)) throw new Error(`Not saved: the ${list.plural} stay as they were in the file; put them back in the form or leave without saving.`);
}

/** The page a save under way writes, noted once it is saved (postSave), in place of the text it was read from. */
let saving: { ownText: string | null; text: string; value: Record<string, unknown> } | null = null;

function pageSaved(entry: ImmutableMap): void {
  if (saving) noteSaved(String(entry.get("path") ?? ""), saving.ownText, saving.text, saving.value);
  saving = null;
}

const withoutSource = (data: Record<string, unknown>) => {
  const { [SOURCE_KEY]: _source, ...value } = data;
  return value;
};

/** Stops a save the check before a save refuses: each problem under its field and in the notice, then an error Decap shows. */
function checkBeforeSave(entry: ImmutableMap, values: Record<string, unknown>, fields: unknown, readBack: NonNullable<Publication["readBack"]>, look: Lookups | null): void {
  const ownText = typeof values[SOURCE_KEY] === "string" ? (values[SOURCE_KEY] as string) : null;
  const { text, value } = readBack(values);
  const problems = checkEntry(value, String(entry.get("path") ?? ""), ownText, look);
  saving = problems.length === 0 ? { ownText, text, value } : null;
  if (problems.length === 0) return;
  const path = String(entry.get("path") ?? "") || "this event";
  for (const p of problems) markField(formKey(p.key, fields, value), p.message);
  showRefusal(problems.map((p) => ({ ...p, file: path, severity: "error" as const })), path);
  throw new Error(`Not saved: ${problems.map((p) => `${p.key || "the page"}: ${p.message}`).join("; ")}`);
}

type MutableMap = ImmutableMap & { set: (key: string, value: unknown) => MutableMap; setIn: (path: string[], value: unknown) => MutableMap };

/**
 * An event page as it is saved: a first publish sets first_published_at (never typed), so a page
 * saved live at this moment that has neither it nor a go-live gets the time now, in the
 * catalogue's zone; and its status is the one the list shows from now on.
 */
async function asSaved(entry: ImmutableMap, values: Record<string, unknown>, saves: CollectionSaves | undefined): Promise<unknown> {
  const publication = saves?.publication;
  let data = entry.get("data") as MutableMap | undefined;
  if (!publication || !data) return undefined;
  const { zone } = publication;
  const now = nowOf(publication.now, zone);
  const inFile = asInFile(saves, values);
  const status = statusOf(inFile, zone, now);
  const first = firstPublication(String(entry.get("path") ?? ""), inFile, status.kind === "live", () => wallNow(zone, now));
  if (first !== null) {
    const at = formKey("first_published_at", saves.fields, inFile).split(".");
    data = data.setIn(at, first);
    values = data.toJS() as Record<string, unknown>;
  }
  if (publication.readBack) checkBeforeSave(entry, values, saves.fields, publication.readBack, await catalogueLookups());
  return data.set(PAGE_STATUS, statusText(status, zone));
}

function watchSaves(collections: Map<string, CollectionSaves>): void {
  const { CMS } = decap();
  let before = 0;
  CMS.registerEventListener({
    name: "preSave",
    handler: async ({ entry }: { entry: ImmutableMap }) => {
      clearFieldErrors();
      const saves = collections.get(String(entry.get("collection") ?? ""));
      const values = ((entry.get("data") as ImmutableMap | undefined)?.toJS() ?? {}) as Record<string, unknown>;
      lastSave = { path: String(entry.get("path") ?? ""), fields: saves?.fields, value: asInFile(saves, values) };
      confirmRemovals(saves, values);
      before = (await readStatus())?.build ?? 0;
      return asSaved(entry, values, saves);
    },
  });
  CMS.registerEventListener({
    name: "postSave",
    handler: async ({ entry }: { entry: ImmutableMap }) => {
      forgetNextIds();
      if (!collections.get(String(entry.get("collection") ?? ""))?.publication) forgetSettings();
      pageSaved(entry);
      const path = String(entry.get("path") ?? "") || null;
      const status = await statusAfter(before);
      if (status) showStatus(status, path);
      return undefined;
    },
  });
}

/**
 * The sign-in on the admin's own origin (`admin --host`): config.yml's `base_url` "/" is this page's
 * origin, which Decap compares with the origin of the sign-in popup's messages, and `auth_endpoint`
 * an address from the admin's folder, which Decap puts after the origin (so the admin may be served
 * below a prefix, an nginx location).
 */
function onThisOrigin(backend: unknown): unknown {
  const b = backend as { base_url?: unknown; auth_endpoint?: unknown } | undefined;
  if (!b || b.base_url !== "/") return backend;
  const endpoint = new URL(typeof b.auth_endpoint === "string" ? b.auth_endpoint : "auth", window.location.href);
  return { ...b, base_url: window.location.origin, auth_endpoint: endpoint.pathname.replace(/^\/+/, "") };
}

async function start(): Promise<void> {
  const response = await fetch("config.yml", { cache: "no-store" });
  if (!response.ok) throw new Error(`config.yml: ${response.status} ${response.statusText}`);
  const config = parse(await response.text(), { maxAliasCount: 0 }) as { collections?: Collection[] } & Record<string, unknown>;
  const collections = new Map<string, CollectionSaves>();
  for (const collection of config.collections ?? []) {
    const publication = publicationOf(collection);
    // A collection whose format is not ours has no fields or list the saves read.
    const registered = collection.format?.startsWith("build-catalogue:") ? registerFormat(collection, publication) : { fields: undefined, list: null };
    collections.set(collection.name, { ...registered, publication });
  }
  // The settings files, which the check before a save reads its lookups from.
  const settings = (config.collections ?? []).filter((c) => (SETTINGS_NAMES as readonly string[]).includes(c.name) && c.files?.[0]?.file);
  knowSettingsFiles(Object.fromEntries(settings.map((c) => [c.name, c.files![0]!.file!])));
  // The event pages in one list, JSON and YAML alike.
  const pages = (config.collections ?? []).filter((c) => collections.get(c.name)?.publication && c.folder);
  const backend = (config.backend as { name?: string } | undefined)?.name;
  const folders = new Set(pages.map((c) => c.folder!));
  for (const c of pages) {
    const { zone, now } = collections.get(c.name)!.publication!;
    registerEventPreview(c.name, c.fields, zone, now);
  }
  if (backend) holdBackend(backend, (b) => (folders.size > 0 ? everyPage(b, folders, pages[0]!.extension ?? "json") : b));
  registerPublicationWidget();
  registerHtmlWidget({ folders: [...folders], extension: pages[0]?.extension ?? "json" });
  registerNextIdWidget();
  registerImageFileWidget();
  registerFocalPointWidget();
  registerImageChooserWidget(config);
  watchSaves(collections);
  // The edit server's refusal names the file's keys: each is placed on the form's field.
  watchRefusedSaves((file, key) => (lastSave && lastSave.path === file ? formKey(key, lastSave.fields, lastSave.value) : key));
  decap().CMS.init({ config: { ...config, backend: onThisOrigin(config.backend), load_config_file: false } });
  // Problems already in the content when the admin opens.
  const status = await readStatus();
  if (status && status.diagnostics.some((d) => d.severity === "error")) showStatus(status, null);
}

start().catch((e: Error) => {
  document.body.insertAdjacentHTML("afterbegin", `<p role="alert" style="font:16px system-ui;padding:24px;color:#a10019"></p>`);
  document.body.querySelector("p[role=alert]")!.textContent = `The admin could not start: ${e.message}`;
});
