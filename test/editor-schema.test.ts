// The schemas in an editor: VS Code's own JSON engine (vscode-json-languageservice) reads the
// example content's $schema paths and .vscode/settings.json, finds nothing wrong in the example,
// flags a fixture's mistake on the line the build names, and completes the keys of an event page;
// the YAML language server (what VS Code's YAML extension runs) does the same for YAML files.
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import languageService from "vscode-json-languageservice";
import { TextDocument as YamlTextDocument } from "vscode-languageserver-textdocument";
import { stringify } from "yaml";
import yamlLanguageServer from "yaml-language-server";
import { describe, expect, it } from "vitest";
import { DEFAULT_GENRES } from "../src/content/lists.js";
import { FIXTURES, ROOT } from "./helpers/cli.js";

const { getLanguageService, TextDocument } = languageService;

const settings = JSON.parse(readFileSync(path.join(ROOT, ".vscode/settings.json"), "utf8")) as {
  "json.schemas": { fileMatch: string[]; url: string }[];
  "yaml.schemas": Record<string, string[]>;
};

/** A language service as VS Code sets it up in this workspace: $schema paths, and the settings' mappings. */
function editor(withSettings: boolean) {
  const service = getLanguageService({
    schemaRequestService: async (uri) => readFile(fileURLToPath(uri), "utf8"),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({
    validate: true,
    allowComments: false,
    schemas: withSettings
      ? settings["json.schemas"].map((s) => ({ uri: pathToFileURL(path.join(ROOT, s.url)).href, fileMatch: s.fileMatch }))
      : [],
  });
  return async (file: string, text = readFileSync(file, "utf8")) => {
    const doc = TextDocument.create(pathToFileURL(file).href, "json", 1, text);
    const json = service.parseJSONDocument(doc);
    return { doc, json, service, problems: await service.doValidation(doc, json) };
  };
}

describe("VS Code's JSON engine", () => {
  it("finds nothing wrong in the example content, from $schema alone", async () => {
    const open = editor(false);
    const content = path.join(ROOT, "content");
    const files = [path.join(content, "catalogue.json"), ...readdirSync(path.join(content, "events")).map((n) => path.join(content, "events", n))];
    for (const file of files) expect((await open(file)).problems, file).toEqual([]);
  });

  it("finds nothing wrong in the array files, mapped by .vscode/settings.json", async () => {
    const open = editor(true);
    for (const name of ["venues.json", "programs.json", "images.json"]) expect((await open(path.join(ROOT, "content", name))).problems, name).toEqual([]);
  });

  it("without its schema, a file is not checked (so the checks above are the schemas' doing)", async () => {
    const file = path.join(FIXTURES, "bad/unknown-key/content/events/the-seagull.json");
    expect((await editor(false)(file)).problems).toEqual([]);
  });

  it.each([
    ["unknown-key", /Property venu is not allowed/],
    ["wrong-type", /Incorrect type\. Expected "boolean"/],
    ["id-string", /Incorrect type\. Expected "integer"/],
    ["bad-slug", /does not match the pattern/],
  ])("flags the mistake of %s on the line and column the build names", async (reason, message) => {
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, "bad", reason, "expect.json"), "utf8")) as { file: string; line: number; column: number };
    const { problems } = await editor(true)(path.join(FIXTURES, "bad", reason, "content", expected.file));
    const found = problems.find((p) => message.test(String(p.message)));
    expect(found, JSON.stringify(problems)).toBeDefined();
    expect(found!.range.start.line + 1).toBe(expected.line);
    // VS Code marks the value of a wrong type, the build the key before it: the same line, the key's column or later.
    expect(found!.range.start.character + 1).toBeGreaterThanOrEqual(expected.column);
  });

  it("completes the keys an event page may still take, with their descriptions", async () => {
    const file = path.join(ROOT, "content/events/hamlet.json");
    const text = readFileSync(file, "utf8");
    const { doc, json, service } = await editor(false)(file, text.replace('"venue": ', '"": 0, "x_venue": '));
    const at = doc.positionAt(text.indexOf('"venue": ') + 1);
    const items = (await service.doComplete(doc, at, json))!.items;
    const venue = items.find((i) => i.label === "venue");
    expect(venue).toBeDefined();
    expect(JSON.stringify(venue!.documentation ?? "")).toContain("A venue id from venues.json.");
  });
});

