// Wagtail 5.2's `fill-WxH` as arithmetic: which rectangle of the original is cut, and the size it is scaled to.
//
// Every step follows wagtail/images/image_operations.py (FillOperation, ImageTransform) and
// rect.py in the same order of floating-point operations, so that the rounding to whole pixels
// falls where Wagtail's does: a crop one pixel off changes the rendition.

/** A focal point as Wagtail stores it: the centre (`x`, `y`) and the size of the focal area, in pixels. */
export interface FocalPoint {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box in pixels of the (EXIF-oriented) original. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FillSpec {
  width: number;
  height: number;
  /** Wagtail's crop closeness `c<n>`, as a fraction (0 to 1); `fill-550x375` has 0. */
  closeness?: number;
}

export interface FillResult {
  /** The rectangle cut from the original, as Willow crops it (whole pixels, inside the image). */
  crop: Box;
  /** The rendition's size: the filter's, or the crop's own when the crop is smaller (never scaled up). */
  width: number;
  height: number;
  /**
   * Whether the crop is scaled down to the filter's size; false when the original is too small
   * and the rendition keeps the crop's size (Wagtail never scales up).
   */
  resized: boolean;
}

export const THUMBNAIL_FILL: FillSpec = { width: 550, height: 375 };

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const rectFromPoint = (x: number, y: number, width: number, height: number): Rect => ({
  left: x - width / 2,
  top: y - height / 2,
  right: x + width / 2,
  bottom: y + height / 2,
});

function moveToCover(r: Rect, other: Rect): Rect {
  const c = { ...r };
  if (c.left > other.left) {
    c.right -= c.left - other.left;
    c.left = other.left;
  }
  if (c.top > other.top) {
    c.bottom -= c.top - other.top;
    c.top = other.top;
  }
  if (c.right < other.right) {
    c.left += other.right - c.right;
    c.right = other.right;
  }
  if (c.bottom < other.bottom) {
    c.top += other.bottom - c.bottom;
    c.bottom = other.bottom;
  }
  return c;
}

function moveToClamp(r: Rect, other: Rect): Rect {
  const c = { ...r };
  if (c.left < other.left) {
    c.right -= c.left - other.left;
    c.left = other.left;
  }
  if (c.top < other.top) {
    c.bottom -= c.top - other.top;
    c.top = other.top;
  }
  if (c.right > other.right) {
    c.left -= c.right - other.right;
    c.right = other.right;
  }
  if (c.bottom > other.bottom) {
    c.top -= c.bottom - other.bottom;
    c.bottom = other.bottom;
  }
  return c;
}

/** Rect.round(): left and top down, right and bottom up (`+ 0` turns a -0 into 0). */
const roundOut = (r: Rect): Rect => ({
  left: Math.floor(r.left) + 0,
  top: Math.floor(r.top) + 0,
  right: Math.ceil(r.right) + 0,
  bottom: Math.ceil(r.bottom) + 0,
});

/**
 * The crop and the output size of `fill-<spec.width>x<spec.height>` for an original of
 * `width` x `height` pixels (after EXIF orientation) with an optional focal point.
 */
export function fill(width: number, height: number, focal: FocalPoint | null | undefined, spec: FillSpec = THUMBNAIL_FILL): FillResult {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1)) {
    throw new RangeError(`fill: the image's size must be whole pixels, at least 1x1 (got ${width}x${height})`);
  }
  const focalRect = focal ? rectFromPoint(focal.x, focal.y, focal.width, focal.height) : null;
  const aspect = spec.width / spec.height;

  // The largest box of the filter's ratio that fits in the image.
  const maxScale = Math.min(width, height * aspect);
  const maxWidth = maxScale;
  const maxHeight = maxScale / aspect;
  let cropWidth = maxWidth;
  let cropHeight = maxHeight;

  // Crop closeness zooms towards the focal area, never so far that the crop would be scaled up.
  if (focalRect) {
    const minScale = Math.max(focalRect.right - focalRect.left, (focalRect.bottom - focalRect.top) * aspect);
    const minWidth = minScale;
    const minHeight = minScale / aspect;
    if (!(minScale >= maxScale)) {
      const maxCloseness = Math.max(
        1 - (spec.width - minWidth) / (maxWidth - minWidth),
        1 - (spec.height - minHeight) / (maxHeight - minHeight),
      );
      const closeness = Math.min(Math.min(spec.closeness ?? 0, 1), maxCloseness);
      if (closeness <= 1 && closeness >= 0) {
        cropWidth = maxWidth + (minWidth - maxWidth) * closeness;
        cropHeight = maxHeight + (minHeight - maxHeight) * closeness;
      }
    }
  }

  // The focal point's centre keeps its relative position in the box.
  const fpX = focalRect ? (focalRect.left + focalRect.right) / 2 : width / 2;
  const fpY = focalRect ? (focalRect.top + focalRect.bottom) / 2 : height / 2;
  const u = fpX / width;
  const v = fpY / height;
  const cropX = fpX - (u - 0.5) * cropWidth;
  const cropY = fpY - (v - 0.5) * cropHeight;

  let rect = rectFromPoint(cropX, cropY, cropWidth, cropHeight);
  if (focalRect) rect = moveToCover(rect, focalRect);
  rect = moveToClamp(rect, { left: 0, top: 0, right: width, bottom: height });
  const rounded = roundOut(rect);
  const cutWidth = rounded.right - rounded.left;
  const cutHeight = rounded.bottom - rounded.top;
  if (cutWidth < 1 || cutHeight < 1) {
    throw new RangeError(`fill: an empty crop for a ${width}x${height} image`);
  }

  // ImageTransform: the crop moves the offset; a resize sets the scale. Filter.run then crops
  // transform.get_rect().round(), which divides the output size by that scale again: the
  // quotient can land a hair past a whole pixel, and the round outwards then widens the crop by
  // one pixel (Willow clamps it to the image).
  const offsetX = 0.0 - rounded.left / 1.0;
  const offsetY = 0.0 - rounded.top / 1.0;
  const resized = spec.width / cutWidth < 1.0;
  const outWidth = resized ? spec.width : cutWidth;
  const outHeight = resized ? spec.height : cutHeight;
  const scaleX = resized ? (1.0 * spec.width) / cutWidth : 1.0;
  const scaleY = resized ? (1.0 * spec.height) / cutHeight : 1.0;
  const cut = roundOut({
    left: -offsetX,
    top: -offsetY,
    right: -offsetX + outWidth / scaleX,
    bottom: -offsetY + outHeight / scaleY,
  });
  const left = Math.max(0, cut.left);
  const top = Math.max(0, cut.top);
  const right = Math.min(cut.right, width);
  const bottom = Math.min(cut.bottom, height);
  return { crop: { left, top, width: right - left, height: bottom - top }, width: outWidth, height: outHeight, resized };
}
