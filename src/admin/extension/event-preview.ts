// The preview beside an event's form: the page as the API will answer it, computed in the browser
// by the build's own code (preview-document.ts: venue and genre names, performances with their
// UTC offsets and formatted dates, ticket links, the thumbnail's rendition), shown as a reader
// sees an event page, the JSON one click away; a page with errors shows them instead.
import { decap, type Element, type H, type ImmutableMap } from "./decap.js";
import { previewOf, type Settings, type Shown } from "./preview-document.js";
import { catalogueSettings } from "./settings-read.js";

/** A URL of the API's (the CDN's, the site's) as this server serves it: its path from /media/ on. */
const served = (url: unknown) => {
  const text = typeof url === "string" ? url : "";
  const at = text.indexOf("/media/");
  return at >= 0 ? text.slice(at) : null;
};

/** React's style objects (a style given as text is refused). */
const css = {
  page: { font: "16px/1.5 system-ui, sans-serif", color: "#1d1d1f", maxWidth: "760px", margin: "0 auto", padding: "8px 4px" },
  note: { background: "#fff4d6", border: "1px solid #e6c35c", padding: "8px 12px", borderRadius: "4px" },
  problems: { background: "#fde8ea", border: "1px solid #e0a0a8", padding: "8px 12px", borderRadius: "4px", color: "#a10019" },
  button: { display: "inline-block", background: "#1d4ed8", color: "#fff", padding: "8px 16px", borderRadius: "4px", textDecoration: "none", fontWeight: 600 },
  picture: { maxWidth: "100%", height: "auto", borderRadius: "4px" },
  label: { textTransform: "uppercase", fontSize: "13px", letterSpacing: ".05em", color: "#555" },
  title: { margin: "8px 0 4px" },
  subtitle: { margin: 0, fontSize: "18px", color: "#444" },
  json: { whiteSpace: "pre-wrap", fontSize: "12px", background: "#f5f5f7", padding: "8px" },
};

/**
 * Shows the thumbnail's rendition where this server serves it (`edit` does, and a site that deploys
 * the admin beside its API); where it does not (the admin on the web, or before the build has made
 * it), the original from the admin's media store, as the image chooser shows it.
 */
const fallBackTo = (original: string | null) => (e: { currentTarget: { src: string; dataset: Record<string, string | undefined> } }) => {
  const img = e.currentTarget;
  if (original && img.dataset.original !== "shown") {
    img.dataset.original = "shown";
    img.src = original;
  }
};

function render(h: H, shown: Shown, original: string | null = null): Element {
  if ("waiting" in shown) return h("div", { style: css.page, "data-preview": "waiting" }, h("p", { style: css.note }, shown.waiting));
  if ("problems" in shown) {
    return h("div", { style: css.page, "data-preview": "problems" }, h("p", null, h("strong", null, "Not in the API as it is: the build would refuse it.")), h("ul", { style: css.problems }, ...shown.problems.map((p) => h("li", null, p))));
  }
  const d = shown.detail as Record<string, any>;
  const performances = (d.performances ?? []) as Record<string, any>[];
  const thumbnail = served(d.thumbnail?.url);
  const first = performances.find((p) => !p.is_past) ?? performances[0];
  const blocks = (d.description ?? []) as Record<string, any>[];
  return h(
    "article",
    { style: css.page, "data-preview": "page" },
    shown.status ? h("p", { style: css.note, "data-preview-status": "" }, `${shown.status}. Previewed as it will be when live.`) : null,
    thumbnail ? h("img", { src: thumbnail, alt: d.thumbnail?.alt ?? "", width: d.thumbnail?.width, height: d.thumbnail?.height, style: { ...css.picture, objectFit: "cover" }, onError: fallBackTo(original), "data-preview-thumbnail": "" }) : null,
    d.label ? h("p", { style: css.label }, d.custom_label || d.label) : null,
    h("h1", { style: css.title }, d.title),
    d.sub_title ? h("p", { style: css.subtitle }, d.sub_title) : null,
    h("p", { "data-preview-venue": "" }, h("strong", null, d.venue?.name ?? ""), d.date_range ? ` · ${d.date_range}` : ""),
    first?.purchase_link && d.on_sale ? h("p", null, h("a", { href: first.purchase_link, style: css.button, target: "_blank", rel: "noopener" }, d.ticket_button_text || "Book now")) : null,
    h("h2", null, "Performances"),
    h(
      "ul",
      { "data-preview-performances": "" },
      ...performances.map((p) => h("li", { "data-datetime": p.datetime }, `${p.formatted_datetime?.date ?? ""}, ${p.formatted_datetime?.time ?? ""}${p.is_past ? " (past)" : ""}`)),
    ),
    ...blocks.map((b) =>
      b.type === "richtext" ? h("div", { dangerouslySetInnerHTML: { __html: String(b.value?.text ?? "") } }) : b.type === "quote" ? h("blockquote", null, String(b.value?.quote?.quote ?? ""), " ", h("cite", null, String(b.value?.quote?.citation ?? ""))) : null,
    ),
    h("details", null, h("summary", null, "The API's JSON for this page"), h("pre", { "data-preview-json": "", style: css.json }, JSON.stringify(JSON.parse(shown.json), null, 2))),
  );
}

