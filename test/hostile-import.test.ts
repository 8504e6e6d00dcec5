// build-catalogue import against an API that is not to be trusted: slugs and file names that would
// leave --content, URLs that are not http(s), redirects to other schemes, bodies past the cap,
// JSON nested 200,000 deep, a list padded to 60 MB. Each ends in a clear refusal (exit 1, no stack
// trace) naming what was refused, and nothing is written anywhere: not in --content, not beside
// it, not in the folders made for it, not in the temporary folder. The API is the preview of the
// reference catalogue behind the stand-in, which alters its answers or answers itself.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, removeDir, tempDir } from "./helpers/cli.js";
import { freePort, startPreviewProcess, type Started } from "./helpers/server.js";
import { REFERENCE_CONTENT, REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";
import { runCliAsync, startWagtailDouble, type DoubleOptions } from "./helpers/wagtail-double.js";

const NOW = "2026-06-01T00:00:00Z";
const MIB = 1024 * 1024;
/** Hamlet: page 193, its thumbnail image 318. */
const HAMLET_FILE = "hamlet-2026.jpg";
/** Image 355, A Christmas Carol's hero image: used by id, whatever its file is named (a thumbnail is used only when its URL matches the file). */
const HERO_FILE = "a-christmas-carol-2026.jpg";

let dir = "";
let preview: Started;
let base = "";
let doublePort = 0;
let cdn = "";

beforeAll(async () => {
  dir = tempDir("bc-hostile-");
  // The originals' URLs name the stand-in, so that it can answer for them.
  doublePort = await freePort();
  cdn = `http://127.0.0.1:${doublePort}`;
  const original = copyContent(REFERENCE_CONTENT, dir, "original");
  const catalogue = JSON.parse(readFileSync(path.join(original, "catalogue.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(path.join(original, "catalogue.json"), JSON.stringify({ ...catalogue, cdn_url: cdn }, null, 2));
  ({ preview, base } = await startPreviewProcess(["--content", original, "--now", NOW, "--base-url", "https://api.harbourrange.example"], { cwd: dir }));
});

afterAll(async () => {
  await preview?.stop();
  removeDir(dir);
});

/** Every entry below `root` (files, folders, links), relative, sorted. */
function entriesBelow(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      out.push(path.relative(root, p));
      if (lstatSync(p).isDirectory()) walk(p);
    }
  };
  walk(root);
  return out;
}

/** Any entry whose name says it escaped, from the suite's folder up to the system's temporary folder. */
function escaped(): string[] {
  const found = entriesBelow(dir).filter((p) => /escaped/.test(path.basename(p)));
  for (const d of [tmpdir(), path.dirname(dir)]) for (const name of readdirSync(d)) if (/escaped/.test(name)) found.push(path.join(d, name));
  return found;
}

interface Imported {
  code: number;
  stdout: string;
  stderr: string;
  output: string;
  /** The case's own folder: --content is `site/content` under it, TMPDIR is `tmp/`. */
  work: string;
}

/**
 * Runs the import of the stand-in's API in a folder of its own, with a temporary folder of its own,
 * into `site/content` (neither exists before), with `setup` run on the case's folder first.
 */
async function importFrom(options: Omit<DoubleOptions, "upstream">, args: string[] = ["--no-images"], setup?: (work: string) => void): Promise<Imported> {
  const work = mkdtempSync(path.join(dir, "case-"));
  mkdirSync(path.join(work, "tmp"));
  setup?.(work);
  const d = await startWagtailDouble({ upstream: base, ...options }, doublePort);
  try {
    const run = await runCliAsync(["import", d.url, "--content", "site/content", "--now", NOW, ...args], { cwd: work, env: { TMPDIR: path.join(work, "tmp") } }).done;
    return { ...run, work };
  } finally {
    await d.close();
  }
}

/** Exit 1 with the message, no stack trace, and nothing left anywhere but what `kept` names (and the empty temporary folder). */
function expectRefused(run: Imported, message: RegExp, kept: string[] = []): void {
  expect(run.code, run.output).toBe(1);
  expect(run.stderr).toMatch(message);
  expect(run.stderr).toContain("Nothing was written.");
  expect(run.output).not.toMatch(/failed unexpectedly|^\s+at /m);
  expect(entriesBelow(run.work)).toEqual([...kept, "tmp"].sort());
  expect(escaped()).toEqual([]);
}

/** Replaces Hamlet's slug in the list and in both routes of its detail (the list alone, or the details alone, with `where`). */
const slugOfHamlet = (slug: string, where: "both" | "details" = "both") => (p: string, body: string) =>
  (where === "both" && p.startsWith("/api/v2/event_pages/?")) || /^\/api\/v2\/(event_)?pages\/193\/$/.test(p) ? body.replace('"slug": "hamlet"', `"slug": ${JSON.stringify(slug)}`) : body;

/** Streams `total` bytes of `byte` (1 MiB at a time, as the client takes them); returns how many were sent before the client hung up. */
function stream(res: ServerResponse, total: number, byte: number, headers: Record<string, string | number> = {}): { sent: () => number } {
  let sent = 0;
  const chunk = Buffer.alloc(MIB, byte);
  res.writeHead(200, { "Content-Type": "application/json", ...headers });
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", more);
    }
    if (!res.destroyed) res.end();
  };
  more();
  return { sent: () => sent };
}

