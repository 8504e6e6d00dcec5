// The admin's preview computes the page's API document in the browser with the build's own code:
// here, in Node, the document it makes from an entry's form data is the very one the CLI builds
// for the same page at the same now, byte for byte; and the SHA-1 the browser's bundle hashes with
// (browser-crypto.ts, for block ids and rendition names) is node:crypto's.
import { createHash as nodeHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { editConfig } from "../../src/admin/config.js";
import { createHash as browserHash } from "../../src/admin/extension/browser-crypto.js";
import { previewOf } from "../../src/admin/extension/preview-document.js";
import { toForm } from "../../src/admin/form-view.js";
import { SOURCE_KEY } from "../../src/admin/keep-layout.js";
import { validateSettings } from "../../src/validate/settings.js";
import { removeDir, ROOT, runCli, tempDir } from "../helpers/cli.js";

const CONTENT = path.join(ROOT, "content");
const NOW = "2026-05-01T00:00:00Z";

describe("the preview's document", () => {
  it("is the document the build writes for the page, for every page of the example", () => {
    const dir = tempDir();
    try {
      const built = runCli(["build", "--content", CONTENT, "--out", path.join(dir, "dist"), "--now", NOW], { cwd: dir });
      expect(built.code, built.output).toBe(0);
      const file = (name: string) => {
        const text = readFileSync(path.join(CONTENT, `${name}.json`), "utf8");
        return { file: `${name}.json`, data: JSON.parse(text) as unknown, text, format: "json" as const };
      };
      const check = validateSettings({ catalogue: file("catalogue"), venues: file("venues"), programs: file("programs"), images: file("images"), genres: null, accessibility: null, events: [] }, Number.MAX_SAFE_INTEGER);
      const settings = { look: check.look, settings: check.settings! };
      const events = editConfig(CONTENT).collections.find((c) => c.name === "events")!;
      const zone = check.settings!.catalogue.time_zone;
      let compared = 0;
      for (const name of readdirSync(path.join(CONTENT, "events"))) {
        const text = readFileSync(path.join(CONTENT, "events", name), "utf8");
        const page = JSON.parse(text) as { id: number };
        const form = { ...toForm(page, events.fields), [SOURCE_KEY]: text };
        const shown = previewOf(form, `events/${name}`, events.fields, settings, zone, NOW);
        const answer = path.join(dir, "dist/api/v2/pages", String(page.id), "index.json");
        expect("json" in shown, name).toBe(true);
        if ("json" in shown) expect(shown.json, name).toBe(readFileSync(answer, "utf8"));
        compared++;
      }
      expect(compared).toBeGreaterThan(80);
    } finally {
      removeDir(dir);
    }
  });

  it("names the problems the build would refuse, and waits for settings it cannot read", () => {
    const events = editConfig(CONTENT).collections.find((c) => c.name === "events")!;
    expect(previewOf({ title: "x" }, "events/x.json", events.fields, null, "Australia/Sydney", NOW)).toHaveProperty("waiting");
  });
});

describe("the browser's SHA-1", () => {
  it("is node:crypto's, for text and bytes, whole and in parts", () => {
    for (const text of ["", "abc", "event-page:193:description:0", "é ★ 😀".repeat(50)]) {
      expect(browserHash("sha1").update(text, "utf8").digest("hex")).toBe(nodeHash("sha1").update(text, "utf8").digest("hex"));
    }
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);
    expect(Buffer.from(browserHash("sha1").update(bytes).update("tail").digest()).equals(nodeHash("sha1").update(bytes).update("tail").digest())).toBe(true);
    expect(() => browserHash("md5")).toThrow(/only sha1/);
  });
});
