// The browsable page (`?format=api`) fills the template's placeholders once: a title, a body or a
// request's path holding `{{name}}` shows as written, not filled in.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { escapeHtml, renderBrowsable } from "../../src/runtime/browsable.js";

const template = readFileSync(new URL("../../templates/browsable.html", import.meta.url), "utf8");
const answer = (json: string, requestPath = "/api/v2/pages/7/?format=api") => ({
  method: "GET",
  requestPath,
  status: 200,
  name: "Pages Api",
  collectionPath: "/api/v2/pages/",
  headers: [["Content-Type", "application/json"]] as const,
  json,
});

describe("the browsable page", () => {
  it("shows a document's `{{...}}` as written", () => {
    const json = JSON.stringify({ id: 7, title: "{{method}} and {{{content}}} at {{site_name}}", url: "https://example.org/{{name}}" }, null, 4);
    const html = renderBrowsable(template, answer(json));
    expect(html).toContain("&quot;{{method}} and {{{content}}} at {{site_name}}&quot;");
    expect(html).toContain('<a href="https://example.org/{{name}}" rel="nofollow">https://example.org/{{name}}</a>');
    // The template's own placeholders are filled.
    expect(html).toContain("<b>GET</b> /api/v2/pages/7/?format=api");
    expect(html).not.toMatch(/\{\{\{?(?:title|breadcrumbs|headers|request_path|status_line)\}\}/);
  });

  it("and a request's path the same way", () => {
    const html = renderBrowsable(template, answer("{}", "/api/v2/pages/{{status_line}}/?format=api"));
    expect(html).toContain("<b>GET</b> /api/v2/pages/{{status_line}}/?format=api");
    expect(html).toContain("200 OK");
    expect(html).not.toContain("pages/200 OK");
  });

  it("escapes what HTML reads as markup", () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#x27;&lt;/a&gt;");
  });
});
