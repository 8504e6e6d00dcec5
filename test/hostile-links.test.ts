// Links outside rich text: a logo's `link`, a carousel figure's `video`, a rich text's buttons and
// an embed. Every one the API publishes is held to the schemes rich text's `href` may name
// (http(s), mailto:, tel:, relative): the build refuses any other, naming the file and key path,
// the editors' JSON Schema refuses it as they type, and the build's own response check would
// refuse it if the content's check ever let one through.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK } from "../src/content/common.js";
import { blockSchema } from "../src/content/blocks.js";
import { fullerEventDetailSchema } from "../src/api/schemas.js";
import { checkRichText } from "../src/validate/html-safety.js";
import { copyContent, FIXTURES, removeDir, ROOT, runCli, snapshotTree, tempDir } from "./helpers/cli.js";

const GOOD_CONTENT = path.join(FIXTURES, "good/spec-example/content");
const NOW = "2026-05-01T00:00:00Z";

/** Links that run script, load other content or name another scheme, written as attackers write them. */
const UNSAFE = [
  "javascript:alert(1)", "JAVASCRIPT:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "\tjavascript:alert(1)",
  "\u0001javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)", "java\rscript:alert(1)", "java\u0000script:alert(1)",
  "javascript\u0000:alert(1)", "jav&#x61;script:alert(1)", "&#106;avascript:alert(1)", "jav&#x09;ascript:alert(1)",
  "javascript&colon;alert(1)", "javascript&#58;alert(1)", "&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)",
  "vbscript:msgbox(1)", "livescript:alert(1)", "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "file:///etc/passwd", "blob:https://example.org/x",
  "filesystem:https://example.org/x", "ftp://example.org/a", "feed:javascript:alert(1)", "view-source:https://example.org",
  "intent://x#Intent;end", "https\u0000://example.org", "\u007fjavascript:alert(1)",
];

/** Links editors write. */
const SAFE = [
  "https://www.example.org/whats-on/?a=1&b=2#cast", "http://example.org", "HTTPS://EXAMPLE.ORG/", "mailto:box-office@example.org",
  "tel:+61 2 9250 7111", "/whats-on/", "../tickets/", "tickets.html", "#cast", "?page=2", "//cdn.example.org/a.pdf",
  "/search?q=a:b", "https://example.org/a:b", "",
];

/** The value of every href and src the OWASP filter-evasion vectors write (raw, as in the markup). */
function owaspAddresses(): string[] {
  const owasp = JSON.parse(readFileSync(path.join(FIXTURES, "xss/owasp-filter-evasion.json"), "utf8")) as { refused: { html: string }[] };
  const found: string[] = [];
  for (const { html } of owasp.refused) {
    for (const m of html.matchAll(/\b(?:href|src|background|dynsrc|lowsrc)\s*=\s*("([^"]*)"|'([^']*)'|`([^`]*)`|([^\s>]+))/gi)) {
      found.push(m[2] ?? m[3] ?? m[4] ?? m[5]!);
    }
  }
  return found;
}

/** Whether rich text would keep this address as a link's href (the vetted decision LINK must not be laxer than). */
const richTextKeeps = (address: string) => checkRichText(`<a href="${address.replace(/"/g, "&quot;")}">x</a>`).length === 0;

