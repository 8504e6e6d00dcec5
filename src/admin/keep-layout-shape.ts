// What the formats that keep a file's layout need to know of a collection's fields: which keys are
// optional (a cleared optional value is removed, keep-layout.ts), and the order of the keys (a new
// key goes where the form shows it; a new file is written in that order). Browser-safe: it is
// bundled into the admin's extension.

/** A field of a Decap CMS collection, as its config gives it; other options are ignored. */
export type DecapField = {
  name: string;
  /** Decap's default is "string". */
  widget?: string;
  /** Decap's default is true. */
  required?: boolean;
  /** An object's fields, or a list's object items' fields. */
  fields?: DecapField[];
  /** A list's single-field items (the items are the field's values). */
  field?: DecapField;
  /** A list's typed items: one object config per type, named by its `name`. */
  types?: DecapField[];
  /** The key of a typed item that names its type; Decap's default is "type". */
  typeKey?: string;
  [option: string]: unknown;
};

/**
 * A value's shape: `fields` for an object (in the form's order), `items` for a list, `types` for a
 * typed list item (chosen by its `typeKey`, default "type"); `optional` for a key that may be left
 * out of its object.
 */
export type Shape = {
  optional?: boolean;
  fields?: Record<string, Shape>;
  items?: Shape;
  types?: Record<string, Shape>;
  typeKey?: string;
};

/**
 * The shape of an object with these fields (a collection's, an object widget's, a list's object
 * items'). The fields come from the admin's config as it was read, so each option is read for
 * what it holds: a field without a name is passed over.
 */
export function shapeOf(fields: ReadonlyArray<DecapField | Record<string, unknown>>): Shape {
  const shaped: Record<string, Shape> = {};
  for (const field of fields) if (typeof field.name === "string") setKey(shaped, field.name, fieldShape(field));
  return { fields: shaped };
}

const fieldList = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.filter(isPlainObject) : []);

function fieldShape(field: Record<string, unknown>): Shape {
  // A field with a default (a list that may be empty) is kept in the file even when empty.
  const shape: Shape = field.required === false && field.default === undefined ? { optional: true } : {};
  if ((field.widget ?? "string") === "list") shape.items = itemShape(field);
  else if (Array.isArray(field.fields)) shape.fields = shapeOf(fieldList(field.fields)).fields!;
  return shape;
}

/** A list's items: objects (`fields`), one field's values (`field`), typed objects (`types`), or strings (none). */
function itemShape(list: Record<string, unknown>): Shape {
  if (Array.isArray(list.types)) {
    const typeKey = typeof list.typeKey === "string" ? list.typeKey : "type";
    const types: Record<string, Shape> = {};
    // The type's key comes first in a typed item, as Decap writes it.
    for (const type of fieldList(list.types)) {
      if (typeof type.name === "string") setKey(types, type.name, { fields: { [typeKey]: {}, ...shapeOf(fieldList(type.fields)).fields } });
    }
    return { types, typeKey };
  }
  if (Array.isArray(list.fields)) return shapeOf(fieldList(list.fields));
  if (isPlainObject(list.field)) {
    const { optional: _optional, ...item } = fieldShape(list.field);
    return item;
  }
  return {};
}

/** An object as JSON, YAML and Decap give one (not a list, nor a Date). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && Object.prototype.toString.call(v) === "[object Object]";

/** The shape of an object's value: its type's shape for a typed item, else its own. */
export function objectShape(value: Record<string, unknown>, shape: Shape | undefined): Shape | undefined {
  if (!shape?.types) return shape;
  const type = value[shape.typeKey ?? "type"];
  return typeof type === "string" ? shape.types[type] : undefined;
}

/** The shape of one key of an object of this shape. */
export function keyShape(shape: Shape | undefined, key: string): Shape | undefined {
  return shape?.fields && Object.prototype.hasOwnProperty.call(shape.fields, key) ? shape.fields[key] : undefined;
}

/** An object's keys in the form's order, then the keys the form does not know, in their own order. */
export function orderedKeys(value: Record<string, unknown>, shape: Shape | undefined): string[] {
  const known = Object.keys(shape?.fields ?? {}).filter((k) => Object.prototype.hasOwnProperty.call(value, k));
  const seen = new Set(known);
  return [...known, ...Object.keys(value).filter((k) => !seen.has(k))];
}

/** The value with every object's keys in the form's order (a new file's layout, and new parts of a file). */
export function inFormOrder(value: unknown, shape: Shape | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => inFormOrder(item, shape?.items));
  if (!isPlainObject(value)) return value;
  const own = objectShape(value, shape);
  const ordered: Record<string, unknown> = {};
  for (const key of orderedKeys(value, own)) setKey(ordered, key, inFormOrder(value[key], keyShape(own, key)));
  return ordered;
}

/** Sets an own key, "__proto__" included (an assignment would set the object's prototype instead). */
export function setKey(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}
