// The output folders as an attacker, or an accident, shapes them (src/output/): an --out or a
// --media-out that is a link, or reaches the sources through one; files and links put into dist/api/
// and dist/media/ by hand; markers forged, copied, or written by an earlier version. Each is
// refused with exit 2 and nothing touched (--force replaces, but never deletes the sources, nor
// through a link), and each runs the real CLI in a folder of its own.
import { copyFileSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";
import { REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";

const NOW = "2026-05-01T00:00:00Z";
const GOOD = path.join(FIXTURES, "good/spec-example/content");
const MEDIA = path.join(FIXTURES, "media/content");
/** The media fixture's originals, as test/media.test.ts copies them. */
const ORIGINALS = ["foreshore-sunset.jpg", "hamlet-2026.jpg", "the-extraordinary-and-wonderful-adventures-of-the-harbour-players-2026-production.jpg", "press-shot-2026.jpeg", "season-poster-2026.webp", "Opening-Night-Crowd.JPG"];

let work = "";
beforeAll(() => void (work = tempDir("bc-hostile-output-")));
afterAll(() => removeDir(work));

/** A site's folder: content/ (the spec example, or the media fixture with some originals), and the current folder of its builds. */
function site(name: string, withMedia = false): string {
  const dir = path.join(work, name);
  mkdirSync(dir);
  const content = copyContent(withMedia ? MEDIA : GOOD, dir);
  if (withMedia) {
    mkdirSync(path.join(content, "images"));
    for (const file of ORIGINALS) copyFileSync(path.join(REFERENCE_IMAGES, "content/images", file), path.join(content, "images", file));
  }
  return dir;
}

const build = (dir: string, ...args: string[]) => runCli(["build", "--now", NOW, ...args], { cwd: dir });

/** Every entry below a folder as it is (a link as its target, never followed), keyed by relative path: to see that nothing changed. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      const rel = path.relative(dir, p);
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(rel, `link to ${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(`${rel}/`, "folder");
        walk(p);
      } else out.set(rel, readFileSync(p, "latin1"));
    }
  };
  walk(dir);
  return out;
}

const marker = (dir: string) => JSON.parse(readFileSync(path.join(dir, ".build-catalogue.json"), "utf8")) as Record<string, unknown>;

describe("--out through links", () => {
  it("refuses an --out that is a link to the content's parent, with or without --force: the sources stay as they were", () => {
    const dir = site("link-to-parent");
    symlinkSync(dir, path.join(dir, "dist"));
    const sources = tree(path.join(dir, "content"));
    for (const force of [[], ["--force"]]) {
      const run = build(dir, "--out", "dist", ...force);
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain(`Usage error: --out dist is a symbolic link (to ${dir})`);
      expect(run.stderr).toContain(`Point --out at the folder itself (--out ${dir})`);
      expect(tree(path.join(dir, "content"))).toEqual(sources);
      expect(lstatSync(path.join(dir, "dist")).isSymbolicLink()).toBe(true);
    }
    expect(readdirSync(dir).sort()).toEqual(["content", "dist"]);
  });

  it("refuses an --out that is a link to an earlier output: the link stays a link, and the output it names stays whole", () => {
    const dir = site("link-to-output");
    expect(build(dir, "--out", "builds/2026").code).toBe(0);
    symlinkSync("builds/2026", path.join(dir, "dist"));
    const earlier = tree(path.join(dir, "builds/2026"));
    expect(earlier.size).toBeGreaterThan(10);
    for (const force of [[], ["--force"], ["--no-cache"]]) {
      const run = build(dir, "--out", "dist", ...force);
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain("--out dist is a symbolic link (to builds/2026)");
      expect(readlinkSync(path.join(dir, "dist"))).toBe("builds/2026");
      expect(tree(path.join(dir, "builds/2026"))).toEqual(earlier);
    }
    // The folder itself, as the message says, is the build's own.
    expect(build(dir, "--out", "builds/2026").code).toBe(0);
  });

  it("compares --out with --content and the current folder where links lead, before any other check, even with --force", () => {
    const dir = site("link-on-the-way");
    symlinkSync("content", path.join(dir, "sources"));
    symlinkSync("..", path.join(dir, "content-parent-up"));
    const sources = tree(path.join(dir, "content"));
    const outside = readdirSync(work).sort();
    // Inside the content through a link on the way: the build would write among the sources.
    const inside = build(dir, "--out", "sources/dist", "--force");
    expect(inside.code, inside.output).toBe(2);
    expect(inside.stderr).toContain(`--out sources/dist is inside --content content (through links, ${path.join(dir, "content/dist")})`);
    // Holding the current folder (and the content) through a link on the way, with --force: replaced whole, it would take them.
    const holding = build(dir, "--out", `content-parent-up/${path.basename(dir)}`, "--force");
    expect(holding.code, holding.output).toBe(2);
    expect(holding.stderr).toContain("holds the content folder content, and a build replaces its output folder whole (even with --force)");
    expect(tree(path.join(dir, "content"))).toEqual(sources);
    expect(readdirSync(work).sort()).toEqual(outside);
  });
});

describe("a link in place of one of the build's folders", () => {
  it("is refused; forced, a rebuild that would keep files found through it is refused too, and --no-cache --force replaces it, never what it names", () => {
    const dir = site("linked-folder");
    expect(build(dir).code).toBe(0);
    // An image's detail: the images endpoint's files are kept whole by a rebuild while its input holds.
    const image = readdirSync(path.join(dir, "dist/api/v2/images")).find((n) => /^\d+$/.test(n))!;
    const folder = path.join(dir, "dist/api/v2/images", image);
    const moved = path.join(dir, "moved-page");
    cpSync(folder, moved, { recursive: true, preserveTimestamps: true });
    rmSync(folder, { recursive: true });
    symlinkSync(moved, folder);
    const kept = tree(moved);
    const before = tree(path.join(dir, "dist"));
    const refused = build(dir);
    expect(refused.code, refused.output).toBe(2);
    expect(refused.stderr).toContain(`holds an entry that no build wrote (api/v2/images/${image})`);
    const forced = build(dir, "--force");
    expect(forced.code, forced.output).toBe(2);
    expect(forced.stderr).toContain(`holds a link where the build keeps a folder (api/v2/images/${image}), and files this rebuild keeps are found through it`);
    expect(tree(path.join(dir, "dist"))).toEqual(before);
    const whole = build(dir, "--no-cache", "--force");
    expect(whole.code, whole.output).toBe(0);
    expect(lstatSync(folder).isDirectory()).toBe(true);
    expect(readFileSync(path.join(folder, "index.json"), "utf8")).toContain(`"id": ${image}`);
    expect(tree(moved)).toEqual(kept);
  });
});

describe("--media-out through links", () => {
  it("refuses a --media-out that is a link (to the content's originals), even with --force: the originals stay", () => {
    const dir = site("media-link", true);
    symlinkSync("content/images", path.join(dir, "cdn"));
    const sources = tree(path.join(dir, "content"));
    const run = build(dir, "--media-out", "cdn", "--force");
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toContain("--media-out cdn is a symbolic link (to content/images)");
    expect(tree(path.join(dir, "content"))).toEqual(sources);
  });

  it("refuses a --media-out inside the content, or holding it, reached through a link on the way", () => {
    const dir = site("media-through", true);
    symlinkSync("content", path.join(dir, "sources"));
    symlinkSync("..", path.join(dir, "up"));
    const sources = tree(path.join(dir, "content"));
    const inside = build(dir, "--media-out", "sources/media", "--force");
    expect(inside.code, inside.output).toBe(2);
    expect(inside.stderr).toContain(`--media-out sources/media (through links, ${path.join(dir, "content/media")}) is inside --content content`);
    const holding = build(dir, "--media-out", `up/${path.basename(dir)}`, "--force");
    expect(holding.code, holding.output).toBe(2);
    expect(holding.stderr).toContain(`--media-out up/${path.basename(dir)} (through links, ${dir}) holds the content folder content, and a build replaces its media folder whole (even with --force)`);
    expect(tree(path.join(dir, "content"))).toEqual(sources);
  });

  it("refuses a --media-out that is a link to an earlier media folder; the folder itself is the build's own", () => {
    const dir = site("media-earlier", true);
    expect(build(dir, "--media-out", "cdn-2026").code).toBe(0);
    symlinkSync("cdn-2026", path.join(dir, "cdn"));
    const earlier = tree(path.join(dir, "cdn-2026"));
    expect([...earlier.keys()].some((rel) => rel.startsWith("images/"))).toBe(true);
    const run = build(dir, "--media-out", "cdn", "--force");
    expect(run.code, run.output).toBe(2);
    expect(tree(path.join(dir, "cdn-2026"))).toEqual(earlier);
    expect(readlinkSync(path.join(dir, "cdn"))).toBe("cdn-2026");
    // A file put into the media folder by hand is no build's either.
    writeFileSync(path.join(dir, "cdn-2026/images/logo.png"), "mine");
    const refused = build(dir, "--media-out", "cdn-2026");
    expect(refused.code, refused.output).toBe(2);
    expect(refused.stderr).toContain("--media-out cdn-2026/ holds an entry that no build wrote (images/logo.png)");
    expect(readFileSync(path.join(dir, "cdn-2026/images/logo.png"), "utf8")).toBe("mine");
  });
});

describe("files no build wrote, anywhere in --out", () => {
  let dir = "";
  let outside = "";
  beforeAll(() => {
    dir = site("by-hand", true);
    expect(build(dir).code).toBe(0);
    outside = path.join(dir, "elsewhere");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "keep.txt"), "not the build's");
  });

  const handMade = () => {
    mkdirSync(path.join(dir, "dist/api/v2/drafts"), { recursive: true });
    writeFileSync(path.join(dir, "dist/api/v2/drafts/next-season.json"), "{}");
    writeFileSync(path.join(dir, "dist/api/v2/pages/notes.txt"), "notes");
    writeFileSync(path.join(dir, "dist/media/images/logo.png"), "mine");
    symlinkSync(outside, path.join(dir, "dist/api/v2/elsewhere"));
  };

  it("refuses a rebuild in place, and a cold build, naming each, and touches nothing; --force replaces them, never through the link", () => {
    handMade();
    const before = tree(path.join(dir, "dist"));
    for (const args of [[], ["--no-cache"]]) {
      const run = build(dir, ...args);
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain("Usage error: --out dist/ holds entries that no build wrote (api/v2/drafts/next-season.json, api/v2/elsewhere, api/v2/pages/notes.txt, media/images/logo.png)");
      expect(run.stderr).toContain("--force");
      expect(tree(path.join(dir, "dist"))).toEqual(before);
    }
    expect(readdirSync(dir).sort()).toEqual(["content", "dist", "elsewhere", "node_modules"]);
    // --force replaces them, removing the link and never what it names.
    const run = build(dir, "--force");
    expect(run.code, run.output).toBe(0);
    const after = tree(path.join(dir, "dist"));
    for (const rel of ["api/v2/drafts/next-season.json", "api/v2/elsewhere", "api/v2/pages/notes.txt", "media/images/logo.png"]) expect(after.has(rel)).toBe(false);
    expect(readFileSync(path.join(outside, "keep.txt"), "utf8")).toBe("not the build's");
    // And a cold build over it removes the same through a link of its own, found by the walk.
    handMade();
    expect(build(dir, "--force", "--no-cache").code).toBe(0);
    expect(tree(path.join(dir, "dist")).has("api/v2/elsewhere")).toBe(false);
    expect(readFileSync(path.join(outside, "keep.txt"), "utf8")).toBe("not the build's");
  });

  it("a pipe put in place of one of its files is refused, not waited on", () => {
    const piped = site("pipe");
    expect(build(piped).code).toBe(0);
    rmSync(path.join(piped, "dist/api/v2/404.json"));
    expect(spawnSync("mkfifo", [path.join(piped, "dist/api/v2/404.json")]).status).toBe(0);
    const run = build(piped);
    expect(run.code, run.output).toBe(2);
    expect(run.stderr).toContain("holds an entry that no build wrote (api/v2/404.json)");
  });

  it("lists every file it wrote, at every depth, in its marker: the next build's own output is its own", () => {
    expect(listedFiles(path.join(dir, "dist")).some((rel) => rel.startsWith("media/images/"))).toBe(true);
    expect(listedFiles(path.join(dir, "dist"))).toEqual(filesOf(path.join(dir, "dist")));
  });

  it("lists every file of every host's output; a build trusts each such listing, in place and cold", () => {
    const hosted = site("hosts");
    for (const host of ["netlify", "cloudflare", "vercel", "nginx", "serve"]) {
      const out = `dist-${host}`;
      expect(build(hosted, "--out", out, "--host", host).code).toBe(0);
      expect(listedFiles(path.join(hosted, out))).toEqual(filesOf(path.join(hosted, out)));
      for (const args of [[], ["--no-cache"]]) {
        const again = build(hosted, "--out", out, "--host", host, ...args);
        expect(again.code, again.output).toBe(0);
      }
    }
  });
});

/** The files a marker lists (its `files`, every group and run spelled out), sorted. */
function listedFiles(out: string): string[] {
  const listed = new Set<string>();
  const walk = (value: Record<string, unknown>, prefix: string) => {
    for (const [name, v] of Object.entries(value)) {
      if (name === "/") {
        for (const [names, inner] of v as [unknown[], Record<string, unknown>][]) {
          for (const n of names) {
            const each = Array.isArray(n) ? Array.from({ length: (n[1] as number) - (n[0] as number) + 1 }, (_, i) => String((n[0] as number) + i)) : [String(n)];
            for (const e of each) walk(inner, `${prefix}${e}/`);
          }
        }
      } else if (v === 1) listed.add(`${prefix}${name}`);
      else walk(v as Record<string, unknown>, `${prefix}${name}/`);
    }
  };
  walk(marker(out).files as Record<string, unknown>, "");
  return [...listed].sort();
}

/** The files in a folder, its marker aside, sorted. */
const filesOf = (out: string) => [...tree(out)].filter(([rel, v]) => v !== "folder" && rel !== ".build-catalogue.json").map(([rel]) => rel).sort();

describe("markers no build wrote", () => {
  /** A folder of someone's files, which a build must not take for its output. */
  function userFiles(dir: string): string {
    const out = path.join(dir, "public");
    mkdirSync(path.join(out, "api/v2"), { recursive: true });
    writeFileSync(path.join(out, "404.html"), "<h1>our own page</h1>");
    writeFileSync(path.join(out, "api/server.py"), "print('our API')");
    writeFileSync(path.join(out, "api/v2/openapi.yaml"), "openapi: 3.1.0");
    return out;
  }

  it("a marker forged to name the folder's files is not trusted: nothing is deleted, --force aside", () => {
    const dir = site("forged");
    const out = userFiles(dir);
    const forgeries = [
      // The first format's: the names at the top.
      { written_by: "build-catalogue", entries: ["404.html", "api"] },
      // This format's, listing the files: a build writes no .py, nor .yaml, under api/.
      { written_by: "build-catalogue", format: 2, entries: ["404.html", "api"], files: { "404.html": 1, api: { "server.py": 1, v2: { "openapi.yaml": 1 } } } },
      // Naming what is beside the folder, or above it.
      { written_by: "build-catalogue", format: 2, entries: ["api"], files: { api: { v2: { "..": { "..": { content: { "catalogue.json": 1 } } } } } } },
      { written_by: "build-catalogue", entries: ["../content"] },
    ];
    for (const forged of forgeries) {
      writeFileSync(path.join(out, ".build-catalogue.json"), JSON.stringify(forged));
      const before = tree(out);
      const run = build(dir, "--out", "public");
      expect(run.code, `${JSON.stringify(forged)}\n${run.output}`).toBe(2);
      expect(run.stderr).toMatch(/api\/server\.py|is not one a build writes/);
      expect(tree(out)).toEqual(before);
    }
  });

  it("a marker copied from an output into a folder of someone's files does not make them the build's", () => {
    const dir = site("copied");
    expect(build(dir).code).toBe(0);
    const out = userFiles(dir);
    copyFileSync(path.join(dir, "dist/.build-catalogue.json"), path.join(out, ".build-catalogue.json"));
    const before = tree(out);
    for (const args of [[], ["--no-cache"]]) {
      const run = build(dir, "--out", "public", ...args);
      expect(run.code, run.output).toBe(2);
      expect(run.stderr).toContain("--out public/ holds entries that no build wrote (api/server.py, api/v2/openapi.yaml)");
      expect(tree(out)).toEqual(before);
    }
  });

  it("a marker that is a link (to an output's own marker) is not trusted, and one that is a pipe is not read", () => {
    const dir = site("marker-link");
    expect(build(dir).code).toBe(0);
    const out = userFiles(dir);
    symlinkSync(path.join(dir, "dist/.build-catalogue.json"), path.join(out, ".build-catalogue.json"));
    rmSync(path.join(out, "api/server.py"));
    rmSync(path.join(out, "api/v2/openapi.yaml"));
    const before = tree(out);
    const linked = build(dir, "--out", "public");
    expect(linked.code, linked.output).toBe(2);
    expect(linked.stderr).toContain("its .build-catalogue.json is not one a build writes (it is not a file a build writes)");
    expect(tree(out)).toEqual(before);
    rmSync(path.join(out, ".build-catalogue.json"));
    expect(spawnSync("mkfifo", [path.join(out, ".build-catalogue.json")]).status).toBe(0);
    const piped = build(dir, "--out", "public");
    expect(piped.code, piped.output).toBe(2);
    expect(readFileSync(path.join(out, "404.html"), "utf8")).toBe("<h1>our own page</h1>");
  });

  it("an earlier version's marker (the top's names alone): its output is replaced when this build writes each of its files, and a file it does not write is refused", () => {
    const dir = site("earlier-version");
    expect(build(dir, "--no-cache").code).toBe(0);
    const dist = path.join(dir, "dist");
    const earlier = { written_by: "build-catalogue", note: "This folder is the output of build-catalogue, replaced by each build: keep nothing else in it.", entries: marker(dist).entries };
    writeFileSync(path.join(dist, ".build-catalogue.json"), `${JSON.stringify(earlier, null, 2)}\n`);
    writeFileSync(path.join(dist, "api/v2/pages/draft.json"), "{}");
    const before = tree(dist);
    const refused = build(dir, "--no-cache");
    expect(refused.code, refused.output).toBe(2);
    expect(refused.stderr).toContain("--out dist/ holds a file that this build does not write (api/v2/pages/draft.json), and its .build-catalogue.json, written by an earlier version of build-catalogue, names only the folder's top");
    expect(tree(dist)).toEqual(before);
    // Moved out: every file is one this build writes, so the folder is replaced, and marked anew.
    copyFileSync(path.join(dist, "api/v2/pages/draft.json"), path.join(dir, "draft.json"));
    rmSync(path.join(dist, "api/v2/pages/draft.json"));
    const run = build(dir, "--no-cache");
    expect(run.code, run.output).toBe(0);
    expect(marker(dist).files).toBeTypeOf("object");
  });
});

describe("the cache's folders", () => {
  it("the renditions' cache removes only what it writes: a folder it is linked to keeps its other files", () => {
    const dir = site("cache-link", true);
    expect(build(dir).code).toBe(0);
    const cache = path.join(dir, "node_modules/.cache/build-catalogue");
    const renditions = readdirSync(cache).find((n) => n.startsWith("renditions-"))!;
    expect(renditions).toBe(`renditions-${createHash("sha1").update(path.join(dir, "dist")).digest("hex").slice(0, 16)}`);
    // The cache's folder made a link to a folder of someone's, holding a file named as a half-written one, an hour old.
    const theirs = path.join(dir, "theirs");
    cpSync(path.join(cache, renditions), theirs, { recursive: true });
    writeFileSync(path.join(theirs, "backup.tmp"), "kept");
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(path.join(theirs, "backup.tmp"), old, old);
    removeDir(path.join(cache, renditions));
    symlinkSync(theirs, path.join(cache, renditions));
    expect(build(dir).code).toBe(0);
    expect(readFileSync(path.join(theirs, "backup.tmp"), "utf8")).toBe("kept");
  });
});
