// What the import accepts of the names and addresses an API gives: Wagtail's slugs, file names that
// stay one file in their folder, http(s) URLs only, and JSON no deeper than its bound.
import { describe, expect, it } from "vitest";
import { AnswerRefused } from "../../src/import/errors.js";
import { checkSlug, fetchableUrl, fileNameProblem, slugProblem } from "../../src/import/safe-names.js";

describe("a page's slug, as Wagtail 5.2 allows it (Django's validate_unicode_slug)", () => {
  it.each(["hamlet", "Hamlet_2026", "été-2026", "東京公演", "٣-nights", "-", "a".repeat(255)])("allows %j", (slug) => {
    expect(slugProblem(slug)).toBeNull();
  });

  it.each(["", ".", "..", "../x", "a/b", "a\\b", "a b", "a.b", "a\u0000b", "a\nb", "e\u0301", "/abs", "C:x", "a".repeat(256)])("refuses %j", (slug) => {
    expect(slugProblem(slug)).not.toBeNull();
  });

  it("refuses with the document and the key named", () => {
    expect(() => checkSlug("../../x", "/api/v2/pages/12/: meta.slug")).toThrow(
      new AnswerRefused(`/api/v2/pages/12/: meta.slug: "../../x" is not a slug Wagtail allows (letters, digits, "-" and "_" only): the import names each event page's file after its slug, and writes nothing outside --content`),
    );
  });
});

describe("a file name that stays one file in its folder", () => {
  it.each(["hamlet-2026.jpg", "Opening-Night-Crowd.JPG", "hamlet 2026.jpg", "a..b.jpg", ".hidden.jpg", "été.png", "CON.jpg"])("allows %j (on Linux)", (name) => {
    expect(fileNameProblem(name, "linux")).toBeNull();
  });

  it.each([
    ["", "is empty"],
    [".", "names a folder, not a file"],
    ["..", "names a folder, not a file"],
    ["../x.jpg", "holds a folder separator"],
    ["a\\b.jpg", "holds a folder separator"],
    ["/etc/passwd", "holds a folder separator"],
    ["a\u0000.jpg", "holds a control character"],
    ["a\r.jpg", "holds a control character"],
    [`${"é".repeat(128)}.jpg`, "is longer than a file name can be (255 bytes)"],
  ])("refuses %j: it %s", (name, problem) => {
    expect(fileNameProblem(name, "linux")).toBe(problem);
  });

  it("refuses a device's name on Windows, whatever its extension", () => {
    expect(fileNameProblem("con.json", "win32")).toBe("is the name of a device on Windows");
    expect(fileNameProblem("LPT1.jpg", "win32")).toBe("is the name of a device on Windows");
    expect(fileNameProblem("console.json", "win32")).toBeNull();
  });
});

describe("a URL the import fetches", () => {
  it("resolves a relative URL against the API, and keeps http: and https:", () => {
    expect(fetchableUrl("/media/original_images/a.jpg", "https://api.example.org/", "x")).toBe("https://api.example.org/media/original_images/a.jpg");
    expect(fetchableUrl("//cdn.example.org/a.jpg", "https://api.example.org/", "x")).toBe("https://cdn.example.org/a.jpg");
    expect(fetchableUrl("http://cdn.example.org/a.jpg", "https://api.example.org/", "x")).toBe("http://cdn.example.org/a.jpg");
  });

  it.each(["file:///etc/passwd", "data:image/png;base64,AAAA", "javascript:alert(1)", "ftp://example.org/a.jpg", "blob:https://example.org/1"])("refuses %j", (url) => {
    expect(() => fetchableUrl(url, "https://api.example.org/", "/api/v2/images/1/: meta.download_url")).toThrow(/^\/api\/v2\/images\/1\/: meta\.download_url: ".*" is a \w+: URL: the import fetches only http: and https: URLs$/);
  });

  it("refuses a URL with credentials and text that is no URL", () => {
    expect(() => fetchableUrl("https://user:secret@cdn.example.org/a.jpg", "https://api.example.org/", "x")).toThrow(/holds credentials/);
    expect(() => fetchableUrl("http://[::1", "https://api.example.org/", "x")).toThrow(/is not a URL the import can fetch/);
  });
});
