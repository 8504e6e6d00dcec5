// Values that one widget of a list item tells the others of the same item: the image-file widget
// tells the focal-point widget which picture to show. Decap gives a widget its own value only; the
// item's widgets share their parents' ids, which name the item.
type Listener = (value: unknown) => void;

const values = new Map<string, unknown>();
const listeners = new Map<string, Set<Listener>>();

/** The key of the item a widget sits in: its parents' ids. */
export const itemKey = (parentIds: string[] | undefined): string => (parentIds ?? []).join("/");

export function publish(item: string, name: string, value: unknown): void {
  const key = `${item}#${name}`;
  if (values.get(key) === value) return;
  values.set(key, value);
  for (const listener of listeners.get(key) ?? []) listener(value);
}

export function current(item: string, name: string): unknown {
  return values.get(`${item}#${name}`);
}

/** Calls `listener` on each change; returns the function that stops it. */
export function subscribe(item: string, name: string, listener: Listener): () => void {
  const key = `${item}#${name}`;
  const set = listeners.get(key) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(key, set);
  return () => set.delete(listener);
}
