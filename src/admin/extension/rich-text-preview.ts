// Rich text as the html widget's preview shows it: Wagtail's stored tags made readable. A link by
// id becomes a link named by its page's title, an image embed the picture in its format, a media
// embed a box with its address; the file keeps the stored form. Titles and pictures come from the
// preview's own API (`edit` serves it beside the admin); where there is none (the admin on the web),
// the ids show instead.

/** What the preview knows of the pages and images the text names (filled in as the API answers). */
export interface Known {
  pages: Map<number, string>;
  /** An image's title and the address of its original on this server. */
  images: Map<number, { title: string; src: string }>;
}

const STYLE = `
a[data-linktype]{color:#3a69c7;text-decoration:underline dotted}
a[data-linktype=document]::after{content:" (document)";color:#798291;font-size:.85em}
figure.stored{margin:8px 0;padding:6px;border:1px dashed #c7cbd4;border-radius:4px;background:#f7f8fa;max-width:100%}
figure.stored.left{float:left;width:45%;margin-right:12px}
figure.stored.right{float:right;width:45%;margin-left:12px}
figure.stored img{display:block;max-width:100%;height:auto}
figure.stored figcaption{font-size:12px;color:#5c6370;margin-top:4px}
.stored-media{margin:8px 0;padding:10px;border:1px dashed #c7cbd4;border-radius:4px;background:#f7f8fa;font-size:13px;word-break:break-all}
`;

/** The CSS the preview's frame adds for the stored tags. */
export const STORED_STYLE = STYLE;

/** The ids a text's stored tags name, as a browser reads them. */
export function storedIds(html: string): { pages: number[]; images: number[] } {
  const doc = new DOMParser().parseFromString(`<body>${html}`, "text/html");
  const ids = (selector: string) => [...doc.querySelectorAll(selector)].map((e) => Number(e.getAttribute("id"))).filter((n) => Number.isSafeInteger(n) && n > 0);
  return { pages: ids('a[linktype="page"][id]'), images: ids('embed[embedtype="image"][id]') };
}

/** The text with its stored tags replaced by what an editor can read (the rest left as the browser reads it). */
export function readablePreview(html: string, known: Known): string {
  const doc = new DOMParser().parseFromString(`<body>${html}`, "text/html");
  for (const a of [...doc.querySelectorAll("a[linktype]")]) {
    const type = a.getAttribute("linktype") ?? "";
    const id = Number(a.getAttribute("id"));
    const link = doc.createElement("a");
    link.setAttribute("href", "#");
    link.setAttribute("data-linktype", type);
    const title = type === "page" ? known.pages.get(id) : undefined;
    link.setAttribute("title", type === "page" ? `Page ${id}${title ? `: ${title}` : " (not in the catalogue)"}` : `${type} ${id}`);
    link.append(...a.childNodes);
    a.replaceWith(link);
  }
  for (const embed of [...doc.querySelectorAll("embed")]) {
    const type = embed.getAttribute("embedtype");
    if (type === "image") {
      const id = Number(embed.getAttribute("id"));
      const format = embed.getAttribute("format") ?? "";
      const alt = embed.getAttribute("alt") ?? "";
      const image = known.images.get(id);
      const figure = doc.createElement("figure");
      figure.className = `stored ${format}`;
      if (image) {
        const img = doc.createElement("img");
        img.setAttribute("src", image.src);
        img.setAttribute("alt", alt);
        figure.append(img);
      }
      const caption = doc.createElement("figcaption");
      caption.textContent = `Image ${id}${image ? `, ${image.title}` : ""} (${format})${alt ? `: ${alt}` : ""}`;
      figure.append(caption);
      embed.replaceWith(figure);
    } else if (type === "media") {
      const box = doc.createElement("div");
      box.className = "stored-media";
      box.textContent = `Media: ${embed.getAttribute("url") ?? ""}`;
      embed.replaceWith(box);
    }
  }
  return doc.body.innerHTML;
}

/**
 * A document of the preview's API: the document, null when there is none (a 404, or no API here:
 * asked once), or "again" when the answer may change (the API rebuilding after a save, a network
 * failure: asked again later).
 */
const answers = new Map<string, Promise<Record<string, unknown> | null>>();
async function apiDocument(path: string): Promise<Record<string, unknown> | null | "again"> {
  const kept = answers.get(path);
  if (kept) return kept;
  try {
    const r = await fetch(path, { headers: { Accept: "application/json" } });
    if (r.status >= 500 || r.status === 429) return "again";
    const answer = r.ok ? ((await r.json()) as Record<string, unknown>) : null;
    answers.set(path, Promise.resolve(answer));
    return answer;
  } catch {
    return "again";
  }
}

/** What learn() found: something new, nothing more to learn, or an answer to ask for again later. */
export type Learnt = "learnt" | "settled" | "again";

/** Looks up the pages and images `html` names that `known` lacks. */
export async function learn(html: string, known: Known): Promise<Learnt> {
  const { pages, images } = storedIds(html);
  let learnt = false;
  let again = false;
  await Promise.all([
    ...pages.filter((id) => !known.pages.has(id)).map(async (id) => {
      const page = await apiDocument(`/api/v2/pages/${id}/`);
      if (page === "again") again = true;
      else if (typeof page?.title === "string") {
        known.pages.set(id, page.title);
        learnt = true;
      }
    }),
    ...images.filter((id) => !known.images.has(id)).map(async (id) => {
      const image = await apiDocument(`/api/v2/images/${id}/`);
      if (image === "again") {
        again = true;
        return;
      }
      const download = (image?.meta as { download_url?: unknown } | undefined)?.download_url;
      // The original as this server serves it: the download_url's path from /media/ on.
      const at = typeof download === "string" ? download.indexOf("/media/") : -1;
      if (typeof image?.title === "string" && at >= 0) {
        known.images.set(id, { title: image.title, src: (download as string).slice(at) });
        learnt = true;
      }
    }),
  ]);
  return learnt ? "learnt" : again ? "again" : "settled";
}
