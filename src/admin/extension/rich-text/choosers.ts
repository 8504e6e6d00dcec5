// The rich text editor's choosers, each a modal dialog: an address for a link, a page by its
// title, an image of images.json with its format and alt text, a media address. Each answers
// what was chosen, or null when the editor cancels (nothing changes then).
import { followPicture } from "../follow-picture.js";
import { addStyleOnce } from "../page-style.js";
import { linkProblem, mediaProblem } from "./addresses.js";
import type { ImageChoice, PageChoice } from "./chooser-sources.js";

export interface Choosers {
  pages: () => Promise<PageChoice[]>;
  images: () => Promise<{ images: ImageChoice[]; formats: readonly string[] }>;
  /** An image's picture (its original) once the admin's media store has it, else null: asked again until it comes. */
  picture?: (file: string) => string | null;
}

const STYLE = `
.bc-dialog{border:0;border-radius:8px;padding:0;width:min(560px,92vw);box-shadow:0 8px 40px rgba(0,0,0,.3);font:14px/1.4 system-ui,sans-serif;color:#313d3e}
.bc-dialog::backdrop{background:rgba(30,35,45,.45)}
.bc-dialog form{display:flex;flex-direction:column;gap:10px;padding:18px 20px}
.bc-dialog h2{margin:0 0 4px;font-size:17px}
.bc-dialog label{display:flex;flex-direction:column;gap:4px;font-weight:600;font-size:13px}
.bc-dialog input,.bc-dialog select{font:14px system-ui,sans-serif;padding:6px 8px;border:1px solid #c7cbd4;border-radius:4px;font-weight:400}
.bc-dialog .bc-choices{max-height:300px;overflow:auto;border:1px solid #dfdfe3;border-radius:4px;margin:0;padding:0;list-style:none}
.bc-dialog .bc-choices li{margin:0}
.bc-dialog .bc-choices button{display:flex;width:100%;justify-content:space-between;gap:8px;text-align:left;padding:7px 10px;border:0;border-bottom:1px solid #eef0f3;background:none;font:14px system-ui,sans-serif;cursor:pointer}
.bc-dialog .bc-choices button:hover,.bc-dialog .bc-choices button[aria-pressed=true]{background:#dfe8f8}
.bc-dialog .bc-choices small{color:#798291}
.bc-dialog .bc-choices img,.bc-dialog .bc-choices .bc-pic{width:64px;height:44px;object-fit:cover;border-radius:3px;background:#eff0f4;flex:none}
.bc-dialog .bc-choices span{flex:1}
.bc-dialog .bc-error{color:#a10019;margin:0;font-size:13px}
.bc-dialog .bc-actions{display:flex;gap:8px;justify-content:flex-end}
.bc-dialog .bc-actions button{font:14px system-ui,sans-serif;padding:6px 14px;border-radius:4px;border:1px solid #c7cbd4;background:#fff;cursor:pointer}
.bc-dialog .bc-actions button[value=ok]{background:#3a69c7;border-color:#3a69c7;color:#fff}
`;

const addStyle = () => addStyleOnce("bc-dialog-style", STYLE);

function element<K extends keyof HTMLElementTagNameMap>(name: K, props: Partial<Record<string, string>> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const el = document.createElement(name);
  for (const [key, value] of Object.entries(props)) if (value !== undefined) el.setAttribute(key, value);
  el.append(...children);
  return el;
}

/**
 * A modal dialog titled `title` with `body` and OK/Cancel: `accept` reads the answer when OK is
 * pressed (a string is a problem to show, the dialog staying open). Resolves null on Cancel or Escape.
 */
function dialog<T>(title: string, body: Node[], accept: () => { value: T } | string, ok = "Insert"): Promise<T | null> {
  addStyle();
  return new Promise((resolve) => {
    const error = element("p", { class: "bc-error", role: "alert" });
    error.hidden = true;
    const form = element("form", { method: "dialog" },
      element("h2", {}, title),
      ...body,
      error,
      element("div", { class: "bc-actions" }, element("button", { type: "button", value: "cancel" }, "Cancel"), element("button", { type: "submit", value: "ok" }, ok)),
    );
    const box = element("dialog", { class: "bc-dialog", "aria-label": title }, form);
    let answered = false;
    const finish = (value: T | null) => {
      if (answered) return;
      answered = true;
      box.close();
      box.remove();
      resolve(value);
    };
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const answer = accept();
      if (typeof answer === "string") {
        error.textContent = answer;
        error.hidden = false;
        return;
      }
      finish(answer.value);
    });
    form.querySelector('button[value="cancel"]')!.addEventListener("click", () => finish(null));
    box.addEventListener("close", () => finish(null));
    document.body.append(box);
    box.showModal();
    (form.querySelector("input, select, button") as HTMLElement | null)?.focus();
  });
}

