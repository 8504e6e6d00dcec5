// The admin's file formats (src/admin/keep-layout.ts): a file read and written without change keeps
// its bytes; an edit changes only the lines of what changed, in JSON and YAML; a cleared optional
// value leaves the file, a cleared required one stays; a new file is written as `new` writes one;
// every result reads back, through the build's own reader, as the value meant.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { sameValue } from "../../src/admin/keep-layout-clean.js";
import { changesBetween } from "../../src/admin/keep-layout-diff.js";
import { editJson } from "../../src/admin/keep-layout-json.js";
import { parseYaml } from "../../src/admin/keep-layout-parse.js";
import { inFormOrder } from "../../src/admin/keep-layout-shape.js";
import { spliceYaml } from "../../src/admin/keep-layout-yaml-splice.js";
import { editYamlDocument, yamlLayout } from "../../src/admin/keep-layout-yaml.js";
import { fromFile, LayoutError, MAX_FILE_BYTES, shapeOf, SOURCE_KEY, toFile, type Format, type Shape } from "../../src/admin/keep-layout.js";
import { parseSource } from "../../src/load/read-source.js";
import { newEvent } from "../../src/scaffold/new-event.js";
import { newList } from "../../src/scaffold/new-list.js";
import { sourceText } from "../../src/scaffold/source-text.js";
import { copyContent, FIXTURES, removeDir, ROOT, tempDir } from "../helpers/cli.js";
import { EVENT_FIELDS, FILE_FIELDS } from "../helpers/decap-fields.js";
import { writeYamlTwin } from "../helpers/yaml-twin.js";

type Data = Record<string, any>;
interface ContentFile {
  name: string;
  text: string;
  format: Format;
}

const EVENT_SHAPE = shapeOf(EVENT_FIELDS);
let work = "";
/** The bundled example and the good fixtures, as JSON and as their YAML twins. */
const files: { json: ContentFile[]; yaml: ContentFile[] } = { json: [], yaml: [] };

function walk(dir: string, rel = ""): Array<{ abs: string; rel: string }> {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    const r = rel ? `${rel}/${name}` : name;
    if (statSync(abs).isDirectory()) return walk(abs, r);
    return /\.(json|ya?ml)$/.test(name) ? [{ abs, rel: r }] : [];
  });
}

const read = (dir: string, label: string): ContentFile[] =>
  walk(dir).map(({ abs, rel }) => ({ name: `${label}/${rel}`, text: readFileSync(abs, "utf8"), format: rel.endsWith(".json") ? "json" : "yaml" }));

beforeAll(() => {
  work = tempDir("bc-keep-layout-");
  const good = path.join(FIXTURES, "good");
  writeYamlTwin(path.join(ROOT, "content"), path.join(work, "example"));
  writeYamlTwin(good, path.join(work, "good"));
  files.json = [...read(path.join(ROOT, "content"), "content"), ...read(good, "good")];
  files.yaml = [...read(path.join(work, "example"), "content (YAML)"), ...read(path.join(work, "good"), "good (YAML)")];
});
afterAll(() => removeDir(work));

const isEvent = (f: ContentFile) => /(^|\/)events\/[^/]+$/.test(f.name) && !f.name.includes("/expected/");
const isContent = (f: ContentFile) => f.name.startsWith("content") || f.name.includes("/content/");

/** The Decap fields' shape of a file by its name, and whether it is a list file. */
function shapeFor(f: ContentFile): { shape: Shape; wrapped: boolean } {
  const value = parse(f.text, f.format);
  const wrapped = Array.isArray(value);
  if (isEvent(f)) return { shape: EVENT_SHAPE, wrapped };
  const stem = path.basename(f.name).replace(/\.(json|ya?ml)$/, "");
  return { shape: shapeOf(isContent(f) ? (FILE_FIELDS[stem] ?? []) : wrapped ? [{ name: "items", widget: "list" }] : []), wrapped };
}

/** A file's value as the build reads it (its own reader, a byte-order mark dropped, duplicate keys refused). */
function parse(text: string, format: Format): unknown {
  const read = parseSource(text, format === "json" ? "file.json" : "file.yaml");
  const errors = read.diagnostics.filter((d) => d.severity === "error");
  if (!read.source || errors.length > 0) throw new Error(`does not read back: ${errors.map((d) => d.message).join("; ")}\n${text}`);
  return read.source.data;
}

/** toFile, and the result checked to read back as `expected` (the cleaned new value). */
function save(data: Data, format: Format, shape: Shape, expected: unknown, wrapped = false): string {
  const text = toFile(data, format, wrapped, shape);
  expect(parse(text, format)).toStrictEqual(expected);
  expect(text).not.toContain(SOURCE_KEY);
  return text;
}

const copy = <T>(v: T): T => structuredClone(v);
/** The data without the source, as the file's value. */
const valueOf = (data: Data): Data => {
  const { [SOURCE_KEY]: _source, ...rest } = data;
  return copy(rest);
};