describe("the link rule", () => {
  it("refuses every unsafe link and passes the links editors write", () => {
    for (const address of UNSAFE) expect(LINK.test(address), JSON.stringify(address)).toBe(false);
    for (const address of SAFE) expect(LINK.test(address), JSON.stringify(address)).toBe(true);
  });

  it("passes no address that rich text's href check refuses (the OWASP vectors' addresses, and the lists above)", () => {
    const addresses = [...owaspAddresses(), ...UNSAFE, ...SAFE];
    expect(owaspAddresses().length).toBeGreaterThan(30);
    const laxer = addresses.filter((a) => LINK.test(a) && !richTextKeeps(a));
    expect(laxer).toEqual([]);
    // The vectors hold many a script URL that rich text refuses: each is refused here too.
    const refusedByRichText = owaspAddresses().filter((a) => !richTextKeeps(a));
    expect(refusedByRichText.length).toBeGreaterThan(10);
    for (const a of refusedByRichText) expect(LINK.test(a), a).toBe(false);
  });

  it("holds the API's own response schema to it: a published block with an unsafe link fails the build's self-check", () => {
    const detail = (link: string) => ({ type: "logo_wall", value: { groups: [{ title: "", section_size: "full_standard", logos: [{ additional_text: "", link, logo: 1 }] }] }, id: "5f0c6d2e-8b1a-4c3e-9f21-6a7b8c9d0e01" });
    const description = fullerEventDetailSchema.shape.description;
    expect(description.safeParse([detail("https://example.org/")]).success).toBe(true);
    expect(description.safeParse([detail("javascript:alert(1)")]).success).toBe(false);
    const button = (link: string) => ({ type: "richtext", value: { text: "<p>x</p>", text_size: "standard", buttons: [{ text: "Go", link }] }, id: "5f0c6d2e-8b1a-4c3e-9f21-6a7b8c9d0e01" });
    expect(description.safeParse([button("/tickets/")]).success).toBe(true);
    expect(description.safeParse([button("data:text/html,x")]).success).toBe(false);
    // The content schema is no laxer than the response schema for any link.
    for (const link of [...UNSAFE, ...SAFE]) {
      const content = blockSchema.safeParse({ type: "logo_wall", value: { groups: [{ logos: [{ link, logo: 1 }] }] } }).success;
      if (content) expect(description.safeParse([detail(link)]).success, JSON.stringify(link)).toBe(true);
    }
  });
});

/** An event page of the example with every URL-valued key of every block set to `link` (and an embed to `embed`). */
function withLinks(file: string, link: string, embed: string): void {
  const page = JSON.parse(readFileSync(file, "utf8")) as { thumbnail: { image: number }; description?: unknown[] };
  const image = page.thumbnail.image;
  page.description = [
    { type: "richtext", value: { text: "<p>Book now.</p>", buttons: [{ text: "Book", link }] } },
    { type: "embed", value: embed },
    { type: "image_carousel", value: { figures: [{ image, video: link, caption: "A scene" }] } },
    { type: "logo_wall", value: { groups: [{ title: "Partners", logos: [{ link, logo: image }] }] } },
  ];
  writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
}

