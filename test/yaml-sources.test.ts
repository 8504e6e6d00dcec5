// YAML sources: the example content written as YAML builds the very same bytes as the JSON, and
// every bad-input fixture written as YAML gives the same diagnostics (file, key path, message),
// located at the key in the YAML text. Two files for one thing are an error.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../src/build.js";
import type { Diagnostic } from "../src/model/diagnostics.js";
import { formatKeyPath } from "../src/model/diagnostics.js";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { parse as parseYaml } from "yaml";
import { writeYamlTwin } from "./helpers/yaml-twin.js";

const NOW = "2026-11-23T09:00:00+11:00";
const BAD = path.join(FIXTURES, "bad");
let work = "";
beforeAll(() => void (work = tempDir("bc-yaml-")));
afterAll(() => removeDir(work));

describe("the example content as YAML", () => {
  it("builds the same files, byte for byte, as the JSON it was converted from", () => {
    const jsonDir = path.join(work, "json");
    mkdirSync(jsonDir);
    copyContent(path.join(ROOT, "content"), jsonDir);
    const yamlDir = path.join(work, "yaml");
    writeYamlTwin(path.join(ROOT, "content"), path.join(yamlDir, "content"));
    expect(readdirSync(path.join(yamlDir, "content/events")).every((n) => n.endsWith(".yaml"))).toBe(true);
    const json = runCli(["build", "--now", NOW], { cwd: jsonDir });
    const yaml = runCli(["build", "--now", NOW], { cwd: yamlDir });
    expect(json.code, json.output).toBe(0);
    expect(yaml.code, yaml.output).toBe(0);
    const a = snapshotTree(path.join(jsonDir, "dist"));
    expect(a.size).toBeGreaterThan(150);
    expect(snapshotTree(path.join(yamlDir, "dist"))).toEqual(a);
  });

  it("mixes with JSON: .yml settings and every other event page in YAML build the same bytes", () => {
    const dir = path.join(work, "mixed");
    let n = 0;
    writeYamlTwin(path.join(ROOT, "content"), path.join(dir, "content"), (rel) => !rel.startsWith("events/") || n++ % 2 === 0);
    renameSync(path.join(dir, "content/catalogue.yaml"), path.join(dir, "content/catalogue.yml"));
    const run = runCli(["build", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(snapshotTree(path.join(dir, "dist"))).toEqual(snapshotTree(path.join(work, "json/dist")));
  });
});

/** Diagnostics of a check of `<dir>/content`, as the CLI prints them (files relative to `dir`). */
async function diagnosticsOf(dir: string): Promise<Diagnostic[]> {
  const result = await check({ content: "content", cwd: dir, now: "2026-05-01T00:00:00Z" });
  expect(result.ok).toBe(false);
  return result.diagnostics;
}

/** A YAML diagnostic as its JSON twin words it: the file names (.yaml for .json) and the word for an object. */
const asJson = (s: string) => s.replace(/\.yaml\b/g, ".json").replace("one YAML mapping", "one JSON object");

/** The key a path ends in is written in the file (not a missing key pointed at its object). */
function keyIsWritten(file: string, keyPath: readonly (string | number)[]): boolean {
  let value: unknown = parseYaml(readFileSync(file, "utf8"));
  for (const key of keyPath) {
    if (value === null || typeof value !== "object" || !(key in value)) return false;
    value = (value as Record<string | number, unknown>)[key];
  }
  return true;
}

const reasons = readdirSync(BAD).filter((r) => !r.startsWith("invalid-json")).sort();

describe.each(reasons)("bad input written as YAML: %s", (reason) => {
  it("gives the JSON fixture's diagnostics, each pointing at its key in the YAML", async () => {
    const jsonDir = path.join(work, `bad-json-${reason}`);
    const yamlDir = path.join(work, `bad-yaml-${reason}`);
    copyContent(path.join(BAD, reason, "content"), jsonDir);
    writeYamlTwin(path.join(BAD, reason, "content"), path.join(yamlDir, "content"));
    const fromJson = await diagnosticsOf(jsonDir);
    const fromYaml = await diagnosticsOf(yamlDir);
    expect(fromYaml.map((d) => [d.severity, asJson(d.file), formatKeyPath(d.path)])).toEqual(fromJson.map((d) => [d.severity, d.file, formatKeyPath(d.path)]));
    expect(fromYaml.some((d) => d.file.endsWith(".yaml")) || fromYaml.every((d) => d.line === undefined)).toBe(true);
    fromYaml.forEach((y, i) => {
      const j = fromJson[i]!;
      // YAML may add how to write a value in YAML (quotes, true/false); the rest is the same words.
      const words = j.message.replace(/, found .*$/, "");
      expect(asJson(y.message).startsWith(asJson(words)), `${y.message}\nvs\n${j.message}`).toBe(true);
      expect(y.line === undefined, `${y.file} ${formatKeyPath(y.path)}`).toBe(j.line === undefined);
      if (y.line === undefined) return;
      const lines = readFileSync(path.join(yamlDir, y.file), "utf8").split("\n");
      const text = lines[y.line - 1]!;
      expect(y.sourceLine).toBe(text);
      const at = text.slice(y.column! - 1);
      const last = y.path.at(-1);
      const missing = !keyIsWritten(path.join(yamlDir, y.file), y.path);
      if (typeof last === "string" && !missing) expect(at, `${y.file}:${y.line}:${y.column}`).toMatch(new RegExp(`^["']?${last.replace(/\$/g, "\\$")}["']?:`));
      else if (typeof last === "number") expect(text.slice(0, y.column! - 1).trimEnd(), `${y.file}:${y.line}:${y.column}`).toMatch(/-$/);
      else if (y.path.length === 0) expect([y.line, y.column]).toEqual([1, 1]);
    });
  });
});

describe("YAML-only mistakes", () => {
  const setUp = (name: string, files: Record<string, string>): string => {
    const dir = path.join(work, name);
    writeYamlTwin(path.join(FIXTURES, "good/spec-example/content"), path.join(dir, "content"));
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, "content", file), text);
    return dir;
  };

  it("a syntax error is located, with a code frame", () => {
    const dir = setUp("yaml-syntax", { "venues.yaml": "- id: 1\n  name: Drama Theatre\n  ticketing_code: \"DRT\n" });
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    // The quote that is never closed: where the value that runs to the end of the file begins.
    expect(run.stderr).toContain('content/venues.yaml:3:19: invalid YAML at line 3, column 19: Missing closing "quote');
    expect(run.stderr).toContain('     3 |   ticketing_code: "DRT\n       |                   ^\n');
  });

  it("an alias without its anchor is located at the alias; one with its anchor builds", () => {
    const venues = "- id: 1\n  name: Drama Theatre\n  ticketing_code: DRT\n- id: 2\n  name: *stage\n  ticketing_code: RVS\n  time_zone: Australia/Brisbane\n";
    const bad = runCli(["check", "--now", NOW], { cwd: setUp("yaml-alias", { "venues.yaml": venues }) });
    expect(bad.code, bad.output).toBe(1);
    expect(bad.stderr).toContain("content/venues.yaml:5:9: cannot be read as YAML: Unresolved alias");
    const good = venues.replace("name: Drama Theatre", "name: &stage Drama Theatre");
    const run = runCli(["check", "--now", NOW], { cwd: setUp("yaml-alias-good", { "venues.yaml": good }) });
    expect(run.code, run.output).toBe(0);
  });

  it("a key written twice is an error at its second spelling", () => {
    const dir = setUp("yaml-duplicate", { "venues.yaml": "- id: 1\n  name: Drama Theatre\n  ticketing_code: DRT\n  name: Playhouse\n" });
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain('content/venues.yaml:4:3: [0].name: the key "name" is written twice in this object (first at line 2)');
  });

  it("an unquoted number, an empty value or yes where text or true/false is expected says how to write it in YAML", () => {
    const dir = setUp("yaml-types", { "venues.yaml": "- id: 1\n  name:\n  ticketing_code: 123\n" });
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain("content/venues.yaml:2:3: [0].name: must be text, found null; in YAML an empty value");
    expect(run.stderr).toContain('content/venues.yaml:3:3: [0].ticketing_code: must be text, found the number 123; YAML reads an unquoted 123 as a number: put the value in quotes, such as "123"');
  });

  it("times and dates stay text: an unquoted 2026-05-12T19:30 builds", () => {
    const dir = setUp("yaml-times", {});
    const file = readdirSync(path.join(dir, "content/events"))[0]!;
    const text = readFileSync(path.join(dir, "content/events", file), "utf8");
    expect(text).toMatch(/datetime: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(0);
  });

  it("venues.json beside venues.yaml, and an event page in both formats, are errors naming both files", () => {
    const dir = setUp("yaml-twice", {});
    copyContent(path.join(FIXTURES, "good/spec-example/content"), path.join(work, "yaml-twice-json"));
    const jsonContent = path.join(work, "yaml-twice-json/content");
    writeFileSync(path.join(dir, "content/venues.json"), readFileSync(path.join(jsonContent, "venues.json")));
    const event = readdirSync(path.join(jsonContent, "events"))[0]!;
    writeFileSync(path.join(dir, "content/events", event), readFileSync(path.join(jsonContent, "events", event)));
    const run = runCli(["check", "--now", NOW], { cwd: dir });
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain("content/venues.yaml: both venues.json and venues.yaml exist");
    expect(run.stderr).toContain(`content/events/${event.replace(".json", ".yaml")}: both ${event} and ${event.replace(".json", ".yaml")} exist`);
    expect(run.stderr.trimEnd().split("\n").at(-1)).toMatch(/^Check failed: 2 errors in 2 files\./);
  });
});
