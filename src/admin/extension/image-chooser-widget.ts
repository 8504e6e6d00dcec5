// The `image-chooser` widget: an image id of images.json (a thumbnail's, a hero image's, a carousel
// figure's, a logo's; a list of ids with `multiple`), chosen as in Wagtail's image chooser: the
// chosen picture with its title, and a chooser showing the images as their pictures and titles, a
// page at a time, searched by title (or file name), with an upload of a new image
// (image-upload-form.ts) that is then chosen. The value stays what the file holds: the id (ids).
// Pictures are the originals, loaded through Decap's media store (getAsset), as the Images
// collection's focal-point widget loads them: with `edit` from the file API, on the web from GitHub.
import { shapeOf, type Format } from "../keep-layout.js";
import { fileFields } from "../form-view.js";
import type { ImageItem } from "../new-image.js";
import { decap, type ControlProps, type H } from "./decap.js";
import type { UploadTarget } from "./image-upload.js";
import { uploadFormClass } from "./image-upload-form.js";
import { followPicture } from "./follow-picture.js";
import { settingsRead } from "./settings-read.js";

/** What the widget reads of config.yml: the media folder and the Images collection (its file and fields). */
export interface ChooserConfig {
  media_folder?: unknown;
  collections?: Array<{ name: string; extension?: string; files?: Array<{ file?: string; fields?: Array<Record<string, unknown>> }> }>;
}

interface Image { id: number; title: string; file: string }

/** The pictures the chooser shows at first, and more at each "Show more": each is an original to load (Wagtail's chooser pages too). */
const PAGE = 30;

interface ChooserState {
  images: Image[] | null;
  open: boolean;
  /** How many of the matching images are shown. */
  shown: number;
  uploading: boolean;
  query: string;
  error: string | null;
}

interface ChooserControl {
  props: ControlProps;
  state: ChooserState;
  setState: (state: Partial<ChooserState>) => void;
  mounted?: boolean;
}

/** images.json's items as the chooser shows them (items without a whole-number id or a file are passed over: the build reports them). */
function imagesOf(data: unknown): Image[] {
  return (Array.isArray(data) ? data : []).flatMap((i) => {
    const { id, title, file } = (i ?? {}) as Record<string, unknown>;
    return Number.isSafeInteger(id) && typeof file === "string" ? [{ id: id as number, title: typeof title === "string" ? title : "", file }] : [];
  });
}

/** The chosen ids, from what Decap holds (a number, an Immutable list once loaded, an array once set here). */
function chosenIds(value: unknown, multiple: boolean): unknown[] {
  const v = value && typeof (value as { toJS?: unknown }).toJS === "function" ? (value as { toJS: () => unknown }).toJS() : value;
  if (v === null || v === undefined || v === "") return [];
  return multiple && Array.isArray(v) ? v : [v];
}

/** The picture of `image`: the original, once Decap's media store has loaded it (follow-picture.ts), in a grey box meanwhile. */
function picture(h: H, props: ControlProps, image: Image, size: number): unknown {
  const box = { width: `${size}px`, height: `${Math.round(size * 0.68)}px`, objectFit: "cover", background: "#eff0f4", display: "block", borderRadius: "3px" };
  const srcOf = () => {
    const src = String(props.getAsset(image.file, props.field) ?? "");
    return src && !/empty\.svg/.test(src) ? src : null;
  };
  const follow = (img: HTMLImageElement | null) => {
    if (img && img.dataset.follows !== image.file) {
      img.dataset.follows = image.file;
      followPicture(img, srcOf);
    }
  };
  return h("img", { ref: follow, alt: image.title, "data-image-id": image.id, style: box });
}

async function loadImages(this: ChooserControl): Promise<void> {
  const loaded = await settingsRead();
  if (!this.mounted) return;
  if (loaded?.images) this.setState({ images: imagesOf(loaded.images.data), error: null });
  else this.setState({ images: [], error: "The images could not be read: correct images.json in a text editor (the build's message says where), then reload." });
}

