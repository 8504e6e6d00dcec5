// The originals an image may be, shared by the edit server's guard and the browser's upload.
// Browser-safe: no node: modules.

/**
 * Wagtail's default upload formats (WAGTAILIMAGES_EXTENSIONS), the ones the build makes renditions
 * of. SVG is not one: Wagtail refuses it by default, the build makes no rendition of it, and an
 * SVG can carry script.
 */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp", "avif"] as const;
