// The one list of event pages: the path Decap makes back from a page's name (its path less the
// collection's extension, so "hamlet.yaml" in a JSON collection) is read and deleted as the file
// it names, and no other path is touched.
import { describe, expect, it } from "vitest";
import { pagePath } from "../../src/admin/extension/list-every-page.js";

const folders = new Set(["content/events"]);

describe("a page's path, from the name Decap gives it", () => {
  it("is the YAML file a JSON collection's name stands for", () => {
    expect(pagePath("content/events/hamlet.yaml.json", folders, "json")).toBe("content/events/hamlet.yaml");
    expect(pagePath("content/events/hamlet.yml.json", folders, "json")).toBe("content/events/hamlet.yml");
  });

  it("is the JSON or .yml file a YAML collection's name stands for", () => {
    expect(pagePath("content/events/hamlet.json.yaml", folders, "yaml")).toBe("content/events/hamlet.json");
    expect(pagePath("content/events/hamlet.yml.yaml", folders, "yaml")).toBe("content/events/hamlet.yml");
  });

  it("leaves every other path as it is: the collection's own pages, other folders, a doubled extension", () => {
    for (const [p, ext] of [
      ["content/events/hamlet.json", "json"],
      ["content/events/hamlet.yaml", "yaml"],
      ["content/events/hamlet.json.json", "json"],
      ["content/events/sub/hamlet.yaml.json", "json"],
      ["content/images/poster.yaml.json", "json"],
      ["content/venues.json", "json"],
      ["events/hamlet.yaml.json", "json"],
    ] as const) expect(pagePath(p, folders, ext), p).toBe(p);
  });
});