/** The lines that differ: the old and new lines between the common start and the common end. */
function changed(before: string, after: string): { at: number; removed: string[]; added: string[] } {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { at: start, removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

describe("shapeOf: the shape of a collection's fields", () => {
  it("reads required (Decap's default true), objects, lists of objects, of one field, and of typed items", () => {
    const shape = shapeOf([
      { name: "id", widget: "number" },
      { name: "slug", required: false },
      { name: "event", widget: "object", fields: [{ name: "id" }, { name: "code", required: false }] },
      { name: "performances", widget: "list", fields: [{ name: "id" }, { name: "venue", required: false }] },
      { name: "genre", widget: "list", required: false, field: { name: "id", widget: "number", required: false } },
      { name: "tags", widget: "list" },
      {
        name: "blocks",
        widget: "list",
        typeKey: "kind",
        types: [{ name: "text", widget: "object", fields: [{ name: "value" }, { name: "id", required: false }] }, { label: "no name" }],
      },
      { label: "a field without a name is passed over" },
    ]);
    expect(shape).toStrictEqual({
      fields: {
        id: {},
        slug: { optional: true },
        event: { fields: { id: {}, code: { optional: true } } },
        performances: { items: { fields: { id: {}, venue: { optional: true } } } },
        genre: { optional: true, items: {} },
        tags: { items: {} },
        blocks: { items: { typeKey: "kind", types: { text: { fields: { kind: {}, value: {}, id: { optional: true } } } } } },
      },
    });
    expect(Object.keys(shapeOf(EVENT_FIELDS).fields!)).toEqual(EVENT_FIELDS.map((f) => f.name));
  });

  it("a list the form leaves optional but gives a default (one that may be empty) stays in the file when empty", () => {
    const fields = [{ name: "title" }, { name: "performances", widget: "list", required: false, default: [], fields: [{ name: "id" }] }, { name: "faqs", widget: "list", required: false, field: { name: "id" } }];
    const shape = shapeOf(fields);
    expect(shape.fields!.performances).toStrictEqual({ items: { fields: { id: {} } } });
    expect(toFile({ title: "New", performances: [], faqs: [] }, "json", false, shape)).toBe('{\n  "title": "New",\n  "performances": []\n}\n');
  });
});

describe("a file read and written without change keeps its bytes", () => {
  it("every file of the example and of the good fixtures, JSON and YAML", () => {
    const all = [...files.json, ...files.yaml];
    expect(files.json.filter(isEvent).length).toBeGreaterThan(90);
    expect(files.yaml.filter(isEvent).length).toBeGreaterThan(90);
    for (const f of all) {
      const { shape, wrapped } = shapeFor(f);
      const data = fromFile(f.text, f.format, wrapped);
      expect(data[SOURCE_KEY], f.name).toBe(f.text);
      expect(wrapped ? data.items : valueOf(data), f.name).toStrictEqual(parse(f.text, f.format));
      expect(toFile(data, f.format, wrapped, shape), f.name).toBe(f.text);
    }
  });

  it("a list file is {items} in the form, and a list again on disk", () => {
    const venues = files.json.find((f) => f.name === "content/venues.json")!;
    const data = fromFile(venues.text, "json", true);
    expect(Object.keys(data).sort()).toEqual(["items", SOURCE_KEY].sort());
    expect(Array.isArray(data.items)).toBe(true);
  });
});

describe("an edit changes only the lines of what changed", () => {
  const each = (format: Format, run: (f: ContentFile, data: Data) => void) => () => {
    const events = files[format].filter(isEvent);
    for (const f of events) run(f, fromFile(f.text, format, false));
  };

  for (const format of ["json", "yaml"] as const) {
    describe(format, () => {
      it(
        "a new title changes its one line (every event page)",
        each(format, (f, data) => {
          data.title = `${data.title} (revised)`;
          const out = save(data, format, EVENT_SHAPE, valueOf(data));
          const diff = changed(f.text, out);
          expect(diff.removed.length, f.name).toBe(1);
          expect(diff.added, f.name).toHaveLength(1);
          expect(diff.added[0], f.name).toMatch(/title/);
          expect(diff.added[0], f.name).toContain("(revised)");
        }),
      );

      it(
        "a new performance adds lines inside performances only (every event page)",
        each(format, (f, data) => {
          const expected = valueOf(data);
          const added = { id: 999001, ticketing_code: 999002, datetime: "2027-01-01T19:30", venue: 2 };
          expected.performances.push(added);
          // Decap's data has its own key order: the file has the form's.
          data.performances.push({ venue: 2, datetime: "2027-01-01T19:30", ticketing_code: 999002, id: 999001 });
          const out = save(data, format, EVENT_SHAPE, expected);
          const diff = changed(f.text, out);
          const [from, to] = performancesLines(out, format);
          const [oldFrom, oldTo] = performancesLines(f.text, format);
          expect(diff.at, f.name).toBeGreaterThanOrEqual(Math.max(from, oldFrom));
          expect(diff.at + diff.added.length - 1, f.name).toBeLessThanOrEqual(to);
          expect(diff.at + diff.removed.length - 1, f.name).toBeLessThanOrEqual(oldTo);
          expect(diff.added.join("\n"), f.name).toMatch(/999001[^]*999002[^]*2027-01-01T19:30[^]*venue/);
          // Lines are added; at most one is changed: the last item's end gets its comma (JSON), or an empty list's line becomes the list.
          expect(diff.removed.length, f.name).toBeLessThanOrEqual(1);
        }),
      );

      it(
        "removing or clearing an optional key removes exactly its lines (sub_title, ticket_button_text, custom_label)",
        each(format, (f, data) => {
          for (const key of ["sub_title", "ticket_button_text", "custom_label"]) {
            if (typeof data[key] !== "string" || data[key] === "") continue;
            for (const cleared of [undefined, "", null, "delete"]) {
              const edited = copy(data);
              if (cleared === "delete") delete edited[key];
              else edited[key] = cleared;
              const expected = valueOf(data);
              delete expected[key];
              const out = save(edited, format, EVENT_SHAPE, expected);
              expect(out, `${f.name} ${key}`).toBe(withoutKeyLines(f.text, format, lineOf(f.text, format, key)));
            }
          }
        }),
      );

      it(
        "clearing the program (\"\" or null) removes the key, and clearing it again changes nothing",
        each(format, (f, data) => {
          if (typeof data.program !== "number") return;
          for (const cleared of ["", null]) {
            const expected = valueOf(data);
            delete expected.program;
            const out = save({ ...copy(data), program: cleared }, format, EVENT_SHAPE, expected);
            expect(out, f.name).toBe(withoutKeyLines(f.text, format, lineOf(f.text, format, "program")));
            // The file as saved holds no program; the editor clears it again: nothing changes.
            expect(toFile({ ...fromFile(out, format, false), program: "" }, format, false, EVENT_SHAPE)).toBe(out);
          }
        }),
      );

      it(
        "clearing a performance's venue removes the key",
        each(format, (f, data) => {
          const index = data.performances.findIndex((p: Data) => typeof p.venue === "number");
          if (index === -1) return;
          const expected = valueOf(data);
          delete expected.performances[index].venue;
          const edited = copy(data);
          edited.performances[index].venue = "";
          const out = save(edited, format, EVENT_SHAPE, expected);
          const line = lineOf(f.text, format, "venue", lineOf(f.text, format, "id", 0, String(data.performances[index].id)));
          expect(out, f.name).toBe(withoutKeyLines(f.text, format, line));
        }),
      );

      it(
        "a cleared required key stays in the file (title, event.ticketing_code)",
        each(format, (f, data) => {
          for (const edited of [
            { ...copy(data), title: "" },
            { ...copy(data), event: { ...data.event, ticketing_code: null } },
          ]) {
            const out = save(edited, format, EVENT_SHAPE, valueOf(edited));
            const diff = changed(f.text, out);
            expect(diff.removed, f.name).toHaveLength(1);
            expect(diff.added, f.name).toHaveLength(1);
            expect(diff.added[0], f.name).toMatch((edited as Data).title === "" ? /title.*""/ : /ticketing_code.*null/);
          }
        }),
      );
    });
  }

  it("the example's events were all touched by the tests above (they hold the keys they edit)", () => {
    const events = files.json.filter((f) => f.name.startsWith("content/events/")).map((f) => fromFile(f.text, "json", false));
    expect(events.filter((e) => typeof e.sub_title === "string").length).toBeGreaterThan(5);
    expect(events.filter((e) => typeof e.program === "number").length).toBeGreaterThan(5);
    expect(events.filter((e) => (e.performances as Data[]).some((p) => typeof p.venue === "number")).length).toBeGreaterThan(1);
  });
});

/** The first and last line of the performances list in a text (the key's line for an empty list). */
function performancesLines(text: string, format: Format): [number, number] {
  const lines = text.split("\n");
  const key = lines.findIndex((l) => (format === "json" ? /^\s*"performances":/ : /^performances:/).test(l));
  if (/\[\s*\],?\s*$/.test(lines[key]!)) return [key, key];
  if (format === "json") {
    const indent = /^\s*/.exec(lines[key]!)![0];
    const end = lines.findIndex((l, i) => i > key && l.startsWith(`${indent}]`));
    return [key, end];
  }
  const next = lines.findIndex((l, i) => i > key && /^\S/.test(l));
  return [key, next === -1 ? lines.length - 1 : next - 1];
}

/** The line of a key (after line `from`; with `value`, the line where it has that value). */
function lineOf(text: string, format: Format, key: string, from = 0, value?: string): number {
  const lines = text.split("\n");
  const after = value === undefined ? "" : `\\s*${value}\\b`;
  const pattern = format === "json" ? new RegExp(`"${key}":${after}`) : new RegExp(`^\\s*(?:- )?${key}:${after}`);
  const found = lines.findIndex((l, i) => i >= from && pattern.test(l));
  if (found === -1) throw new Error(`no line of ${key} in\n${text}`);
  return found;
}

/**
 * The text with the key at line `at` removed, as an editor would: its line (and, in YAML, the
 * lines that continue its value); in JSON, the comma of the line before when it was the last key.
 */
function withoutKeyLines(text: string, format: Format, at: number): string {
  const lines = text.split("\n");
  let end = at + 1;
  const key = /^\s*"([^"]+)":/.exec(lines[at]!);
  if (format === "json" && !key) {
    // A key of a one-line object: the line loses the key and the comma before it.
    lines[at] = lines[at]!.replace(/, "(venue|program)": \d+/, "");
    return lines.join("\n");
  }
  if (format === "yaml") {
    const indent = /^\s*(- )?/.exec(lines[at]!)![0].length;
    while (end < lines.length && /^\s/.test(lines[end]!) && /^\s*/.exec(lines[end]!)![0].length > indent && !/^\s*- /.test(lines[end]!)) end++;
  } else if (/^\s*[}\]]/.test(lines[end]!)) {
    lines[at - 1] = lines[at - 1]!.replace(/,$/, "");
  }
  lines.splice(at, end - at);
  return lines.join("\n");
}

