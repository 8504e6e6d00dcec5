// What the rich text editor's choosers offer: the pages a link may name (the event pages by title,
// the events index page and the home page) and the images of images.json with the formats the
// site registers, all read through the backend the admin signed in to.
import { DEFAULT_IMAGE_FORMATS } from "../../../content/catalogue.js";
import { formatOf } from "../../../load/source-names.js";
import { parseSource } from "../../keep-layout-parse.js";
import { folderTexts } from "../backend.js";
import { pagesRead } from "../entry-check.js";
import { catalogueSettings } from "../settings-read.js";

export interface PageChoice { id: number; title: string; note: string }
export interface ImageChoice { id: number; title: string; alt: string; file: string }

const idOf = (value: unknown): number | null => (typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null);

/** The event pages' values: those the list read, or (an entry opened before the list) the folder read now. */
async function eventPages(folders: readonly string[], extension: string): Promise<Record<string, unknown>[]> {
  const read = pagesRead();
  if (read.length > 0) return read;
  const pages: Record<string, unknown>[] = [];
  for (const folder of folders) {
    for (const { path, text } of (await folderTexts(folder, extension)) ?? []) {
      const format = formatOf(path);
      if (format === null) continue;
      try {
        const value = parseSource(text, format);
        if (value && typeof value === "object") pages.push(value as Record<string, unknown>);
      } catch {
        // A page that cannot be read is not offered; the build names its problem.
      }
    }
  }
  return pages;
}

/** The pages a link may name, by title: event pages, then the events index page and the home page. */
export async function pageChoices(folders: readonly string[], extension: string): Promise<PageChoice[]> {
  const choices: PageChoice[] = [];
  for (const page of await eventPages(folders, extension)) {
    const id = idOf(page.id);
    if (id !== null) choices.push({ id, title: typeof page.title === "string" && page.title ? page.title : `Page ${id}`, note: "event page" });
  }
  choices.sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  const parent = (await catalogueSettings())?.settings.parent;
  if (parent) {
    choices.push({ id: parent.id, title: parent.title, note: "events index page" });
    if (parent.home) choices.push({ id: parent.home.id, title: parent.home.title, note: "home page" });
  }
  return choices;
}

/** The images of images.json and the formats an image placed in text may have. */
export async function imageChoices(): Promise<{ images: ImageChoice[]; formats: readonly string[] }> {
  const checked = await catalogueSettings();
  if (!checked) return { images: [], formats: DEFAULT_IMAGE_FORMATS };
  const images = [...checked.settings.images.values()].map((image) => ({ id: image.id, title: image.title, alt: image.alt ?? "", file: image.file }));
  images.sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  return { images, formats: checked.look.imageFormats ?? DEFAULT_IMAGE_FORMATS };
}