describe("the default genres and accessibility values in VS Code's JSON engine", () => {
  const file = path.join(ROOT, "content/events/hamlet.json");
  /** Hamlet with `genre` and `accessibility` as given, and the offset just inside the end of `genre`'s list. */
  function hamlet(genre: string, accessibility = "[1]") {
    const text = readFileSync(file, "utf8")
      .replace(/"genre": \[[^\]]*\]/, `"genre": ${genre}`)
      .replace(/"accessibility": \[[^\]]*\]/, `"accessibility": ${accessibility}`);
    return { text, genreAt: text.indexOf(`"genre": ${genre}`) + `"genre": `.length };
  }

  it("completes a genre id with the default genre's name, and an accessibility value's likewise", async () => {
    const { text, genreAt } = hamlet("[]");
    const { doc, json, service } = await editor(false)(file, text);
    const items = (await service.doComplete(doc, doc.positionAt(genreAt + 1), json))!.items;
    expect(items.map((i) => [i.label, i.documentation])).toEqual(
      DEFAULT_GENRES.map((g) => [String(g.id), `${g.name} (a default genre, while the site has no genres.json)`]),
    );
    const at = text.indexOf('"accessibility": [1]') + '"accessibility": ['.length;
    const access = (await service.doComplete(doc, doc.positionAt(at), json))!.items;
    expect(access.find((i) => i.label === "4")?.documentation).toBe("Assistance Animals Permitted (a default accessibility value, while the site has no accessibility.json)");
  });

  it("names a default genre on hover, and takes any other id without a problem (a site's own genres.json may define it)", async () => {
    const { text, genreAt } = hamlet("[16, 99]");
    const { doc, json, service, problems } = await editor(false)(file, text);
    expect(problems).toEqual([]);
    const opera = await service.doHover(doc, doc.positionAt(genreAt + 1), json);
    expect(JSON.stringify(opera?.contents)).toContain("`16`: **Opera**");
    const other = await service.doHover(doc, doc.positionAt(genreAt + 5), json);
    expect(JSON.stringify(other?.contents)).toContain("an id of the site's own genres");
    // The schema still refuses what is no id.
    const bad = await editor(false)(file, hamlet('[0, "Opera"]').text);
    expect(bad.problems.length).toBeGreaterThan(0);
  });

  it("offers the default genres whole in an empty genres.json", async () => {
    const genres = path.join(ROOT, "content/genres.json");
    const { doc, json, service } = await editor(true)(genres, "");
    const items = (await service.doComplete(doc, doc.positionAt(0), json))!.items;
    const whole = items.find((i) => String(i.insertText ?? "").includes('"Community Ballet & Dance"'));
    expect(whole, JSON.stringify(items.map((i) => i.label))).toBeDefined();
    expect(JSON.parse(String(whole!.insertText).replace(/\$\{\d+:([^}]*)\}|\$\d+/g, "$1").replace(/\\(.)/g, "$1"))).toEqual(DEFAULT_GENRES);
  });
});

/** The YAML language server as VS Code's YAML extension sets it up here: modelines, and the settings' `yaml.schemas`. */
function yamlEditor(withSettings: boolean) {
  const service = yamlLanguageServer.getLanguageService({
    schemaRequestService: async (uri) => readFile(fileURLToPath(uri), "utf8"),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({
    validate: true,
    completion: true,
    hover: true,
    yamlVersion: "1.2",
    schemas: withSettings
      ? Object.entries(settings["yaml.schemas"]).map(([url, fileMatch]) => ({ uri: pathToFileURL(path.join(ROOT, url)).href, fileMatch }))
      : [],
  });
  // The server caches a parsed document by address and version, as an editor's buffer: each text is a new version.
  return (file: string, text: string) => ({ doc: YamlTextDocument.create(pathToFileURL(file).href, "yaml", ++version, text), service });
}
let version = 0;

/** An event page of the example as YAML, with its `$schema` key left out. */
function hamletYaml(): string {
  const data = JSON.parse(readFileSync(path.join(ROOT, "content/events/hamlet.json"), "utf8")) as Record<string, unknown>;
  delete data.$schema;
  return stringify(data);
}

describe("the YAML language server (VS Code's YAML extension)", () => {
  const file = path.join(ROOT, "content/events/hamlet.yaml");

  it("checks a YAML event page by the settings' yaml.schemas: clean as written, an unknown key and yes for true flagged on their lines", async () => {
    const open = yamlEditor(true);
    const clean = open(file, hamletYaml());
    expect(await clean.service.doValidation(clean.doc, false)).toEqual([]);
    const text = hamletYaml().replace(/^venue:/m, "venu:").replace(/^on_sale: false/m, "on_sale: yes");
    expect(text).toMatch(/^on_sale: yes$/m);
    const bad = open(file, text);
    const problems = await bad.service.doValidation(bad.doc, false);
    const lines = text.split("\n");
    expect(problems.find((p) => /Property venu is not allowed/.test(p.message))?.range.start.line).toBe(lines.indexOf(lines.find((l) => l.startsWith("venu:"))!));
    expect(problems.find((p) => /Incorrect type\. Expected "boolean"/.test(p.message))?.range.start.line).toBe(lines.findIndex((l) => l.startsWith("on_sale:")));
  });

  it("completes a genre id with the default genre's name, and names it on hover", async () => {
    const text = hamletYaml().replace(/^genre:.*\n(?:  - .*\n)*/m, "genre:\n  - 16\n  - \n");
    const lines = text.split("\n");
    const at = lines.indexOf("genre:");
    const { doc, service } = yamlEditor(true)(file, text);
    const items = (await service.doComplete(doc, { line: at + 2, character: 4 }, false)).items;
    expect(items.find((i) => i.label === "11")?.documentation).toBe("Classical Music (a default genre, while the site has no genres.json)");
    const hover = await service.doHover(doc, { line: at + 1, character: 4 });
    expect(JSON.stringify(hover?.contents)).toContain("`16`: **Opera**");
  });

  it("reads the schema a modeline names, relative to the file, and completes missing keys", async () => {
    const text = `# yaml-language-server: $schema=../../schemas/event.schema.json\n${hamletYaml().replace(/^venue: .*\n/m, "")}`;
    const { doc, service } = yamlEditor(false)(file, text);
    const problems = await service.doValidation(doc, false);
    expect(problems.map((p) => p.message)).toEqual(['Missing property "venue".']);
    const end = text.split("\n").length - 1;
    const items = (await service.doComplete(doc, { line: end, character: 0 }, false)).items.map((i) => i.label);
    expect(items).toContain("venue");
  });
});
