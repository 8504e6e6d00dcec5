// The form's view of an event page (Advanced a folded box, a block's value beside its own keys)
// and back: every page of the example read into the form and written back is the same value, and
// a problem's key path in the file names the form's field.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { editConfig } from "../../src/admin/config.js";
import { fileFields, formKey, toFile, toForm } from "../../src/admin/form-view.js";
import { ROOT } from "../helpers/cli.js";

const CONTENT = path.join(ROOT, "content");
const fields = editConfig(CONTENT).collections.find((c) => c.name === "events")!.fields;
const pages = readdirSync(path.join(CONTENT, "events")).map((name) => JSON.parse(readFileSync(path.join(CONTENT, "events", name), "utf8")) as Record<string, any>);

describe("the form's view of a page", () => {
  it("puts the ids and the first publication in Advanced, and a block's value beside its own keys", () => {
    const page = pages.find((p) => p.description?.some((b: { type: string }) => b.type === "richtext"))!;
    const form = toForm(page, fields);
    expect(form.advanced).toEqual({ id: page.id, event: page.event, first_published_at: page.first_published_at });
    for (const key of ["id", "event", "first_published_at"]) expect(form).not.toHaveProperty(key);
    const index = page.description.findIndex((b: { type: string }) => b.type === "richtext");
    const block = page.description[index];
    expect((form.description as unknown[])[index]).toEqual({ type: "richtext", id: block.id, ...block.value });
    // An embed's value is one field: it stays.
    const embed = page.description.findIndex((b: { type: string }) => b.type === "embed");
    if (embed >= 0) expect((form.description as unknown[])[embed]).toEqual(page.description[embed]);
  });

  it("writes back the same value for every page of the example", () => {
    for (const page of pages) expect(toFile(toForm(page, fields), fields), page.title).toEqual(page);
  });

  it("leaves a value that is not what the form shows as it is: a block's value with a key of its own, a block of no known type", () => {
    const odd = { ...pages[0], description: [{ type: "richtext", value: { text: "<p>x</p>", colour: "red" } }, { type: "gallery", value: { a: 1 } }] };
    const form = toForm(odd, fields);
    expect(form.description).toEqual(odd.description);
    expect(toFile(form, fields)).toEqual(odd);
  });

  it("keeps a page without the Advanced keys without them", () => {
    const { id: _id, event: _event, first_published_at: _first, ...rest } = pages[0]!;
    expect(toFile(toForm(rest, fields), fields)).toEqual(rest);
  });

  it("names a file's key path by the form's", () => {
    const page = pages.find((p) => p.description?.some((b: { type: string }) => b.type === "richtext"))!;
    const index = page.description.findIndex((b: { type: string }) => b.type === "richtext");
    expect(formKey("id", fields, page)).toBe("advanced.id");
    expect(formKey("first_published_at", fields, page)).toBe("advanced.first_published_at");
    expect(formKey("event.ticketing_code", fields, page)).toBe("advanced.event.ticketing_code");
    expect(formKey(`description.${index}.value.text`, fields, page)).toBe(`description.${index}.text`);
    expect(formKey(`description.${index}.id`, fields, page)).toBe(`description.${index}.id`);
    expect(formKey("performances.0.ticketing_code", fields, page)).toBe("performances.0.ticketing_code");
    expect(formKey("venue", fields, page)).toBe("venue");
    expect(formKey("", fields, page)).toBe("");
    expect(formKey("no_such_key.x", fields, page)).toBe("no_such_key.x");
  });

  it("lays the fields out as the file does for the file's writer: the schema's keys, each once", () => {
    const names = fileFields(fields).map((f) => f.name);
    expect(names).toContain("id");
    expect(names).not.toContain("advanced");
    const description = fileFields(fields).find((f) => f.name === "description") as { types: { name: string; fields: { name: string }[] }[] };
    expect(description.types.find((t) => t.name === "richtext")!.fields.map((f) => f.name)).toEqual(["value", "id"]);
  });
});
