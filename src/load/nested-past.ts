// How deeply a content file's lists and objects may nest, and the check of a parsed value against
// it: no imports, so the admin's browser code holds a file to the very bound the build does.

/**
 * The deepest a list or object may stand: the root value is level 1. An event page's deepest
 * value in the content format, a logo of a logo wall, is 8 levels down (a rich text block's
 * buttons, which take any JSON, a few more as Wagtail writes them); a bound several times that
 * leaves room for any content, and none for recursion to exhaust the stack.
 */
export const MAX_NESTING = 64;

/** A list or an object: what nests. */
export const isCollection = (v: unknown): v is object => typeof v === "object" && v !== null;

/** Whether a parsed value holds a list or object deeper than `limit` levels (the value itself is level 1). */
export function nestedPast(value: unknown, limit = MAX_NESTING): boolean {
  if (!isCollection(value)) return false;
  const pending: object[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const next = pending.pop()!;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    for (const item of Array.isArray(next) ? next : Object.values(next)) {
      if (isCollection(item)) {
        pending.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
