// Which changes under the content folder start a preview build (src/preview/watch-content.ts):
// all but editors' dot-named swap and temporary files, which the build does not read.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mattersToBuild } from "../../src/preview/watch-content.js";

const content = path.resolve("site", "content");
const at = (...parts: string[]) => path.join(content, ...parts);

describe("mattersToBuild", () => {
  it("keeps every file and folder the build reads or warns about", () => {
    for (const p of [content, at("catalogue.json"), at("events"), at("events", "hamlet.json"), at("events", "hamlet.yaml"), at("events", "notes.txt"), at("events", "more"), at("notes.json"), at(".draft.json")]) {
      expect(mattersToBuild(content, p), p).toBe(true);
    }
  });

  it("leaves out dot-named files and folders the build skips", () => {
    for (const p of [at("events", ".hamlet.json.swp"), at("events", ".hamlet.json.tmp"), at(".git"), at(".git", "index"), at("events", ".cache", "x.json"), at(".swap")]) {
      expect(mattersToBuild(content, p), p).toBe(false);
    }
  });
});