/** A YAML page laid out by hand: comments, a flow map, four-space indentation, lists not indented under their key, a blank line, a block scalar. */
const SEAGULL = `# yaml-language-server: $schema=../../schemas/event.schema.json
# The Seagull: spring season.
id: 201
title:    'The Seagull'      # working title
first_published_at: 2026-01-15T09:30:00+11:00
on_sale: true
event: { id: 401, ticketing_code: 5101 }
venue: 1
program: null
sub_title: "by Anton Chekhov"

thumbnail:
    image: 31      # the poster
performances:
-   id: 6101
    ticketing_code: 80111
    datetime: 2026-05-12T19:30

-   id: 6102
    ticketing_code: 80112
    datetime: "2026-05-13T19:30"
    venue: 2
description:
-   type: richtext
    value:
        text: |
            <p>Chekhov's comedy.</p>
            <p>In four acts.</p>
`;

describe("a YAML file laid out by hand keeps its layout and comments", () => {
  const open = () => fromFile(SEAGULL, "yaml", false);
  const seagull = () => valueOf(open());

  it("reads as the value, and writes back unchanged", () => {
    expect(valueOf(open())).toStrictEqual(parse(SEAGULL, "yaml"));
    expect(toFile(open(), "yaml", false, EVENT_SHAPE)).toBe(SEAGULL);
  });

  it("a scalar keeps its quotes, its comment and the spaces around it", () => {
    const out = save({ ...open(), title: "A Seagull" }, "yaml", EVENT_SHAPE, { ...seagull(), title: "A Seagull" });
    expect(out).toBe(SEAGULL.replace("'The Seagull'", "'A Seagull'"));
    const quoted = save({ ...open(), sub_title: "by A. Chekhov" }, "yaml", EVENT_SHAPE, { ...seagull(), sub_title: "by A. Chekhov" });
    expect(quoted).toBe(SEAGULL.replace('"by Anton Chekhov"', '"by A. Chekhov"'));
    const inFlow = open();
    (inFlow.event as Data).ticketing_code = 5102;
    expect(save(inFlow, "yaml", EVENT_SHAPE, valueOf(inFlow))).toBe(SEAGULL.replace("ticketing_code: 5101", "ticketing_code: 5102"));
  });

  it("a value that needs quotes gets them; one on several lines becomes a block", () => {
    const out = save({ ...open(), title: "Seagull: the play, #2" }, "yaml", EVENT_SHAPE, { ...seagull(), title: "Seagull: the play, #2" });
    expect(out).toBe(SEAGULL.replace("'The Seagull'", "'Seagull: the play, #2'"));
    const plain = save({ ...open(), venue: "123" }, "yaml", EVENT_SHAPE, { ...seagull(), venue: "123" });
    expect(plain).toBe(SEAGULL.replace("venue: 1\n", 'venue: "123"\n'));
    const lines = save({ ...open(), sub_title: "by Anton\nChekhov" }, "yaml", EVENT_SHAPE, { ...seagull(), sub_title: "by Anton\nChekhov" });
    expect(lines).toBe(SEAGULL.replace('sub_title: "by Anton Chekhov"\n', 'sub_title: "by Anton\\nChekhov"\n'));
    const block = save({ ...open(), title: "The\nSeagull" }, "yaml", EVENT_SHAPE, { ...seagull(), title: "The\nSeagull" });
    expect(block).toBe(SEAGULL.replace("title:    'The Seagull'      # working title\n", "title: |-      # working title\n    The\n    Seagull\n"));
  });

  it("a block scalar stays a block, at its indentation", () => {
    const data = open();
    ((data.description as Data[])[0]!.value as Data).text = "<p>Chekhov's comedy.</p>\n<p>In three acts.</p>\n";
    const out = save(data, "yaml", EVENT_SHAPE, valueOf(data));
    expect(out).toBe(SEAGULL.replace("In four acts.", "In three acts."));
  });

  it("a cleared optional key loses its line; a null the file holds stays; a cleared program goes", () => {
    const expected = seagull();
    delete expected.sub_title;
    const out = save({ ...open(), sub_title: "" }, "yaml", EVENT_SHAPE, expected);
    expect(out).toBe(SEAGULL.replace('sub_title: "by Anton Chekhov"\n', ""));
    expect(out).toContain("program: null\n");
    const program = seagull();
    delete program.program;
    expect(save({ ...open(), program: "" }, "yaml", EVENT_SHAPE, program)).toBe(SEAGULL.replace("program: null\n", ""));
  });

  it("a new performance is written after the last, as its neighbours are laid out", () => {
    const data = open();
    (data.performances as Data[]).push({ datetime: "2026-05-14T19:30", ticketing_code: 80113, id: 6103, venue: "" });
    const expected = seagull();
    expected.performances.push({ id: 6103, ticketing_code: 80113, datetime: "2026-05-14T19:30" });
    const out = save(data, "yaml", EVENT_SHAPE, expected);
    expect(out).toBe(SEAGULL.replace("    venue: 2\n", "    venue: 2\n-   id: 6103\n    ticketing_code: 80113\n    datetime: 2026-05-14T19:30\n"));
  });

  it("a performance removed takes its lines; a new key goes after the key the form puts before it", () => {
    const data = open();
    (data.performances as Data[]).shift();
    data.slug = "the-seagull";
    const expected: Data = { ...seagull(), slug: "the-seagull" };
    expected.performances.shift();
    const out = save(data, "yaml", EVENT_SHAPE, expected);
    expect(out).toBe(SEAGULL.replace("-   id: 6101\n    ticketing_code: 80111\n    datetime: 2026-05-12T19:30\n", "").replace("id: 201\n", "id: 201\nslug: the-seagull\n"));
  });

  it("a change the text cannot take in place (a key added to a flow map) goes through the Document: comments and values kept", () => {
    const data = open();
    (data.event as Data).note = "added";
    (data as Data).title = "A Seagull";
    const out = save(data, "yaml", EVENT_SHAPE, valueOf(data));
    for (const comment of ["# yaml-language-server: $schema=../../schemas/event.schema.json", "# The Seagull: spring season.", "# working title", "# the poster"]) expect(out).toContain(comment);
    expect(out).toContain("event: { id: 401, ticketing_code: 5101, note: added }");
    expect(out).toContain("title: 'A Seagull'");
    expect(out).toContain("|\n            <p>Chekhov's comedy.</p>");
  });
});