/** The thumbnail's original as Decap's media store has it (null until it has it, or without one). */
function originalOf(data: ImmutableMap | undefined, settings: Settings, getAsset: ((path: string) => unknown) | undefined): string | null {
  const id = data?.getIn(["thumbnail", "image"]);
  const file = typeof id === "number" ? settings?.settings.images.get(id)?.file : undefined;
  const src = file && getAsset ? String(getAsset(file) ?? "") : "";
  return src && !/empty\.svg/.test(src) ? src : null;
}

interface PreviewControl {
  props: { entry: ImmutableMap; getAsset?: (path: string) => unknown };
  state: { settings: Settings | undefined };
  setState: (state: { settings: Settings }) => void;
  mounted?: boolean;
}

/** Registers the preview of the event collection `name` (its form's `fields`, the catalogue's `zone`, edit's `now` when given). */
export function registerEventPreview(name: string, fields: unknown, zone: string, now: unknown): void {
  const { CMS, h, createClass } = decap();
  // The last document made, by the identity of its inputs (Decap's entry data is immutable: a change
  // makes a new map): a render of the same entry with the same settings does not check and enrich it again.
  let last: { data: ImmutableMap | undefined; path: string; settings: Settings; shown: Shown } | null = null;
  const shownOf = (data: ImmutableMap | undefined, path: string, settings: Settings): Shown => {
    if (last !== null && last.data === data && last.path === path && last.settings === settings) return last.shown;
    let shown: Shown;
    try {
      shown = previewOf((data?.toJS() ?? {}) as Record<string, unknown>, path, fields, settings, zone, now);
    } catch (e) {
      shown = { problems: [`the preview could not be made: ${(e as Error).message}`] };
    }
    last = { data, path, settings, shown };
    return shown;
  };
  const preview = createClass({
    getInitialState(this: PreviewControl) {
      return { settings: undefined };
    },
    componentDidMount(this: PreviewControl) {
      this.mounted = true;
      void catalogueSettings().then((settings) => this.mounted && this.setState({ settings }));
    },
    componentWillUnmount(this: PreviewControl) {
      this.mounted = false;
    },
    render(this: PreviewControl) {
      if (this.state.settings === undefined) return render(h, { waiting: "Reading the catalogue's settings..." });
      const data = this.props.entry.get("data") as ImmutableMap | undefined;
      return render(h, shownOf(data, String(this.props.entry.get("path") ?? ""), this.state.settings), originalOf(data, this.state.settings, this.props.getAsset));
    },
  });
  CMS.registerPreviewTemplate(name, preview);
}