export function registerImageChooserWidget(config: ChooserConfig): void {
  const { CMS, h, createClass } = decap();
  const collection = config.collections?.find((c) => c.name === "images");
  const file = collection?.files?.[0];
  const target: UploadTarget | null = file?.file
    ? { imagesPath: file.file, format: (collection!.extension === "json" ? "json" : "yaml") as Format, shape: shapeOf(fileFields(file.fields ?? [])), mediaFolder: String(config.media_folder ?? "images") }
    : null;
  const UploadForm = uploadFormClass();
  const control = createClass({
    getInitialState(): ChooserState {
      return { images: null, open: false, shown: PAGE, uploading: false, query: "", error: null };
    },
    componentDidMount(this: ChooserControl) {
      this.mounted = true;
      void loadImages.call(this);
    },
    componentWillUnmount(this: ChooserControl) {
      this.mounted = false;
    },
    render(this: ChooserControl) {
      const props = this.props;
      const { value, onChange, forID, field } = props;
      const multiple = field.get("multiple") === true;
      const ids = chosenIds(value, multiple);
      const { images, open, shown: count, uploading, query, error } = this.state;
      const byId = new Map((images ?? []).map((i) => [i.id, i]));
      const choose = (id: number) => {
        onChange(multiple ? [...ids.filter((i) => i !== id), id] : id);
        this.setState({ open: false, uploading: false, query: "" });
      };
      const remove = (id: unknown) => onChange(multiple ? ids.filter((i) => i !== id) : null);
      const chosen = ids.map((id) => {
        const image = byId.get(Number(id));
        return h("div", { key: String(id), "data-chosen-image": String(id), style: { display: "flex", alignItems: "center", gap: "12px", margin: "4px 0" } },
          image ? picture(h, props, image, 120) : null,
          h("span", null, image ? image.title : images === null ? `Image ${String(id)}` : `Image ${String(id)} (not in images.json)`),
          h("button", { type: "button", onClick: () => remove(id) }, "Remove"));
      });
      const words = query.trim().toLowerCase();
      // Searched by title, as the relation it replaces was, and by file name.
      const matching = (images ?? []).filter((i) => words === "" || i.title.toLowerCase().includes(words) || i.file.toLowerCase().includes(words));
      const shown = matching.slice(0, count);
      const grid = h("div", { style: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))", gap: "12px", marginTop: "12px" } },
        ...shown.map((image) => h("button", {
          key: String(image.id), type: "button", "data-choose-image": String(image.id), onClick: () => choose(image.id),
          style: { display: "flex", flexDirection: "column", justifyContent: "flex-start", border: ids.includes(image.id) ? "2px solid #3a69c7" : "1px solid #dfdfe3", borderRadius: "4px", background: "#fff", padding: "6px", textAlign: "left", cursor: "pointer" },
        }, picture(h, props, image, 156), h("span", { style: { display: "block", marginTop: "4px", fontSize: "13px" } }, image.title || `Image ${image.id}`))));
      const chooser = open
        ? h("div", { role: "dialog", "aria-modal": "true", "aria-label": "Choose an image", style: { position: "fixed", inset: "0", zIndex: 1000, background: "rgba(0,0,0,.45)", display: "flex", alignItems: "flex-start", justifyContent: "center", padding: "40px 16px", overflow: "auto" } },
            h("div", { style: { background: "#fff", borderRadius: "6px", padding: "20px", width: "min(960px, 100%)", boxShadow: "0 4px 24px rgba(0,0,0,.3)" } },
              h("div", { style: { display: "flex", alignItems: "center", gap: "12px" } },
                h("h2", { style: { margin: 0, fontSize: "18px", flex: 1 } }, uploading ? "Upload an image" : "Choose an image"),
                !uploading && target ? h("button", { type: "button", onClick: () => this.setState({ uploading: true }) }, "Upload an image") : null,
                h("button", { type: "button", onClick: () => this.setState({ open: false, uploading: false }) }, "Close")),
              uploading && target
                ? h(UploadForm, { target, onCancel: () => this.setState({ uploading: false }), onSaved: (item: ImageItem) => {
                    this.setState({ images: [...(this.state.images ?? []), { id: item.id, title: item.title, file: item.file }] });
                    choose(item.id);
                  } })
                : h("div", null,
                    h("input", { type: "search", "aria-label": "Search the images by title", placeholder: "Search by title or file name", value: query, style: { width: "100%", padding: "6px 8px", marginTop: "12px" }, onChange: (e: { target: HTMLInputElement }) => this.setState({ query: e.target.value, shown: PAGE }) }),
                    error ? h("p", { role: "alert", style: { color: "#a10019" } }, error) : null,
                    images === null ? h("p", null, "Reading the images...") : shown.length === 0 ? h("p", null, words ? "No image has this in its title or file name." : "No images yet: upload one.") : grid,
                    matching.length > shown.length
                      ? h("p", null, `${shown.length} of ${matching.length} images. `, h("button", { type: "button", onClick: () => this.setState({ shown: count + PAGE }) }, "Show more"))
                      : null)))
        : null;
      return h("div", { id: forID, className: props.classNameWrapper },
        ...chosen,
        ids.length === 0 ? h("p", { style: { color: "#798291", margin: "4px 0" } }, "No image chosen.") : null,
        h("button", { type: "button", onClick: () => {
          this.setState({ open: true, shown: PAGE });
          void loadImages.call(this);
        } }, ids.length > 0 && !multiple ? "Choose another image" : "Choose an image"),
        chooser);
    },
  });
  CMS.registerWidget("image-chooser", control);
}
