// Wagtail's stored form misused in a pull request's rich text: every shape of a link by id or an
// embed that could carry script, load from elsewhere or be read as something else is refused by
// the real build, in a block's text and in additional_information alike, each at its own file and
// key path, and dist/ stays as it was. The stored forms themselves build.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const GOOD_CONTENT = path.join(FIXTURES, "good/spec-example/content");
const NOW = "2026-05-01T00:00:00Z";
const PAGE = "content/events/the-seagull.json";

/** Each misuse of the stored form, as a pull request would write it. */
const VECTORS = [
  `<a href="javascript:alert(1)" id="20" linktype="page">x</a>`,
  `<a href="https://example.org/" id="20" linktype="page">x</a>`,
  `<a id="20" linktype="page" onclick="alert(1)">x</a>`,
  `<a id="20" linktype="page" style="position:fixed">x</a>`,
  `<a id="javascript:alert(1)" linktype="page">x</a>`,
  `<a id="20 " linktype="page">x</a>`,
  `<a id="2e1" linktype="page">x</a>`,
  `<a id="20" linktype="external">x</a>`,
  `<a id='20' linktype='page'>x</a>`,
  `<a id="20" id="21" linktype="page">x</a>`,
  `<embed embedtype="media" url="javascript:alert(1)"/>`,
  `<embed embedtype="media" url=" JaVaScRiPt:alert(1)"/>`,
  `<embed embedtype="media" url="jav&#x61;script:alert(1)"/>`,
  `<embed embedtype="media" url="data:text/html,<script>alert(1)</script>"/>`,
  `<embed embedtype="media" url="vbscript:msgbox(1)"/>`,
  `<embed embedtype="media" url="//evil.example/x"/>`,
  `<embed embedtype="image" format="left" id="31" onerror="alert(1)"/>`,
  `<embed embedtype="image" format="left" id="31" ONLOAD="alert(1)"/>`,
  `<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>`,
  `<embed embedtype="image" format="left" id="31" src="https://evil.example/x.swf"/>`,
  `<embed src="https://evil.example/x.swf" type="application/x-shockwave-flash">`,
  `<embed embedtype="image" format="left" id="abc"/>`,
  `<embed embedtype="image" format="left" id="-31"/>`,
  `<embed embedtype="image" format="left" id="31">A caption</embed>`,
  `<embed embedtype="media" url="https://vimeo.com/1"/><script>alert(1)</script></embed>`,
  `<embed embedtype="document" id="4"/>`,
  `<EMBED embedtype="image" format="left" id="31"/>`,
  `<p title="<embed embedtype=&quot;image&quot; format=&quot;left&quot; id=&quot;31&quot;/>">x</p>`,
  `<embed embedtype="image" format="left" id="31"`,
];

let dir = "";
beforeAll(() => {
  dir = tempDir("bc-hostile-rich-");
  copyContent(GOOD_CONTENT, dir);
  const first = runCli(["build", "--now", NOW], { cwd: dir });
  expect(first.code, first.output).toBe(0);
});
afterAll(() => removeDir(dir));

/** The example's page with one rich text block per fragment, and each fragment in an additional_information item too. */
function withRichText(fragments: readonly string[]): () => void {
  const file = path.join(dir, PAGE);
  const original = readFileSync(file, "utf8");
  const page = JSON.parse(original) as Record<string, unknown>;
  page.description = fragments.map((text) => ({ type: "richtext", value: { text: `<p>Before.</p>${text}` } }));
  page.additional_information = fragments.map((content, i) => ({ id: i + 1, title: `Item ${i + 1}`, content }));
  writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
  return () => writeFileSync(file, original);
}

describe("the stored form misused", () => {
  it("refuses every vector in every rich text place, each at its file and key path, and writes nothing", () => {
    const restore = withRichText(VECTORS);
    try {
      const before = snapshotTree(path.join(dir, "dist"));
      const run = runCli(["build", "--now", NOW], { cwd: dir });
      expect(run.code, run.output).toBe(1);
      const errors = run.stderr.split("\n").filter((l) => l.startsWith(`${PAGE}:`));
      VECTORS.forEach((vector, i) => {
        for (const at of [`description[${i}].value.text`, `additional_information[${i}].content`]) {
          expect(errors.some((l) => new RegExp(`^${PAGE}:\\d+:\\d+: ${at.replace(/[.[\]]/g, "\\$&")}: `).test(l)), `${vector} at ${at}`).toBe(true);
        }
      });
      expect(run.stderr).toMatch(/^Build failed: \d+ errors in 1 file\. Nothing was written; dist\/ is as it was\./m);
      expect(snapshotTree(path.join(dir, "dist"))).toEqual(before);
    } finally {
      restore();
    }
  });

  it("builds the stored forms themselves, publishing each text byte for byte", () => {
    const stored = [
      `<p data-block-key="a1">See <a id="20" linktype="page">what's on</a> and the <a id="4" linktype="document">programme</a>.</p>`,
      `<embed alt="A &quot;lake&quot; &amp; a gull" embedtype="image" format="fullwidth" id="31"/>`,
      `<embed embedtype="media" url="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=42"/>`,
    ];
    const restore = withRichText(stored);
    try {
      const run = runCli(["build", "--now", NOW], { cwd: dir });
      expect(run.code, run.output).toBe(0);
      const page = JSON.parse(readFileSync(path.join(dir, PAGE), "utf8")) as { id: number };
      const detail = JSON.parse(readFileSync(path.join(dir, `dist/api/v2/pages/${page.id}/index.json`), "utf8")) as {
        description: { value: { text: string } }[];
        additional_information: { content: string }[];
      };
      expect(detail.description.map((b) => b.value.text)).toEqual(stored.map((t) => `<p>Before.</p>${t}`));
      expect(detail.additional_information.map((a) => a.content)).toEqual(stored);
    } finally {
      restore();
    }
  });
});
