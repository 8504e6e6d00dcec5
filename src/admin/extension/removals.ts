// A save that removes items asks first. Decap removes a list item (a performance, a venue) at one
// click and saves whatever the list holds, even a list that came up empty by accident; so before a
// save the items the file held and the form no longer holds are named, and the editor confirms.
import { isPlainObject } from "../keep-layout-shape.js";

type Item = Record<string, unknown>;

const itemsOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const idOf = (item: unknown) => (isPlainObject(item) && (typeof item.id === "number" || typeof item.id === "string") ? String(item.id) : null);

/** The items of `before` that `after` no longer holds: matched by id, an item without one by its value. */
export function removedItems(before: unknown, after: unknown): unknown[] {
  const kept = itemsOf(after);
  const ids = new Set(kept.map(idOf).filter((id) => id !== null));
  const values = new Set(kept.map((item) => JSON.stringify(item)));
  return itemsOf(before).filter((item) => {
    const id = idOf(item);
    return id !== null ? !ids.has(id) : !values.has(JSON.stringify(item));
  });
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A performance's wall time in words, as the form's summary shows it: "Sat 12 Sep 2026, 7:30 pm". */
export function wallTimeInWords(datetime: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(datetime);
  if (!m) return datetime;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const weekday = DAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`;
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}, ${clock}`;
}

/** How the question names an item: a performance by its date, a list's item by its name or title; with its id. */
export function itemName(item: unknown): string {
  if (!isPlainObject(item)) return JSON.stringify(item);
  const { id, name, title, datetime } = item as Item;
  const shown = typeof datetime === "string" ? wallTimeInWords(datetime) : typeof name === "string" ? name : typeof title === "string" ? title : null;
  const idText = id === undefined || id === null ? "" : `id ${String(id)}`;
  return shown === null ? idText || JSON.stringify(item) : idText ? `${shown} (${idText})` : shown;
}

/** The question for `removed` items of a kind (`singular`, `plural`), or null when none was removed. */
export function removalQuestion(removed: unknown[], singular: string, plural: string): string | null {
  if (removed.length === 0) return null;
  const names = removed.slice(0, 10).map((item) => `- ${itemName(item)}`);
  if (removed.length > 10) names.push(`- and ${removed.length - 10} more`);
  const what = removed.length === 1 ? `this ${singular}` : `these ${removed.length} ${plural}`;
  return `This save removes ${what}:\n${names.join("\n")}\n\nSave without ${removed.length === 1 ? "it" : "them"}?`;
}
