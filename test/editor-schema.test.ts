// The schemas in an editor: VS Code's own JSON engine (vscode-json-languageservice) reads the
// example content's $schema paths and .vscode/settings.json, finds nothing wrong in the example,
// flags a fixture's mistake on the line the build names, and completes the keys of an event page.
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import languageService from "vscode-json-languageservice";
import { describe, expect, it } from "vitest";
import { FIXTURES, ROOT } from "./helpers/cli.js";

const { getLanguageService, TextDocument } = languageService;

const settings = JSON.parse(readFileSync(path.join(ROOT, ".vscode/settings.json"), "utf8")) as {
  "json.schemas": { fileMatch: string[]; url: string }[];
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