/** An address for a link: the new address, "" to remove the link, or null when cancelled. */
export function chooseUrl(current: string): Promise<string | null> {
  const input = element("input", { type: "text", name: "href", autocomplete: "url", placeholder: "https://example.org/ or /whats-on/" });
  input.value = current;
  const body: Node[] = [element("label", {}, "Address", input)];
  if (current) {
    const remove = element("button", { type: "button" }, "Remove the link");
    body.push(remove);
    remove.addEventListener("click", () => {
      input.value = "";
      remove.closest("form")!.requestSubmit();
    });
  }
  return dialog("Link", body, () => {
    const href = input.value.trim();
    if (href === "" && current) return { value: "" };
    return linkProblem(href) ?? { value: href };
  }, current ? "Change" : "Insert");
}

/** A list of choices filtered by a search box; `chosen` keeps the one clicked. */
function choiceList<T>(label: string, load: Promise<T[]>, describe: (item: T) => { title: string; note: string; picture?: () => string | null }, onChoose: (item: T) => void, onPick: () => void): Node[] {
  const search = element("input", { type: "search", placeholder: "Search by title", "aria-label": `Search ${label}` });
  const list = element("ul", { class: "bc-choices", "aria-label": label });
  const status = element("p", { role: "status" }, "Reading…");
  let items: T[] = [];
  const render = () => {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = items.filter((item) => words.every((w) => describe(item).title.toLowerCase().includes(w) || describe(item).note.toLowerCase().includes(w)));
    list.replaceChildren(...shown.map((item) => {
      const { title, note, picture } = describe(item);
      const button = element("button", { type: "button", "aria-pressed": "false" }, element("span", {}, title), element("small", {}, note));
      if (picture) button.prepend(pictureOf(picture, title));
      button.addEventListener("click", () => {
        for (const b of list.querySelectorAll("button")) b.setAttribute("aria-pressed", "false");
        button.setAttribute("aria-pressed", "true");
        onChoose(item);
      });
      button.addEventListener("dblclick", onPick);
      return element("li", {}, button);
    }));
    status.textContent = items.length === 0 ? "Nothing to choose from yet." : shown.length === 0 ? "Nothing matches." : "";
    status.hidden = status.textContent === "";
  };
  search.addEventListener("input", render);
  void load.then((loaded) => {
    items = loaded;
    render();
  }, () => {
    status.textContent = "The list could not be read.";
  });
  return [search, status, list];
}

/** A picture from the media store (follow-picture.ts). */
function pictureOf(src: () => string | null, title: string): HTMLElement {
  const img = element("img", { alt: "", "data-title": title, class: "bc-pic" });
  followPicture(img, src);
  return img;
}

/** A page to link to: the page, null to remove the link, or undefined when cancelled. */
export async function choosePage(choosers: Choosers): Promise<PageChoice | null | undefined> {
  let chosen: PageChoice | null = null;
  let pick = () => {};
  const body = choiceList("Pages", choosers.pages(), (p) => ({ title: p.title, note: `${p.note} · id ${p.id}` }), (p) => (chosen = p), () => pick());
  const answer = dialog("Link to a page", body, () => (chosen ? { value: chosen as PageChoice } : "Choose a page from the list."), "Link");
  pick = () => (document.querySelector(".bc-dialog form") as HTMLFormElement | null)?.requestSubmit();
  const page = await answer;
  return page ?? undefined;
}

/** An image to place in the text with its format and alt text, or null when cancelled. */
export async function chooseImage(choosers: Choosers): Promise<{ id: number; format: string; alt: string } | null> {
  const loaded = choosers.images();
  let chosen: ImageChoice | null = null;
  const format = element("select", { name: "format" });
  const alt = element("input", { type: "text", name: "alt", placeholder: "What the picture shows, for readers who cannot see it" });
  void loaded.then(({ formats }) => {
    format.replaceChildren(...formats.map((f) => element("option", { value: f }, f)));
  });
  const body = [
    ...choiceList("Images", loaded.then((l) => l.images), (i) => ({ title: i.title, note: `${i.file} · id ${i.id}`, ...(choosers.picture ? { picture: () => choosers.picture!(i.file) } : {}) }), (i) => {
      chosen = i;
      alt.value = i.alt;
    }, () => {}),
    element("label", {}, "Format", format),
    element("label", {}, "Alt text", alt),
  ];
  return dialog("Image", body, () => (chosen ? { value: { id: chosen.id, format: format.value, alt: alt.value } } : "Choose an image from the list."));
}

/** A media embed's address, or null when cancelled. */
export function chooseMedia(): Promise<string | null> {
  const input = element("input", { type: "url", name: "url", placeholder: "https://www.youtube.com/watch?v=..." });
  return dialog("Media", [element("label", {}, "Address of the video or other media", input)], () => {
    const url = input.value.trim();
    return mediaProblem(url) ?? { value: url };
  });
}
