// The changes that turn a file's value into the edited one, as edits a text can take one at a time
// (keep-layout-json.ts, keep-layout-yaml*.ts): a value set in place, a key or list item removed, a
// key added beside its neighbours in the form's order, list items inserted. Lists are lined up by
// their unchanged start and end, so an item added or removed in the middle is one insertion or
// removal rather than a change of every item after it. Browser-safe.
import { sameValue } from "./keep-layout-clean.js";
import { isPlainObject, keyShape, objectShape, type Shape } from "./keep-layout-shape.js";

export type Path = Array<string | number>;

export type Change =
  | { kind: "set"; path: Path; value: unknown }
  | { kind: "remove"; path: Path }
  /** `after`: the key it follows (one the object holds by then), else `before`: the key it precedes, else at the end. */
  | { kind: "addKey"; path: Path; key: string; value: unknown; after: string | null; before: string | null }
  | { kind: "addItems"; path: Path; index: number; values: unknown[] };

/**
 * The changes from `old` to `next`, in an order they can be applied one after another: each
 * change's path names the value as it stands once the changes before it are made (a list's items
 * are removed from the last, so the indices before them hold). `next` has its keys in the form's
 * order (keep-layout-shape.ts inFormOrder).
 */
export function changesBetween(old: unknown, next: unknown, shape: Shape | undefined): Change[] {
  const changes: Change[] = [];
  diffValue(old, next, shape, [], changes);
  return changes;
}

function diffValue(old: unknown, next: unknown, shape: Shape | undefined, path: Path, out: Change[]): void {
  if (sameValue(old, next)) return;
  if (isPlainObject(old) && isPlainObject(next) && Object.keys(old).length > 0 && Object.keys(next).length > 0) {
    diffObject(old, next, objectShape(next, shape), path, out);
  } else if (Array.isArray(old) && Array.isArray(next) && old.length > 0 && next.length > 0) {
    diffList(old, next, shape?.items, path, out);
  } else {
    // A scalar, a change of type, or a collection that was or becomes empty: written whole.
    out.push({ kind: "set", path, value: next });
  }
}

function diffObject(old: Record<string, unknown>, next: Record<string, unknown>, shape: Shape | undefined, path: Path, out: Change[]): void {
  const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  for (const key of Object.keys(old)) if (!has(next, key)) out.push({ kind: "remove", path: [...path, key] });
  for (const key of Object.keys(next)) if (has(old, key)) diffValue(old[key], next[key], keyShape(shape, key), [...path, key], out);
  const order = Object.keys(next);
  const present = new Set(Object.keys(old).filter((k) => has(next, k)));
  order.forEach((key, i) => {
    if (present.has(key)) return;
    const after = order.slice(0, i).reverse().find((k) => present.has(k)) ?? null;
    const before = after === null ? (order.slice(i + 1).find((k) => present.has(k)) ?? null) : null;
    out.push({ kind: "addKey", path, key, value: next[key], after, before });
    present.add(key);
  });
}

function diffList(old: unknown[], next: unknown[], itemShape: Shape | undefined, path: Path, out: Change[]): void {
  const shortest = Math.min(old.length, next.length);
  let start = 0;
  while (start < shortest && sameValue(old[start], next[start])) start++;
  let end = 0;
  while (end < shortest - start && sameValue(old[old.length - 1 - end], next[next.length - 1 - end])) end++;
  const oldMiddle = old.length - end - start;
  const nextMiddle = next.length - end - start;
  const paired = Math.min(oldMiddle, nextMiddle);
  for (let i = start; i < start + paired; i++) diffValue(old[i], next[i], itemShape, [...path, i], out);
  if (nextMiddle > paired) out.push({ kind: "addItems", path, index: start + paired, values: next.slice(start + paired, start + nextMiddle) });
  for (let i = start + oldMiddle - 1; i >= start + paired; i--) out.push({ kind: "remove", path: [...path, i] });
}
