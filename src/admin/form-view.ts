// The form's view of a file, where it differs from the file's layout, so that an editor sees the
// form in sections and without boxes that hold one thing: a `group` field (Advanced) is a folded
// box in the form whose keys are its parent's in the file; a block type that `unwraps` its value
// shows the value's fields beside the block's own (a rich text block is "Text", not "Value >
// Text"), the file keeping `{type, value: {...}, id}`. The config marks both (collections.ts,
// fields.ts); the admin's format converts on read and on write (extension/main.ts), and a key path
// of the file (a problem the build found) is turned into the form's, to mark its field. No node:
// modules: the browser runs it.
import { isPlainObject } from "./keep-layout-shape.js";

type Field = Record<string, unknown>;
type Data = Record<string, unknown>;

/** The marks on a config field: the keys of its file's parent (Advanced). */
export const GROUP = "group";
/** The mark on a block type: the value shown beside the block's keys, that value's keys, and its own field (its `fields` aside). */
export const UNWRAPS = "unwraps";
export interface Unwraps {
  key: string;
  fields: string[];
  field: Record<string, unknown>;
}

const fieldsOf = (v: unknown): Field[] => (Array.isArray(v) ? v.filter(isPlainObject) : []);
const unwrapsOf = (type: Field): Unwraps | null => (isPlainObject(type[UNWRAPS]) ? (type[UNWRAPS] as unknown as Unwraps) : null);
const typeOf = (list: Field, item: Data): Field | undefined => fieldsOf(list.types).find((t) => t.name === item[typeof list.typeKey === "string" ? list.typeKey : "type"]);

/** The data of a file (its value) as the form holds it. */
export function toForm(data: Data, fields: unknown): Data {
  const out: Data = { ...data };
  for (const field of fieldsOf(fields)) {
    const name = String(field.name);
    if (field[GROUP] === true) {
      const group: Data = {};
      for (const inner of fieldsOf(field.fields)) {
        const key = String(inner.name);
        if (Object.hasOwn(out, key)) {
          group[key] = out[key];
          delete out[key];
        }
      }
      out[name] = toForm(group, field.fields);
      continue;
    }
    out[name] = valueToForm(out[name], field);
  }
  return out;
}

function valueToForm(value: unknown, field: Field): unknown {
  if (Array.isArray(value) && Array.isArray(field.types)) {
    return value.map((item) => {
      if (!isPlainObject(item)) return item;
      const type = typeOf(field, item);
      if (!type) return item;
      const unwraps = unwrapsOf(type);
      const inner = unwraps ? item[unwraps.key] : undefined;
      if (!unwraps || !isPlainObject(inner) || Object.keys(inner).some((k) => !unwraps.fields.includes(k))) return toForm(item, type.fields);
      const { [unwraps.key]: _value, ...own } = item;
      return toForm({ ...own, ...inner }, type.fields);
    });
  }
  if (Array.isArray(value) && Array.isArray(field.fields)) return value.map((item) => (isPlainObject(item) ? toForm(item, field.fields) : item));
  if (isPlainObject(value) && Array.isArray(field.fields)) return toForm(value, field.fields);
  return value;
}

/** The form's data as the file holds it (the inverse of toForm). */
export function toFile(data: Data, fields: unknown): Data {
  let out: Data = { ...data };
  for (const field of fieldsOf(fields)) {
    const name = String(field.name);
    if (field[GROUP] === true) {
      const { [name]: group, ...rest } = out;
      out = isPlainObject(group) ? { ...rest, ...toFile(group, field.fields) } : rest;
      continue;
    }
    if (Object.hasOwn(out, name)) out[name] = valueToFile(out[name], field);
  }
  return out;
}

function valueToFile(value: unknown, field: Field): unknown {
  if (Array.isArray(value) && Array.isArray(field.types)) {
    return value.map((item) => {
      if (!isPlainObject(item)) return item;
      const type = typeOf(field, item);
      if (!type) return item;
      const filed = toFile(item, type.fields);
      const unwraps = unwrapsOf(type);
      if (!unwraps || Object.hasOwn(filed, unwraps.key)) return filed;
      const own: Data = {};
      const inner: Data = {};
      for (const [k, v] of Object.entries(filed)) (unwraps.fields.includes(k) ? inner : own)[k] = v;
      return { ...own, [unwraps.key]: inner };
    });
  }
  if (Array.isArray(value) && Array.isArray(field.fields)) return value.map((item) => (isPlainObject(item) ? toFile(item, field.fields) : item));
  if (isPlainObject(value) && Array.isArray(field.fields)) return toFile(value, field.fields);
  return value;
}

/** The config's fields as the file lays its keys out (a group's fields in its parent, an unwrapped value a field again): the shape the file's writer keeps. */
export function fileFields(fields: unknown): Field[] {
  return fieldsOf(fields).flatMap((field) => {
    if (field[GROUP] === true) return fileFields(field.fields);
    if (Array.isArray(field.types)) {
      const types = fieldsOf(field.types).map((type) => {
        const unwraps = unwrapsOf(type);
        const all = fileFields(type.fields);
        if (!unwraps) return { ...type, fields: all };
        const inner = all.filter((f) => unwraps.fields.includes(String(f.name)));
        const { [UNWRAPS]: _unwraps, ...plain } = type;
        return { ...plain, fields: [{ ...unwraps.field, name: unwraps.key, fields: inner }, ...all.filter((f) => !unwraps.fields.includes(String(f.name)))] };
      });
      return [{ ...field, types }];
    }
    return Array.isArray(field.fields) ? [{ ...field, fields: fileFields(field.fields) }] : [field];
  });
}

/** A key path of the file (`description.0.value.text`, `id`) as the form's (`description.0.text`, `advanced.id`), read along `data` (the file's value). */
export function formKey(key: string, fields: unknown, data: unknown): string {
  const out: string[] = [];
  const parts = key === "" ? [] : key.split(".");
  let level = fieldsOf(fields);
  let value: unknown = data;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const group = level.find((f) => f[GROUP] === true && fieldsOf(f.fields).some((g) => g.name === part));
    if (group) out.push(String(group.name));
    const field = level.find((f) => f.name === part) ?? fieldsOf(group?.fields).find((g) => g.name === part);
    out.push(part);
    value = isPlainObject(value) ? value[part] : undefined;
    if (!field) return [...out, ...parts.slice(i + 1)].join(".");
    if (Array.isArray(field.types) && /^\d+$/.test(parts[i + 1] ?? "")) {
      const index = parts[++i]!;
      out.push(index);
      const item = Array.isArray(value) ? value[Number(index)] : undefined;
      const type = isPlainObject(item) ? typeOf(field, item) : undefined;
      if (!type) return [...out, ...parts.slice(i + 1)].join(".");
      const unwraps = unwrapsOf(type);
      value = item;
      level = fieldsOf(type.fields);
      if (unwraps && parts[i + 1] === unwraps.key && isPlainObject((item as Data)[unwraps.key])) {
        i++;
        value = (item as Data)[unwraps.key];
      }
      continue;
    }
    if (Array.isArray(field.fields)) {
      level = fieldsOf(field.fields);
      if (Array.isArray(value) && /^\d+$/.test(parts[i + 1] ?? "")) {
        out.push(parts[++i]!);
        value = value[Number(parts[i])];
      }
      continue;
    }
    return [...out, ...parts.slice(i + 1)].join(".");
  }
  return out.join(".");
}
