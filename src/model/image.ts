// An image as the build knows it once its original is read: the format its file holds. Types only.
import type { ImageSource } from "../content/lists.js";

/** An original's format, as the probe names it (src/media/probe.ts). */
export type SourceFormat = "jpeg" | "png" | "gif" | "webp" | "avif" | "bmp" | "tiff" | "heic" | "svg";

/** An image of images.json, with the format of its original in content/images/ when it has one. */
export interface SiteImage extends ImageSource {
  /** Read from the file's bytes; absent without an original (the file's extension then decides the rendition's name). */
  format?: SourceFormat | undefined;
}