describe("import from a hostile API: names that would leave --content", () => {
  const slugs = ["../../../escaped-slug", "escaped/slug", "escaped\\slug", "..", ".", "", "escaped\u0000slug", "/tmp/escaped-slug", "a".repeat(256), "escaped slug"];

  it.each(slugs.map((s) => [JSON.stringify(s).slice(0, 40), s]))("refuses the slug %s, naming the list item that gives it", async (_, slug) => {
    const run = await importFrom({ alter: slugOfHamlet(slug) });
    expectRefused(run, /Import failed: \/api\/v2\/event_pages\/\?limit=20&offset=\d+: items\[\d+\]\.meta\.slug: ".*" is (not a slug Wagtail allows|longer than Wagtail allows a slug)/);
  });

  it("refuses a slug the detail alone gives (the list's is Wagtail's), naming the detail", async () => {
    const run = await importFrom({ alter: slugOfHamlet("../../../escaped-slug", "details") });
    expectRefused(run, /Import failed: \/api\/v2\/pages\/193\/: meta\.slug: "\.\.\/\.\.\/\.\.\/escaped-slug" is not a slug Wagtail allows \(letters, digits, "-" and "_" only\): the import names each event page's file after its slug, and writes nothing outside --content\. Nothing was written\./);
  });

  it("refuses the parent page's slug when it is no slug Wagtail allows", async () => {
    const run = await importFrom({ alter: (p, body) => (p === "/api/v2/pages/3/" ? body.replace('"slug": "whats-on"', '"slug": "../escaped"') : body) });
    expectRefused(run, /Import failed: \/api\/v2\/pages\/3\/: meta\.slug: "\.\.\/escaped" is not a slug Wagtail allows/);
  });

  it("keeps apart a page whose slug is another page's file name with its id (no file written twice, no stack trace)", async () => {
    // 100 is listed first as "dup-102", then 101 and 102 both as "dup": 102 cannot take dup-102.json.
    const slugs: Record<number, [string, string]> = { 100: ["summer-festival-opening-night", "dup-102"], 101: ["cafe-muller", "dup"], 102: ["youth-orchestra-showcase", "dup"] };
    const run = await importFrom({
      alter: (p, body) => {
        const detail = /^\/api\/v2\/(?:event_)?pages\/(\d+)\/$/.exec(p);
        const these = p.startsWith("/api/v2/event_pages/?") ? Object.values(slugs) : detail && slugs[Number(detail[1])] ? [slugs[Number(detail[1])]!] : [];
        return these.reduce((b, [from, to]) => b.replace(`"slug": "${from}"`, `"slug": "${to}"`), body);
      },
    });
    // The build refuses the two pages of one slug, as it does any duplicate, naming both files.
    expectRefused(run, /^site\/content\/events\/dup-102-2\.json:\d+:\d+: slug: duplicate slug "dup"/m);
    expect(run.stderr).toContain("the content written from the API does not build");
  });

  const files: [string, RegExp][] = [
    ["..%2F..%2F..%2Fescaped.jpg", /gives the file name "\.\.\/\.\.\/\.\.\/escaped\.jpg", which holds a folder separator/],
    ["%2E%2E", /gives the file name "\.\.", which names a folder, not a file/],
    ["..%5C..%5Cescaped.jpg", /gives the file name "\.\.\\\\\.\.\\\\escaped\.jpg", which holds a folder separator/],
    ["escaped%00.jpg", /gives the file name "escaped\\u0000\.jpg", which holds a control character/],
  ];

  it.each(files)("refuses the original named %s, naming the images endpoint's item", async (name, message) => {
    const run = await importFrom(
      {
        alter: (p, body) => body.replaceAll(`/media/original_images/${HERO_FILE}`, `/media/original_images/${name}`),
        // Whatever the name, the stand-in has bytes for it: nothing but the import's check keeps it from being written.
        answer: (p, res) => (p.startsWith("/media/original_images/") ? (res.writeHead(200, { "Content-Type": "image/jpeg" }), res.end("escaped bytes"), true) : false),
      },
      [],
    );
    expectRefused(run, /Import failed: \/api\/v2\/images\/(\?limit=20&offset=\d+: items\[\d+\]\.|355\/: )meta\.download_url: "[^"]*" /);
    expect(run.stderr).toMatch(message);
  });
});

describe("import from a hostile API: URLs it does not fetch", () => {
  const urls: [string, string][] = [
    ["file:///etc/passwd.jpg", "file:"],
    ["data:text/plain,escaped/a-christmas-carol-2026.jpg", "data:"],
    ["javascript:alert(1)//a-christmas-carol-2026.jpg", "javascript:"],
    ["ftp://127.0.0.1/a-christmas-carol-2026.jpg", "ftp:"],
  ];

  it.each(urls)("refuses the download_url %s before anything is written", async (url, scheme) => {
    const run = await importFrom({ alter: (p, body) => body.replaceAll(`${cdn}/media/original_images/${HERO_FILE}`, url) }, []);
    expectRefused(run, new RegExp(`meta\\.download_url: "${url.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}" is a ${scheme} URL: the import fetches only http: and https: URLs`));
  });

  const redirects: [string, string, RegExp][] = [
    ["file:", "file:///etc/passwd", /was redirected \(HTTP 302\) to: "file:\/\/\/etc\/passwd" is a file: URL: the import fetches only http: and https: URLs/],
    ["javascript:", "javascript:alert(1)", /was redirected \(HTTP 302\) to: "javascript:alert\(1\)" is a javascript: URL/],
    ["itself, again and again", `/media/original_images/${HAMLET_FILE}`, /was redirected more than 5 times: the import stops there/],
  ];

  it.each(redirects)("refuses an original redirected to %s, at once (no retry)", async (_, location, message) => {
    let asked = 0;
    const run = await importFrom(
      { answer: (p, res) => (p === `/media/original_images/${HAMLET_FILE}` ? (asked++, res.writeHead(302, { Location: location }), res.end(), true) : false) },
      [],
    );
    expectRefused(run, new RegExp(`Import failed: GET ${cdn}/media/original_images/${HAMLET_FILE.replace(".", "\\.")} ${message.source}`));
    expect(asked).toBeLessThanOrEqual(6);
  });

  it("follows a redirect to another origin over http(s), which serves the original", async () => {
    const original = readFileSync(path.join(REFERENCE_IMAGES, "content/images", HAMLET_FILE));
    const cdnServer = createServer((req, res) => (req.url === `/elsewhere/${HAMLET_FILE}` ? (res.writeHead(200, { "Content-Type": "image/jpeg" }), res.end(original)) : (res.writeHead(404), res.end())));
    await new Promise<void>((resolve) => cdnServer.listen(0, "127.0.0.1", resolve));
    const port = (cdnServer.address() as { port: number }).port;
    try {
      const run = await importFrom(
        {
          answer: (p, res) =>
            p === `/media/original_images/${HAMLET_FILE}` ? (res.writeHead(302, { Location: `http://127.0.0.1:${port}/elsewhere/${HAMLET_FILE}` }), res.end(), true) : false,
        },
        [],
      );
      // The proof may differ elsewhere (the other originals are not served); Hamlet's original is imported.
      expect(run.output).not.toMatch(/failed unexpectedly|^\s+at /m);
      expect(readFileSync(path.join(run.work, "site/content/images", HAMLET_FILE)).equals(original)).toBe(true);
    } finally {
      cdnServer.closeAllConnections();
      await new Promise<void>((resolve) => cdnServer.close(() => resolve()));
    }
  });
});

describe("import from a hostile API: bodies too large, JSON too deep", () => {
  it("refuses a JSON answer past 64 MiB as it streams in, long before its end", async () => {
    let sent = () => 0;
    const started = Date.now();
    const run = await importFrom({ answer: (p, res) => (p === "/api/v2/pages/193/" ? ((sent = stream(res, 400 * MIB, 0x20).sent), true) : false) }, ["--no-images", "--timeout", "50"]);
    expectRefused(run, /Import failed: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/pages\/193\/ answered a body over 64 MiB, the largest JSON answer the import reads: refused before reading the rest/);
    expect(sent()).toBeLessThan(160 * MIB);
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 90_000);

  it("refuses a JSON answer whose Content-Length is past the cap without waiting for its body", async () => {
    const started = Date.now();
    const run = await importFrom(
      { answer: (p, res) => (p === "/api/v2/pages/193/" ? (res.writeHead(200, { "Content-Type": "application/json", "Content-Length": 65 * MIB }), res.write("{"), true) : false) },
      ["--no-images", "--timeout", "50"],
    );
    expectRefused(run, /\/api\/v2\/pages\/193\/ answered a body over 64 MiB/);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 90_000);

  it("refuses an original past the build's cap (10 MiB, or --max-original-size) as it streams in, and ends the import", async () => {
    let sent = () => 0;
    const run = await importFrom({ answer: (p, res) => (p === `/media/original_images/${HAMLET_FILE}` ? ((sent = stream(res, 400 * MIB, 0).sent), true) : false) }, ["--timeout", "50"]);
    expectRefused(run, new RegExp(`GET ${cdn}/media/original_images/hamlet-2026\\.jpg answered a body over 10 MiB, the largest original the build reads \\(give the import and the build a larger --max-original-size`));
    expect(sent()).toBeLessThan(150 * MIB);
    const raised = await importFrom({ answer: (p, res) => (p === `/media/original_images/${HAMLET_FILE}` ? (stream(res, 400 * MIB, 0), true) : false) }, ["--timeout", "50", "--max-original-size", "20"]);
    expectRefused(raised, /hamlet-2026\.jpg answered a body over 20 MiB, the largest original the build reads/);
  }, 180_000);

  const nest = (n: number) => "[".repeat(n) + "]".repeat(n);

  it("refuses an event page's detail nested 200,000 deep before anything reads it", async () => {
    const run = await importFrom({ alter: (p, body) => (/^\/api\/v2\/(event_)?pages\/193\/$/.test(p) ? body.replace('"label": null', `"label": ${nest(200_000)}`) : body) });
    expectRefused(run, /Import failed: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/(event_)?pages\/193\/ answered JSON nested more than 128 levels deep \(a Wagtail document nests about ten\): refused before anything reads it/);
  });

  it("refuses the images endpoint's list nested 200,000 deep (not noted and passed over as an endpoint it cannot read)", async () => {
    const run = await importFrom({ alter: (p, body) => (p.startsWith("/api/v2/images/?") ? body.replace('"items": [', `"deep": ${nest(200_000)}, "items": [`) : body) });
    expectRefused(run, /\/api\/v2\/images\/\?limit=20&offset=0 answered JSON nested more than 128 levels deep/);
  });
});

describe("import from a hostile API: a list of more pages than any catalogue has", () => {
  it("refuses a total_count that would take more than 100,000 requests, before planning them", async () => {
    const run = await importFrom({ alter: (p, body) => (p.startsWith("/api/v2/event_pages/?") ? body.replace('"total_count": 90', '"total_count": 9007199254740991') : body) });
    expectRefused(run, /Import failed: GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/event_pages\/\?limit=20&offset=0 lists a total_count of 9007199254740991 event pages, 20 at a time: more than the 100,000 requests the import makes for one list\. Nothing was written\./);
  });
});

describe("import from a hostile API: the same answers read the same way whatever their size", () => {
  const padded = (n: number) => (p: string, body: string) => (p === "/api/v2/event_pages/?limit=20&offset=0" ? body.replace("{", `{${" ".repeat(n)}`) : body);

  it.each([["10 bytes", 10], ["60 MB", 60_000_000]])("reports a list padded with %s as the same values written otherwise, not keys in another order", async (_, n) => {
    const run = await importFrom({ alter: padded(n) });
    // A difference: the content is written to be looked at (exit 1), inside --content only.
    expect(run.code, run.output).toBe(1);
    expect(run.output).not.toMatch(/failed unexpectedly|^\s+at /m);
    expect(run.stderr).not.toContain("keys in another order");
    const list = run.stderr.trim().split("\n").filter((l) => l.startsWith("the list"));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatch(/^the list \(\/api\/v2\/event_pages\/\?limit=20&offset=0\): the same values written differently from character 1: read " {10}.*", built "\\n {4}\\"meta\\"/);
    expect(run.stdout).toContain("90 of 90 event pages identical; the parent and the home page identical; the list differs");
    expect(entriesBelow(run.work).filter((p) => !p.startsWith(path.join("site", "content")))).toEqual(["site", "tmp"]);
  }, 90_000);
});

describe("import from a hostile API: --content that is or holds a symbolic link", () => {
  /** `site/content` a link to `elsewhere/real`, an empty folder. */
  const linked = (work: string) => {
    mkdirSync(path.join(work, "elsewhere/real"), { recursive: true });
    mkdirSync(path.join(work, "site"));
    symlinkSync(path.join(work, "elsewhere/real"), path.join(work, "site/content"));
  };

  it("writes into the folder a linked --content names, the link kept, nothing beside either", async () => {
    const run = await importFrom({}, ["--no-images"], linked);
    expect(run.code, run.output).toBe(0);
    expect(readdirSync(path.join(run.work, "elsewhere/real/events"))).toHaveLength(90);
    expect(lstatSync(path.join(run.work, "site/content")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(run.work, "site/content"))).toBe(path.join(run.work, "elsewhere/real"));
    expect(readdirSync(path.join(run.work, "site"))).toEqual(["content"]);
    expect(readdirSync(path.join(run.work, "elsewhere"))).toEqual(["real"]);
    expect(readdirSync(path.join(run.work, "tmp"))).toEqual([]);
  });

  it("refuses a hostile slug through a linked --content, leaving the folder it names empty", async () => {
    const run = await importFrom({ alter: slugOfHamlet("../../../escaped-slug") }, ["--no-images"], linked);
    expectRefused(run, /items\[\d+\]\.meta\.slug: "\.\.\/\.\.\/\.\.\/escaped-slug" is not a slug Wagtail allows/, ["elsewhere", "elsewhere/real", "site", "site/content"]);
  });

  it("replaces with --force a --content holding a link to a folder outside, leaving that folder's files as they were", async () => {
    const run = await importFrom({}, ["--no-images", "--force"], (work) => {
      mkdirSync(path.join(work, "outside"));
      writeFileSync(path.join(work, "outside/keep.txt"), "kept\n");
      mkdirSync(path.join(work, "site/content"), { recursive: true });
      symlinkSync(path.join(work, "outside"), path.join(work, "site/content/linked"));
    });
    expect(run.code, run.output).toBe(0);
    expect(readFileSync(path.join(run.work, "outside/keep.txt"), "utf8")).toBe("kept\n");
    expect(existsSync(path.join(run.work, "site/content/linked"))).toBe(false);
    expect(readdirSync(path.join(run.work, "site"))).toEqual(["content"]);
  });
});
