// The `focal-point` widget: an image's focal point, {x, y, width, height} in the original's pixels
// (x and y its centre, as Wagtail keeps it), set on the picture itself: a click puts the centre
// there (keeping the size), a drag draws the area. The picture is the item's `file`, which the
// image-file widget tells (item-values.ts), loaded through Decap's media store.
import { decap, type ControlProps } from "./decap.js";
import { current, itemKey, subscribe } from "./item-values.js";

export interface FocalPoint { x: number; y: number; width: number; height: number }
interface Size { width: number; height: number }
interface Point { x: number; y: number }

/** A plain focal point from what Decap holds (an Immutable map once loaded, a plain object once set here), or null. */
export function readFocalPoint(value: unknown): FocalPoint | null {
  const v = value && typeof (value as { toJS?: unknown }).toJS === "function" ? (value as { toJS: () => unknown }).toJS() : value;
  if (!v || typeof v !== "object") return null;
  const { x, y, width, height } = v as Record<string, unknown>;
  return [x, y, width, height].every((n) => typeof n === "number") ? { x, y, width, height } as FocalPoint : null;
}

/** The focal area from a drag between two points, or around `centre` keeping `previous`'s size (a fifth of the picture without one), inside the picture. */
export function focalArea(start: Point, end: Point, picture: Size, previous: FocalPoint | null): FocalPoint {
  const clamp = (n: number, max: number) => Math.min(Math.max(Math.round(n), 0), max);
  const dragged = Math.abs(end.x - start.x) >= 4 || Math.abs(end.y - start.y) >= 4;
  if (dragged) {
    const left = clamp(Math.min(start.x, end.x), picture.width);
    const right = clamp(Math.max(start.x, end.x), picture.width);
    const top = clamp(Math.min(start.y, end.y), picture.height);
    const bottom = clamp(Math.max(start.y, end.y), picture.height);
    return { x: Math.round((left + right) / 2), y: Math.round((top + bottom) / 2), width: right - left, height: bottom - top };
  }
  const width = previous?.width ?? Math.round(picture.width / 5);
  const height = previous?.height ?? Math.round(picture.height / 5);
  return { x: clamp(end.x, picture.width), y: clamp(end.y, picture.height), width, height };
}

interface FocalState { file: string; src: string; size: Size | null; drag: { start: Point; end: Point } | null }
interface FocalControl {
  props: ControlProps;
  state: FocalState;
  setState: (state: Partial<FocalState>) => void;
  stop?: () => void;
  image?: HTMLImageElement | null;
}

/** Where a pointer event falls on the picture, in the original's pixels. */
function pointOn(control: FocalHost, event: { clientX: number; clientY: number }): Point | null {
  const image = control.image;
  const size = control.state.size;
  if (!image || !size) return null;
  const box = image.getBoundingClientRect();
  return { x: ((event.clientX - box.left) / box.width) * size.width, y: ((event.clientY - box.top) / box.height) * size.height };
}

function loadPicture(this: FocalControl): void {
  const file = this.state.file;
  const asset = file ? this.props.getAsset(file, this.props.field) : null;
  const src = asset ? String(asset) : "";
  if (src !== this.state.src && !/empty\.svg/.test(src)) this.setState({ src, size: null });
}

/** What shows a picture to set a focal point on: its source, its size once loaded and a drag under way (the widget, the image chooser's upload). */
export interface FocalPictureState { src: string; size: Size | null; drag: { start: Point; end: Point } | null }
export interface FocalHost {
  state: FocalPictureState;
  setState: (state: Partial<FocalPictureState>) => void;
  image?: HTMLImageElement | null;
}

/** The picture of `host.state.src` with the focal area over it: a click puts its centre, a drag draws it; each gives `onChange` the new focal point. */
export function focalPicture(host: FocalHost, focal: FocalPoint | null, onChange: (focal: FocalPoint) => void, id?: string): unknown {
  const { h } = decap();
  const { src, size, drag } = host.state;
  const shown = drag && size ? focalArea(drag.start, drag.end, size, focal) : focal;
  const box = shown && size
    ? h("div", { "data-focal-area": "", style: { position: "absolute", pointerEvents: "none", border: "2px solid #ff003b", boxShadow: "0 0 0 9999px rgba(0,0,0,.35)", left: `${((shown.x - shown.width / 2) / size.width) * 100}%`, top: `${((shown.y - shown.height / 2) / size.height) * 100}%`, width: `${(shown.width / size.width) * 100}%`, height: `${(shown.height / size.height) * 100}%` } })
    : null;
  return h("div", { style: { position: "relative", display: "inline-block", maxWidth: "100%", cursor: "crosshair", userSelect: "none", overflow: "hidden" } },
    h("img", {
      id, src, alt: "Click the picture's focal point, or drag over its focal area", draggable: false,
      ref: (image: HTMLImageElement | null) => (host.image = image),
      style: { display: "block", maxWidth: "100%", maxHeight: "420px" },
      onLoad: (e: { target: HTMLImageElement }) => host.setState({ size: { width: e.target.naturalWidth, height: e.target.naturalHeight } }),
      onPointerDown: (e: PointerEvent) => {
        const p = pointOn(host, e);
        if (p) host.setState({ drag: { start: p, end: p } });
      },
      onPointerMove: (e: PointerEvent) => {
        const p = pointOn(host, e);
        if (p && host.state.drag) host.setState({ drag: { start: host.state.drag.start, end: p } });
      },
      onPointerUp: (e: PointerEvent) => {
        const p = pointOn(host, e);
        const { drag: d, size: s } = host.state;
        host.setState({ drag: null });
        if (p && d && s) onChange(focalArea(d.start, p, s, focal));
      },
    }),
    box);
}

export function registerFocalPointWidget(): void {
  const { CMS, h, createClass } = decap();
  const control = createClass({
    getInitialState(this: FocalControl): FocalState {
      return { file: String(current(itemKey(this.props.parentIds), "file") ?? ""), src: "", size: null, drag: null };
    },
    componentDidMount(this: FocalControl) {
      const item = itemKey(this.props.parentIds);
      this.stop = subscribe(item, "file", (file) => this.setState({ file: String(file ?? "") }));
      // The item's image-file widget tells its name when mounted, after this one's first render.
      const file = String(current(item, "file") ?? "");
      if (file !== this.state.file) this.setState({ file });
      else loadPicture.call(this);
    },
    componentDidUpdate(this: FocalControl, previous: ControlProps, before: FocalState) {
      if (previous.getAsset !== this.props.getAsset || before.file !== this.state.file) loadPicture.call(this);
    },
    componentWillUnmount(this: FocalControl) {
      this.stop?.();
    },
    render(this: FocalControl) {
      const { value, onChange, forID } = this.props;
      const focal = readFocalPoint(value);
      const picture = this.state.src
        ? focalPicture(this, focal, onChange, forID)
        : h("p", { style: { color: "#798291" } }, this.state.file ? "Loading the picture..." : "Choose the image's file first; its picture then shows here.");
      const said = focal ? `Centre ${focal.x}, ${focal.y}; area ${focal.width} x ${focal.height} pixels.` : "No focal point: renditions are cropped around the picture's centre.";
      return h("div", null, picture,
        h("p", { "data-focal-text": "", style: { margin: "8px 0", fontSize: "13px" } }, said,
          focal ? h("button", { type: "button", style: { marginLeft: "12px" }, onClick: () => onChange(null) }, "Clear") : null));
    },
  });
  CMS.registerWidget("focal-point", control);
}