describe("the build, on links in every block", () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    copyContent(GOOD_CONTENT, dir);
    const first = runCli(["build", "--now", NOW], { cwd: dir });
    expect(first.code, first.output).toBe(0);
  });
  afterAll(() => removeDir(dir));

  it.each([
    ["javascript:alert(1)", "javascript:alert(1)"],
    [" JaVaScRiPt:alert(document.cookie)", "javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>", "data:text/html,x"],
    ["java&#x09;script:alert(1)", "vbscript:msgbox(1)"],
  ])("refuses %j in every block, naming each file and key path, and writes nothing", (link, embed) => {
    const file = path.join(dir, "content/events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    try {
      withLinks(file, link, embed);
      const before = snapshotTree(path.join(dir, "dist"));
      const run = runCli(["build", "--now", NOW], { cwd: dir });
      expect(run.code, run.output).toBe(1);
      expect(run.output).not.toMatch(/\n\s+at /); // no stack trace
      const problems = run.stderr.split("\n").filter((l) => l.startsWith("content/events/the-seagull.json:"));
      const at = (keyPath: string) => problems.find((l) => new RegExp(`^content/events/the-seagull\\.json:\\d+:\\d+: ${keyPath.replace(/[[\].]/g, "\\$&")}: `).test(l));
      for (const keyPath of ["description[0].value.buttons[0].link", "description[2].value.figures[0].video", "description[3].value.groups[0].logos[0].link"]) {
        expect(at(keyPath), `${keyPath} in\n${run.stderr}`).toMatch(/must be an http\(s\), mailto: or tel: link or a relative one/);
      }
      expect(at("description[1].value"), run.stderr).toMatch(/must be the absolute http\(s\) URL of the embedded video/);
      expect(problems).toHaveLength(4);
      expect(run.stderr).toMatch(/Build failed: 4 errors in 1 file/);
      expect(snapshotTree(path.join(dir, "dist"))).toEqual(before);
      // check says the same.
      const check = runCli(["check", "--now", NOW], { cwd: dir });
      expect(check.code).toBe(1);
      expect(check.stderr.split("\n").filter((l) => l.startsWith("content/events/the-seagull.json:"))).toEqual(problems);
    } finally {
      writeFileSync(file, original);
    }
  });

  it("publishes safe links as written", () => {
    const file = path.join(dir, "content/events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    try {
      withLinks(file, "https://example.org/partners/?a=1&b=2", "https://www.youtube.com/watch?v=x");
      const run = runCli(["build", "--now", NOW], { cwd: dir });
      expect(run.code, run.output).toBe(0);
      const id = (JSON.parse(original) as { id: number }).id;
      const detail = JSON.parse(readFileSync(path.join(dir, `dist/api/v2/event_pages/${id}/index.json`), "utf8")) as { description: { type: string; value: never }[] };
      const values = Object.fromEntries(detail.description.map((b) => [b.type, b.value])) as Record<string, any>;
      expect(values.richtext.buttons).toEqual([{ text: "Book", link: "https://example.org/partners/?a=1&b=2" }]);
      expect(values.image_carousel.figures[0].video).toBe("https://example.org/partners/?a=1&b=2");
      expect(values.logo_wall.groups[0].logos[0].link).toBe("https://example.org/partners/?a=1&b=2");
      expect(values.embed).toBe("https://www.youtube.com/watch?v=x");
    } finally {
      writeFileSync(file, original);
    }
  });

  it("refuses a button of any other shape, and any other value in buttons, as a schema error (not a write failure)", () => {
    const file = path.join(dir, "content/events/the-seagull.json");
    const original = readFileSync(file, "utf8");
    try {
      const page = JSON.parse(original) as { description?: unknown[] };
      let nested: unknown = [];
      // (Nested past 64 levels, a value is refused before its schema: test/hostile-content.test.ts.)
      for (let i = 0; i < 10; i++) nested = [nested];
      page.description = [{ type: "richtext", value: { text: "<p>x</p>", buttons: [{ label: "Go", url: "/x" }, nested] } }];
      writeFileSync(file, JSON.stringify(page));
      const before = snapshotTree(path.join(dir, "dist"));
      const run = runCli(["build", "--now", NOW], { cwd: dir });
      expect(run.code, run.output).toBe(1);
      expect(run.stderr).toMatch(/description\[0\]\.value\.buttons\[0\]\.label: unknown key "label"/);
      expect(run.stderr).toMatch(/description\[0\]\.value\.buttons\[1\]: must be an object/);
      expect(run.stderr).not.toMatch(/could not write/);
      expect(snapshotTree(path.join(dir, "dist"))).toEqual(before);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe("the editors' JSON Schema", () => {
  it("refuses the unsafe links as the build does", () => {
    const schema = JSON.parse(readFileSync(path.join(ROOT, "schemas/event.schema.json"), "utf8")) as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    const page = JSON.parse(readFileSync(path.join(GOOD_CONTENT, "events/the-seagull.json"), "utf8")) as Record<string, unknown>;
    const withLink = (link: string) => ({ ...page, description: [{ type: "logo_wall", value: { groups: [{ logos: [{ link, logo: 1 }] }] } }, { type: "richtext", value: { text: "", buttons: [{ text: "Go", link: link || "/" }] } }] });
    for (const link of SAFE) expect(validate(withLink(link)), `${JSON.stringify(link)}: ${JSON.stringify(validate.errors)}`).toBe(true);
    for (const link of UNSAFE) expect(validate(withLink(link)), JSON.stringify(link)).toBe(false);
  });
});