/** The value with every object's keys in reverse order, as Decap's data may hold them. */
function reversedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversedKeys);
  if (v === null || typeof v !== "object") return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reversedKeys(x)]));
}

/** The value without keys holding "", null or [] (the performances aside, which a page requires). */
function withoutEmpty(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutEmpty);
  if (v === null || typeof v !== "object") return v;
  const empty = (x: unknown) => x === "" || x === null || (Array.isArray(x) && x.length === 0);
  return Object.fromEntries(Object.entries(v).filter(([k, x]) => k === "performances" || !empty(x)).map(([k, x]) => [k, withoutEmpty(x)]));
}

describe("a new file is written in the project's layout", () => {
  let site = "";
  beforeAll(async () => {
    site = path.join(work, "site");
    mkdirSync(site);
    copyContent(path.join(ROOT, "content"), site);
    // A schemas/ folder beside the content: `new event` names the schema in the page.
    mkdirSync(path.join(site, "schemas"));
    writeFileSync(path.join(site, "schemas/event.schema.json"), "{}\n");
    writeFileSync(path.join(site, "schemas/genres.schema.json"), "{}\n");
    await newEvent({ slug: "new-show", content: "content", cwd: site });
    await newEvent({ slug: "new-show-yaml", content: "content", cwd: site, yaml: true });
    await newList({ list: "genres", content: "content", cwd: site, yaml: true });
  });

  for (const format of ["json", "yaml"] as const) {
    it(`${format}: as \`build-catalogue new event\` writes the same page (its empty optional lists left out), whatever the data's key order`, () => {
      const written = readFileSync(path.join(site, "content/events", format === "json" ? "new-show.json" : "new-show-yaml.yaml"), "utf8");
      const page = parse(written, format) as Data;
      expect(page.$schema).toBe("../../schemas/event.schema.json");
      const expected = { ...page };
      delete expected.genre;
      delete expected.accessibility;
      const out = save(reversedKeys(page) as Data, format, EVENT_SHAPE, expected);
      const withoutEmptyLists = written
        .split("\n")
        .filter((l) => !/^\s*"?(genre|accessibility)"?: \[\],?$/.test(l))
        .join("\n");
      expect(out).toBe(withoutEmptyLists);
      // With its lists filled, the page is written exactly as `new` writes it.
      const filled = { ...page, genre: [1], accessibility: [2] };
      const layout = format === "json" ? `${JSON.stringify(filled, null, 2)}\n` : written.replace("genre: []", "genre:\n  - 1").replace("accessibility: []", "accessibility:\n  - 2");
      expect(save(reversedKeys(filled) as Data, format, EVENT_SHAPE, filled)).toBe(layout);
    });
  }

  it("two-space JSON with a final newline, keys in the form's order; YAML as `new` writes it (every event page of the example)", () => {
    for (const f of files.json.filter((x) => x.name.startsWith("content/events/"))) {
      // Without the empty values a new file leaves out (a new file has no source to keep them from).
      const value = withoutEmpty(parse(f.text, "json")) as Data;
      const out = save(reversedKeys(value) as Data, "json", EVENT_SHAPE, value);
      expect(out).toBe(`${JSON.stringify(JSON.parse(out), null, 2)}\n`);
      const order = EVENT_FIELDS.map((field) => field.name);
      const keys = Object.keys(JSON.parse(out) as Data);
      expect(keys, f.name).toEqual([...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      // YAML: as `new event --yaml` writes the page (the scaffolds' own writer), its schema named first.
      const yaml = save(reversedKeys(value) as Data, "yaml", EVENT_SHAPE, value);
      expect(yaml, f.name).toBe(sourceText(JSON.parse(out), true, typeof value.$schema === "string" ? value.$schema : null));
    }
  });

  it("a new list file is a list on disk, as `new genres --yaml` writes it", () => {
    const written = readFileSync(path.join(site, "content/genres.yaml"), "utf8");
    const items = parse(written, "yaml") as Data[];
    const shape = shapeOf(FILE_FIELDS.genres!);
    const yaml = save({ items: reversedKeys(items) as Data[] }, "yaml", shape, items, true);
    // `new genres` names the schema in a first line; the admin's new list files have no $schema to name.
    expect(yaml).toBe(written.replace(/^# yaml-language-server: .*\n/, ""));
    expect(save({ items }, "json", shape, items, true)).toBe(`${JSON.stringify(items, null, 2)}\n`);
    expect(save({}, "json", shape, [], true)).toBe("[]\n");
  });
});

describe("list files (venues, programs, images) stay lists and change line by line", () => {
  for (const format of ["json", "yaml"] as const) {
    it(`${format}: a name changed, a venue added, one removed, an optional key cleared`, () => {
      const f = files[format].find((x) => /^content( \(YAML\))?\/venues\.(json|yaml)$/.test(x.name))!;
      const shape = shapeOf(FILE_FIELDS.venues!);
      const original = parse(f.text, format) as Data[];
      const open = () => fromFile(f.text, format, true) as { items: Data[] };

      const renamed = open();
      renamed.items[1]!.name = "Drama Studio Two";
      const one = changed(f.text, save(renamed, format, shape, renamed.items, true));
      expect(one.removed).toHaveLength(1);
      expect(one.added).toHaveLength(1);

      const added = open();
      added.items.push({ ticketing_code: "NEW", name: "New Hall", id: 99, time_zone: "" });
      const expected = [...original, { id: 99, name: "New Hall", ticketing_code: "NEW" }];
      const grown = changed(f.text, save(added, format, shape, expected, true));
      expect(grown.removed.length).toBeLessThanOrEqual(1);
      expect(grown.added.join("\n")).toMatch(/99[^]*New Hall[^]*NEW/);
      expect(grown.added.join("\n")).not.toMatch(/time_zone/);

      const removed = open();
      removed.items.splice(1, 1);
      const shrunk = changed(f.text, save(removed, format, shape, original.filter((_, i) => i !== 1), true));
      expect(shrunk.added).toHaveLength(0);
      expect(shrunk.removed.join("\n")).toContain("Drama Studio");
      expect(shrunk.removed.length).toBe(format === "json" ? 5 : 3);

      const index = original.findIndex((v) => typeof v.time_zone === "string");
      const cleared = open();
      cleared.items[index]!.time_zone = "";
      const out = save(cleared, format, shape, original.map((v, i) => (i === index ? { id: v.id, name: v.name, ticketing_code: v.ticketing_code } : v)), true);
      const diff = changed(f.text, out);
      expect(diff.removed.join("\n")).toContain("time_zone");
      expect(diff.removed.length).toBe(format === "json" ? 2 : 1);
    });
  }

  it("images: a focal point set, a size cleared, `alt: \"\"` kept where the file holds it", () => {
    const f = files.json.find((x) => x.name === "content/images.json")!;
    const shape = shapeOf(FILE_FIELDS.images!);
    const data = fromFile(f.text, "json", true) as { items: Data[] };
    const original = parse(f.text, "json") as Data[];
    const withEmptyAlt = original.findIndex((i) => i.alt === "");
    expect(withEmptyAlt).toBeGreaterThanOrEqual(0);
    data.items[0]!.focal_point = { x: 1, y: 2, width: 3, height: 4 };
    data.items[1]!.alt = "";
    const expected = copy(original);
    expected[0]!.focal_point = { x: 1, y: 2, width: 3, height: 4 };
    delete expected[1]!.alt;
    const out = save(data, "json", shape, expected, true);
    expect(out).toContain(`"alt": ""`);
    expect(out.split("\n").length).toBe(f.text.split("\n").length + 6 - 1);
  });
});

describe("typed blocks, nested objects and keys the form does not know", () => {
  const hamlet = () => files.json.find((f) => f.name === "content/events/hamlet.json")!;

  it("a block's optional keys are cleared as the page's are; an empty value the file holds stays", () => {
    const data = fromFile(hamlet().text, "json", false);
    const blocks = data.description as Data[];
    blocks[0]!.id = "";
    blocks[2]!.value.title = "";
    blocks[2]!.value.quote.citation = null;
    blocks[3]!.value.figures[0].caption = "";
    blocks[5]!.value.groups[0].logos[0].additional_text = "";
    blocks[5]!.value.groups[0].logos[1].link = "";
    blocks[4]!.value.credit_list[0].credit = "";
    const expected = valueOf(data);
    const want = expected.description as Data[];
    delete want[0]!.id;
    delete want[2]!.value.title;
    delete want[2]!.value.quote.citation;
    delete want[3]!.value.figures[0].caption;
    delete want[5]!.value.groups[0].logos[1].link;
    const out = save(data, "json", EVENT_SHAPE, expected);
    expect(out).toContain(`"additional_text": "",`);
    expect(out).toContain(`"credit": ""`);
    expect(out).not.toMatch(/"(id|title|caption|link)": ""|"citation"/);
    // Each cleared key's line goes; nothing else changes but the credit and the commas before removed last keys.
    const diff = changed(hamlet().text, out);
    expect(out.split("\n").length).toBe(hamlet().text.split("\n").length - 5);
    expect(diff.added.length).toBeLessThan(diff.removed.length);
  });

  it("a block added in the middle of the description is one insertion, its keys in the form's order", () => {
    const data = fromFile(hamlet().text, "json", false);
    (data.description as Data[]).splice(1, 0, { value: "https://video.example/v/new", type: "embed" });
    const out = save(data, "json", EVENT_SHAPE, valueOf(data));
    const second = '    {\n      "type": "embed",\n      "value": "https://video.example/v/hamlet';
    expect(hamlet().text).toContain(second);
    expect(out).toBe(hamlet().text.replace(second, `    {\n      "type": "embed",\n      "value": "https://video.example/v/new"\n    },\n${second}`));
  });

  it("keys the form does not know, and a __proto__ key, are kept", () => {
    const text = '{\n  "id": 1,\n  "title": "A",\n  "__proto__": {"x": 1},\n  "custom": [1]\n}\n';
    const data = fromFile(text, "json", false);
    expect(Object.keys(data)).toContain("__proto__");
    data.title = "B";
    const out = toFile(data, "json", false, EVENT_SHAPE);
    expect(out).toBe(text.replace('"A"', '"B"'));
    expect(JSON.parse(out)).toStrictEqual(JSON.parse(text.replace('"A"', '"B"')));
    const fresh = valueOf(data);
    expect(toFile(fresh, "json", false, EVENT_SHAPE)).toBe('{\n  "id": 1,\n  "title": "B",\n  "__proto__": {\n    "x": 1\n  },\n  "custom": [\n    1\n  ]\n}\n');
  });

  it("a value Decap gives as something JSON has not (a Date, undefined in a list) is written as JSON would", () => {
    const text = '{\n  "id": 1,\n  "title": "A",\n  "faqs": [1]\n}\n';
    const data = { ...fromFile(text, "json", false), title: undefined, faqs: [1, undefined], when: new Date("2026-01-01T00:00:00Z") };
    const out = toFile(data, "json", false, EVENT_SHAPE);
    expect(JSON.parse(out)).toStrictEqual({ id: 1, title: null, faqs: [1, null], when: "2026-01-01T00:00:00.000Z" });
  });
});

describe("the file's bytes beyond its values", () => {
  it("a byte-order mark and Windows line ends are kept through an edit (JSON and YAML)", () => {
    for (const format of ["json", "yaml"] as const) {
      const f = files[format].find((x) => /events\/hamlet\.(json|yaml)$/.test(x.name))!;
      const text = `\uFEFF${f.text.replace(/\n/g, "\r\n")}`;
      const data = fromFile(text, format, false);
      expect(toFile(data, format, false, EVENT_SHAPE)).toBe(text);
      data.title = "Hamlet!";
      (data.performances as Data[]).push({ id: 1, ticketing_code: 2, datetime: "2027-01-01T19:30" });
      delete data.sub_title;
      const out = save(data, format, EVENT_SHAPE, valueOf(data));
      expect(out.startsWith("\uFEFF")).toBe(true);
      expect(out.replace(/\r\n/g, "")).not.toContain("\n");
      expect(out.endsWith("\r\n")).toBe(true);
    }
  });

  it("a file without a final newline stays without one; tab-indented JSON keeps its tabs", () => {
    const text = '{\n\t"id": 1,\n\t"title": "A"\n}';
    const data = fromFile(text, "json", false);
    data.slug = "a";
    data.thumbnail = { image: 3 };
    expect(save(data, "json", EVENT_SHAPE, valueOf(data))).toBe('{\n\t"id": 1,\n\t"slug": "a",\n\t"title": "A",\n\t"thumbnail": {\n\t\t"image": 3\n\t}\n}');
    const yaml = fromFile("id: 1\ntitle: A", "yaml", false);
    yaml.venue = 2;
    expect(save(yaml, "yaml", EVENT_SHAPE, valueOf(yaml))).toBe("id: 1\ntitle: A\nvenue: 2\n");
  });

  it("YAML with anchors and aliases is written so that it reads as the value meant", () => {
    const text = "# venues\nvenue: &main 1\nid: 5\ntitle: A\nperformances:\n  - id: 1\n    venue: *main\n";
    const data = fromFile(text, "yaml", false);
    data.venue = 2;
    const out = save(data, "yaml", EVENT_SHAPE, valueOf(data));
    expect(out).toContain("# venues");
  });
});

describe("bounds and refusals", () => {
  it("refuses a file past the size bound, saying so", () => {
    const big = `{"id": 1, "title": "${"x".repeat(MAX_FILE_BYTES)}"}`;
    expect(() => fromFile(big, "json", false)).toThrow(LayoutError);
    expect(() => fromFile(big, "json", false)).toThrow(/the file is 4\.0 MB; the admin edits files of at most 4 MB/);
    // Characters of several bytes count as bytes.
    expect(() => fromFile(`["${"é".repeat(MAX_FILE_BYTES / 2)}"]`, "json", true)).toThrow(/at most 4 MB/);
    const small = fromFile('{"id": 1}', "json", false);
    expect(() => toFile({ ...small, title: "x".repeat(MAX_FILE_BYTES) }, "json", false, EVENT_SHAPE)).toThrow(/the entry is 4\.0 MB/);
  });

  it("refuses text nested past the build's bound, in JSON and YAML, however deep", () => {
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(() => fromFile(`{"a": ${deep(70)}}`, "json", false)).toThrow(/nested deeper than 64 levels/);
    expect(() => fromFile(`a: ${deep(70)}`, "yaml", false)).toThrow(/nested deeper than 64 levels/);
    expect(() => fromFile(`{"a": ${deep(200_000)}}`, "json", false)).toThrow(LayoutError);
    expect(() => fromFile(`a: ${deep(100_000)}`, "yaml", false)).toThrow(LayoutError);
    let nested: unknown = 1;
    for (let i = 0; i < 70; i++) nested = [nested];
    expect(() => toFile({ id: 1, faqs: nested }, "json", false, EVENT_SHAPE)).toThrow(/nested deeper than 64 levels/);
  });

  it("refuses what is not one object (or, for a list file, one list), saying what it holds", () => {
    expect(() => fromFile("", "json", false)).toThrow(/the file is empty/);
    expect(() => fromFile('{"id": 1,}', "json", false)).toThrow(/not valid JSON/);
    expect(() => fromFile("id: 1\n  title: [", "yaml", false)).toThrow(/not valid YAML: .*line/);
    expect(() => fromFile("a: 1\n---\nb: 2\n", "yaml", false)).toThrow(/not valid YAML/);
    expect(() => fromFile("[1]", "json", false)).toThrow(/must hold one JSON object of keys and values, and holds a list/);
    expect(() => fromFile('{"a": 1}', "json", true)).toThrow(/must hold a list \(a JSON array\) of items, and holds an object/);
    expect(() => fromFile("- 1\n", "yaml", false)).toThrow(/must hold one YAML mapping/);
    expect(() => fromFile(`{"${SOURCE_KEY}": 1}`, "json", false)).toThrow(/keeps for itself/);
  });

  it("reads YAML as the build does: 1.2 core schema (dates and yes/no are text)", () => {
    const data = fromFile("id: 1\ntitle: yes\nfirst_published_at: 2026-01-01T09:00\nvenue: 0x1F\n", "yaml", false);
    expect(valueOf(data)).toStrictEqual({ id: 1, title: "yes", first_published_at: "2026-01-01T09:00", venue: 31 });
  });
});

describe("random edits (seeded): every way of editing reads back as the value meant", () => {
  let seed = 1;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  /** Values changed, keys and items removed, added and copied, strings that need quotes or a block. */
  function mutate(v: unknown): unknown {
    if (Array.isArray(v)) {
      const a = v.map((x) => (random(4) === 0 ? mutate(x) : x));
      const r = random(6);
      if (r === 0 && a.length > 0) a.splice(random(a.length), 1);
      if (r === 1) a.splice(random(a.length + 1), 0, a.length > 0 ? structuredClone(a[random(a.length)]) : random(100));
      return a;
    }
    if (v !== null && typeof v === "object") {
      const o: Data = {};
      for (const [k, x] of Object.entries(v)) {
        const r = random(12);
        if (r !== 0) o[k] = r < 4 ? mutate(x) : x;
      }
      if (random(6) === 0) o[`k${random(5)}`] = random(2) ? "new\nline" : { a: [1, { b: "x: y" }] };
      return o;
    }
    const r = random(6);
    if (typeof v === "string") return [`${v} more`, "", "a\nb", "123", v, v][r];
    if (typeof v === "number") return [v + 1, "text", v, v, v, v][r];
    return v;
  }

  it("JSON in place, YAML in place and through the Document, in three YAML layouts and both ends of line", () => {
    const pages = files.json.filter(isEvent);
    let inPlace = 0;
    let edits = 0;
    for (const f of pages) {
      const value = JSON.parse(f.text) as unknown;
      for (const [n, style] of [{}, { indent: 4, indentSeq: false }, { indent: 3, lineWidth: 40 }].entries()) {
        const yaml = stringify(value, style).replace(/\n/g, n === 1 ? "\r\n" : "\n");
        for (let i = 0; i < 3; i++) {
          const next = inFormOrder(mutate(value), EVENT_SHAPE);
          const changes = changesBetween(value, next, EVENT_SHAPE);
          edits++;
          expect(sameValue(parse(editJson(f.text, changes), "json"), next), f.name).toBe(true);
          const spliced = spliceYaml(yaml, parseYaml(yaml), changes, yamlLayout(yaml, parseYaml(yaml)));
          if (spliced !== null) {
            inPlace++;
            expect(sameValue(parse(spliced, "yaml"), next), `${f.name}\n${spliced}`).toBe(true);
          }
          const doc = parseYaml(yaml);
          expect(sameValue(parse(editYamlDocument(doc, changes, yamlLayout(yaml, doc)), "yaml"), next), f.name).toBe(true);
        }
      }
    }
    expect(edits).toBeGreaterThan(800);
    // Nearly every edit is made in place (the rest, such as a first key removed from a `- key:` line, through the Document).
    expect(inPlace / edits).toBeGreaterThan(0.95);
  });
});
