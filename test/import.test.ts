// build-catalogue import, run as a user runs it, against the preview serving the example catalogue
// (Wagtail's bytes and paging, its images endpoint included) and a stand-in in front of it that
// adds what a live Wagtail does: a smaller page size, the originals on its CDN (the reference's,
// as a real Wagtail 5.2.8 held them), a 429, a 500 and a dropped connection; or fails as a
// misconfigured site does. The round trip: import, build again, the same API file for file.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, removeDir, runCli, snapshotTree, tempDir } from "./helpers/cli.js";
import { freePort, startPreviewProcess, waitFor, type Started } from "./helpers/server.js";
import { REFERENCE_CONTENT, REFERENCE_IMAGES } from "./helpers/wagtail-reference.js";
import { runCliAsync, startWagtailDouble, type Double } from "./helpers/wagtail-double.js";

const NOW = "2026-06-01T00:00:00Z";
const IDENTICAL = "90 of 90 event pages, the list, the parent and the home page identical";
const API_BASE = "https://api.harbourrange.example";

let dir = "";
let dist = "";
let preview: Started;
let base = "";
let doublePort = 0;
let cdn = "";
const doubles: Double[] = [];

const json = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
const leftovers = (name: string) => readdirSync(dir).filter((n) => n === name || n.startsWith(`.${name}.import-`));

async function double(options: Omit<Parameters<typeof startWagtailDouble>[0], "upstream">): Promise<Double> {
  const d = await startWagtailDouble({ upstream: base, ...options }, doublePort);
  doubles.push(d);
  return d;
}

async function closeDoubles(): Promise<void> {
  for (const d of doubles.splice(0)) await d.close();
}

beforeAll(async () => {
  dir = tempDir("bc-import-");
  // The originals are served by the stand-in, so the catalogue's cdn_url is its address.
  doublePort = await freePort();
  cdn = `http://127.0.0.1:${doublePort}`;
  const original = copyContent(REFERENCE_CONTENT, dir, "original");
  const catalogue = json(path.join(original, "catalogue.json"));
  writeFileSync(path.join(original, "catalogue.json"), JSON.stringify({ ...catalogue, cdn_url: cdn }, null, 2));
  dist = path.join(dir, "dist");
  const built = runCli(["build", "--content", original, "--out", dist, "--now", NOW], { cwd: dir });
  expect(built.code, built.output).toBe(0);
  // Served as the production API is: its links name the catalogue's base URL, not the preview's own origin.
  ({ preview, base } = await startPreviewProcess(["--content", original, "--now", NOW, "--base-url", API_BASE], { cwd: dir }));
});

afterAll(async () => {
  await closeDoubles();
  await preview?.stop();
  removeDir(dir);
});

/** The image ids a content folder's pages use (thumbnail, hero image, carousels, logo walls), ascending. */
function imagesUsed(content: string): number[] {
  const ids = new Set<number>();
  for (const f of readdirSync(path.join(content, "events"))) {
    const text = readFileSync(path.join(content, "events", f), "utf8");
    const page = JSON.parse(text) as { thumbnail: { image: number }; hero_image?: number | null };
    ids.add(page.thumbnail.image);
    if (page.hero_image != null) ids.add(page.hero_image);
    for (const m of text.matchAll(/"(?:image|logo)": (\d+)/g)) ids.add(Number(m[1]));
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Builds an imported content folder and expects every file of the original build; returns the
 * rebuild's folder. With originals the rebuild also writes the media (media/), which the original
 * build, without them, does not: compared apart, with the marker that names the folder.
 */
function expectSameBuild(content: string): string {
  const out = path.join(dir, `${content}-dist`);
  const run = runCli(["build", "--content", content, "--out", out, "--now", NOW], { cwd: dir });
  expect(run.code, run.output).toBe(0);
  const api = (tree: Map<string, string>) => new Map([...tree].filter(([file]) => !file.startsWith("media/") && file !== ".build-catalogue.json"));
  const want = api(snapshotTree(dist));
  const got = api(snapshotTree(out));
  expect([...got.keys()]).toEqual([...want.keys()]);
  for (const [file, bytes] of want) expect(got.get(file), file).toBe(bytes);
  return out;
}

describe("build-catalogue import", () => {
  it("imports the example catalogue from the preview into an empty folder, and its build is the same API, file for file", () => {
    const run = runCli(["import", base, "--content", "round-trip", "--now", NOW, "--no-images"], { cwd: dir });
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain(IDENTICAL);
    expect(run.stdout).toContain("the list in 5 requests of up to 20");
    const content = path.join(dir, "round-trip");
    expect(readdirSync(path.join(content, "events"))).toHaveLength(90);
    expect(existsSync(path.join(content, "images"))).toBe(false);
    // As an editor keeps it: wall times at the venue, defaults left out, ids and block ids kept.
    const hamlet = json(path.join(content, "events/hamlet.json"));
    expect(hamlet).toMatchObject({ id: 193, title: "Hamlet", venue: 1, program: 1, genre: [1], accessibility: [1, 2, 2] });
    expect(hamlet).not.toHaveProperty("slug");
    const written = json(path.join(REFERENCE_CONTENT, "events/hamlet.json")).performances as { id: number; datetime: string }[];
    const byStart = [...written].sort((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : a.id - b.id));
    const imported = hamlet.performances as { id: number; ticketing_code: number; datetime: string }[];
    expect(imported.map((p) => [p.id, p.ticketing_code])).toEqual(byStart.map((p) => [p.id, (p as unknown as { ticketing_code: number }).ticketing_code]));
    // The source's "2026-04-02T19:30:00+11:00" needs no offset: no wall time of Hamlet's is lived twice.
    expect(imported.find((p) => p.id === 70092)!.datetime).toBe("2026-04-02T19:30");
    expect(imported.every((p) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(p.datetime))).toBe(true);
    expect((hamlet.description as { id: string }[])[0]!.id).toBe("3f6e2b8a-1c4d-4e5f-9a0b-7c8d9e0f1a2b");
    const venues = json(path.join(content, "venues.json")) as unknown as { id: number; time_zone?: string }[];
    expect(venues.filter((v) => v.time_zone).map((v) => [v.id, v.time_zone])).toEqual([[6, "Australia/Brisbane"], [7, "Australia/Brisbane"], [8, "Australia/Brisbane"]]);
    expect(json(path.join(content, "catalogue.json"))).toMatchObject({ base_url: API_BASE, cdn_url: cdn, time_zone: "Australia/Sydney", parent: { id: 3, url: "/whats-on/", home: { id: 2 } } });
    expect(existsSync(path.join(content, "genres.json"))).toBe(false);
    expect(leftovers("round-trip")).toEqual(["round-trip"]);
    // The last lines: the loopback cdn_url kept (base_url is a public name), then what to do next.
    const last = run.stdout.trimEnd().split("\n");
    const verdictAt = last.findIndex((l) => l === IDENTICAL);
    expect(last.slice(verdictAt + 1)).toEqual([
      `Check before deploying: round-trip/catalogue.json keeps cdn_url ${cdn}, read from the API: a loopback address: it reaches only the machine the build runs on, so no visitor can follow it. ` +
        "Every document the build writes names it (each image's URL); if the published site is elsewhere, change cdn_url in round-trip/catalogue.json to its public address before deploying.",
      "Next:",
      "  1. Review round-trip/ (the notes above say what the API could not tell); npx build-catalogue preview --content round-trip serves it.",
      "  2. Move round-trip/ to content/ in the site's folder, then run npx build-catalogue init there to add the rest of a site: the GitHub Actions workflow, the .gitignore lines and the $schema keys editors check the files with (it keeps every file the import wrote).",
      '  3. Commit: git add . && git commit -m "Import the events catalogue"',
    ]);
    expect(run.stderr).not.toMatch(/Warning|\(node:\d+\)/);
    expectSameBuild("round-trip");
  });

  it("reads through a live server's paging and faults (pages of 7, a 429 with Retry-After, a 500, a dropped connection), with its images endpoint and originals", async () => {
    const throttled = "/api/v2/event_pages/?limit=7&offset=14";
    const originals = path.join(REFERENCE_IMAGES, "content/images");
    const d = await double({
      maxLimit: 7,
      once: { [throttled]: "429", "/api/v2/pages/193/": "500", "/api/v2/event_pages/101/": "drop" },
      originals,
    });
    try {
      const run = await runCliAsync(["import", d.url, "--content", "faults", "--now", NOW], { cwd: dir }).done;
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain(IDENTICAL);
      expect(run.stdout).toContain("the list in 13 requests of up to 7");
      expect(run.stdout).toContain("retried 1 after 429 Too Many Requests, 1 after a server error, 1 after a network error");
      // Wagtail's 400 for a limit over its maximum, then pages of 7; the 429's Retry-After waited out.
      expect(d.requests[0]!.path).toBe("/api/v2/event_pages/?limit=20&offset=0");
      expect(d.requests[1]!.path).toBe("/api/v2/event_pages/?limit=7&offset=0");
      const asked = d.requests.filter((r) => r.path === throttled);
      expect(asked).toHaveLength(2);
      expect(asked[1]!.at - asked[0]!.at).toBeGreaterThanOrEqual(950);
      expect(d.requests.filter((r) => r.path === "/api/v2/pages/193/")).toHaveLength(2);
      expect(d.requests.filter((r) => r.path === "/api/v2/event_pages/101/")).toHaveLength(2);

      const content = path.join(dir, "faults");
      // Each thumbnail is matched to its image through the images endpoint.
      expect((json(path.join(content, "events/hamlet.json")).thumbnail as { image: number }).image).toBe(318);
      const imported = JSON.parse(readFileSync(path.join(content, "images.json"), "utf8")) as Record<string, unknown>[];
      const key = (f: { x: number; y: number; width: number; height: number }) =>
        createHash("sha1").update(`${f.width}-${f.height}-${f.x}-${f.y}`).digest("hex").slice(0, 8);
      const ballet = imported.find((i) => i.id === 309)!;
      // Its size as the preview's images endpoint served it (images.json's, the original's as Wagtail read it).
      const served = JSON.parse(await fetch(`${d.url}/api/v2/images/309/`).then((r) => r.text())) as { width: number; height: number };
      expect([served.width, served.height]).toEqual([1000, 1000]);
      expect(ballet).toEqual({
        id: 309, title: "Ballet Under the Stars", file: "ballet-under-the-stars-2026.png", width: served.width, height: served.height,
        rendition_key: key({ x: 606, y: 220, width: 418, height: 164 }),
      });
      // The images the pages use, and no other, each with its original.
      expect(imported.map((i) => i.id)).toEqual(imagesUsed(path.join(dir, "original")));
      const files = readdirSync(path.join(content, "images")).sort();
      expect(files).toEqual(imported.map((i) => i.file as string).sort());
      for (const f of files) expect(readFileSync(path.join(content, "images", f)).equals(readFileSync(path.join(originals, f))), f).toBe(true);
      const rebuilt = expectSameBuild("faults");
      // The rebuild makes the thumbnails Wagtail made, but for those imported with their rendition key (the CDN holds them).
      const made = readdirSync(path.join(rebuilt, "media/images"));
      const keyed = new Set(imported.filter((i) => i.rendition_key !== undefined).map((i) => i.file as string));
      const wanted = new Set<string>();
      for (const f of readdirSync(path.join(content, "events"))) {
        const page = json(path.join(content, "events", f)) as { id: number; thumbnail: { image: number } };
        const url = (json(path.join(rebuilt, `api/v2/pages/${page.id}/index.json`)).thumbnail as { url: string }).url;
        if (!keyed.has(imported.find((i) => i.id === page.thumbnail.image)!.file as string)) wanted.add(url.split("/").pop()!);
      }
      expect(wanted.size).toBeGreaterThan(0);
      expect(made.sort()).toEqual([...wanted].sort());
    } finally {
      await closeDoubles();
    }
  });

  it("reports each document that differs with its key path, and exits 1", async () => {
    const d = await double({
      alter: (p, body) => {
        if (p === "/api/v2/pages/193/" || p === "/api/v2/event_pages/193/") return body.replace('"label": null', '"label": "New"');
        if (p.startsWith("/api/v2/event_pages/?")) return body.replace('"html_url": "https://www.harbourrange.example/whats-on/tosca/"', '"html_url": "https://www.harbourrange.example/whats-on/tosca-2026/"');
        return body;
      },
    });
    try {
      const run = await runCliAsync(["import", d.url, "--content", "differs", "--now", NOW, "--no-images"], { cwd: dir }).done;
      expect(run.code, run.output).toBe(1);
      expect(run.stderr).toContain('event page 193 (/api/v2/pages/193/): label: read "New", built null');
      expect(run.stderr).toContain('event page 193 (/api/v2/event_pages/193/): label: read "New", built null');
      expect(run.stderr).toMatch(
        /the list \(\/api\/v2\/event_pages\/\?limit=20&offset=\d+\): items\[\d+\]\.meta\.html_url: read "https:\/\/www\.harbourrange\.example\/whats-on\/tosca-2026\/", built "https:\/\/www\.harbourrange\.example\/whats-on\/tosca\/"/,
      );
      expect(run.stdout).toContain("89 of 90 event pages identical; the parent and the home page identical; the list differs");
      // The content is kept, to be looked at.
      expect(existsSync(path.join(dir, "differs/catalogue.json"))).toBe(true);
    } finally {
      await closeDoubles();
    }
  });

  it("writes nothing when the API holds what the content format cannot say, printing the build's errors as in --content", async () => {
    const d = await double({
      alter: (p, body) => (p.startsWith("/api/v2/event_pages/?") || /^\/api\/v2\/(event_)?pages\/193\/$/.test(p) ? body.replace('"slug": "hamlet"', '"slug": "Hamlet_2026"') : body),
    });
    try {
      const run = await runCliAsync(["import", d.url, "--content", "refused", "--now", NOW, "--no-images"], { cwd: dir }).done;
      expect(run.code, run.output).toBe(1);
      expect(run.stderr).toMatch(/^refused\/events\/Hamlet_2026\.json:1:1: slug: is not given and the file name "Hamlet_2026" is not a valid slug/m);
      expect(run.stderr).toContain("Import failed: the content written from the API does not build (1 error in 1 file)");
      expect(leftovers("refused")).toEqual([]);
    } finally {
      await closeDoubles();
    }
  });

  it("refuses a content folder that is not empty, leaving it byte for byte as it was, and replaces it with --force", async () => {
    const d = await double({});
    try {
      const kept = path.join(dir, "kept");
      mkdirSync(path.join(kept, "events"), { recursive: true });
      writeFileSync(path.join(kept, "notes.txt"), "an editor's notes\n");
      writeFileSync(path.join(kept, "events/draft.json"), '{"id": 1}\n');
      const before = snapshotTree(kept);
      const refused = await runCliAsync(["import", d.url, "--content", "kept", "--now", NOW, "--no-images"], { cwd: dir }).done;
      expect(refused.code, refused.output).toBe(1);
      expect(refused.stderr).toContain("kept/ already holds 2 entries (events, notes.txt)");
      expect(refused.stderr).toContain("--force");
      expect(d.requests).toEqual([]);
      expect(snapshotTree(kept)).toEqual(before);
      expect(leftovers("kept")).toEqual(["kept"]);

      const forced = await runCliAsync(["import", d.url, "--content", "kept", "--now", NOW, "--no-images", "--force"], { cwd: dir }).done;
      expect(forced.code, forced.output).toBe(0);
      expect(forced.stdout).toContain(IDENTICAL);
      expect(existsSync(path.join(kept, "notes.txt"))).toBe(false);
      expect(existsSync(path.join(kept, "events/draft.json"))).toBe(false);
      expect(readdirSync(path.join(kept, "events"))).toHaveLength(90);
      expect(leftovers("kept")).toEqual(["kept"]);
    } finally {
      await closeDoubles();
    }
  });

  it("leaves nothing behind when interrupted (Ctrl-C) while it reads", async () => {
    const d = await double({ always: (p) => (p === "/api/v2/pages/150/" ? "hang" : undefined) });
    try {
      const { child, done } = runCliAsync(["import", d.url, "--content", "interrupted", "--now", NOW], { cwd: dir });
      const running = { process: child, output: () => "", stop: async () => {} } as unknown as Started;
      await waitFor(running, () => (d.requests.some((r) => r.path === "/api/v2/pages/150/") ? true : undefined), "the request that never ends");
      // The staging folder exists while it reads.
      expect(leftovers("interrupted")).toHaveLength(1);
      child.kill("SIGINT");
      const run = await done;
      expect(run.code, run.output).toBe(130);
      expect(run.stderr).toContain("Import interrupted: nothing was written; interrupted/ is as it was.");
      expect(leftovers("interrupted")).toEqual([]);
    } finally {
      await closeDoubles();
    }
  });

  it("stops with a clear error, leaving nothing behind, on HTML where JSON was expected", async () => {
    const d = await double({ always: (p) => (p === "/api/v2/event_pages/193/" ? "html" : undefined) });
    try {
      const run = await runCliAsync(["import", d.url, "--content", "html", "--now", NOW], { cwd: dir }).done;
      expect(run.code, run.output).toBe(1);
      // The folders made for --content go too.
      const nested = await runCliAsync(["import", d.url, "--content", "made/for/it/content", "--now", NOW], { cwd: dir }).done;
      expect(nested.code, nested.output).toBe(1);
      expect(existsSync(path.join(dir, "made"))).toBe(false);
      expect(run.stderr).toContain(`Import failed: GET ${d.url}/api/v2/event_pages/193/ answered HTML where JSON was expected (HTTP 200, a page titled "Log in | Wagtail")`);
      expect(run.stderr).toContain("Nothing was written.");
      expect(leftovers("html")).toEqual([]);
    } finally {
      await closeDoubles();
    }
  });

  it("stops with a clear error on a 401, on an address that is no Wagtail API v2, and on a list that changes while it is read", async () => {
    const d = await double({
      always: (p) => (p.startsWith("/private/") ? "401" : undefined),
      alter: (p, body) => (/^\/api\/v2\/event_pages\/\?limit=20&offset=[1-9]/.test(p) ? body.replace('"total_count": 90', '"total_count": 91') : body),
    });
    try {
      const refused = await runCliAsync(["import", `${d.url}/private/`, "--content", "unauthorized"], { cwd: dir }).done;
      expect(refused.code, refused.output).toBe(1);
      expect(refused.stderr).toContain(`GET ${d.url}/private/api/v2/event_pages/?limit=20&offset=0 answered HTTP 401 Unauthorized: the API asks for credentials`);
      const nowhere = await runCliAsync(["import", `${d.url}/nothing/`, "--content", "nowhere"], { cwd: dir }).done;
      expect(nowhere.code, nowhere.output).toBe(1);
      expect(nowhere.stderr).toContain(`${d.url}/nothing does not serve a Wagtail API v2 events catalogue (no /api/v2/event_pages/)`);
      const changing = await runCliAsync(["import", `${d.url}/api/v2/event_pages/`, "--content", "changing", "--now", NOW], { cwd: dir }).done;
      expect(changing.code, changing.output).toBe(1);
      expect(changing.stderr).toContain("the list of event pages changed while it was read (total_count was 90, then 91)");
      for (const name of ["unauthorized", "nowhere", "changing"]) expect(leftovers(name)).toEqual([]);
      const usage = runCli(["import", "api.example.org"], { cwd: dir });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('"api.example.org" is not an absolute URL');
    } finally {
      await closeDoubles();
    }
  });

  it("names the init to run for a site's content/ folder, and a staging-looking base_url", async () => {
    const d = await double({ alter: (_, body) => body.replaceAll(API_BASE, "https://api-staging.harbourrange.example") });
    try {
      const run = await runCliAsync(["import", d.url, "--content", "staged/content", "--now", NOW, "--no-images"], { cwd: dir }).done;
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain(
        "Check before deploying: staged/content/catalogue.json keeps base_url https://api-staging.harbourrange.example, read from the API: a host whose name looks like a staging or test site's. " +
          "Every document the build writes names it (each detail_url and redirect); if the published site is elsewhere, change base_url in staged/content/catalogue.json to its public address before deploying.",
      );
      expect(run.stdout).toContain("  2. Run npx build-catalogue init --dir staged to add the rest of a site: the GitHub Actions workflow, the .gitignore lines and the $schema keys");
      expect(run.stdout.trimEnd().split("\n").at(-1)).toBe('  3. Commit: git add staged && git commit -m "Import the events catalogue"');
    } finally {
      await closeDoubles();
    }
  });
});

/** `(N requests sent to it, M not sent once it was given up on)` of the import's note on a host, as numbers. */
function hostCounts(stdout: string, host: string): { files: number; sent: number; skipped: number } {
  const m = new RegExp(`(\\d+) originals could not be downloaded: ${host.replace(/[.]/g, "\\.")} cannot be reached, [^(]+\\((\\w+); (\\d+) requests? sent to it(?:, (\\d+) not sent once it was given up on)?\\)`).exec(stdout);
  expect(m, stdout).not.toBeNull();
  return { files: Number(m![1]), sent: Number(m![3]), skipped: Number(m![4] ?? 0) };
}

describe("import when the originals' host cannot be reached", () => {
  // The API reads as ever; every original's URL (and thumbnail's) names a host that is not there.
  const deadCdn = (to: string) => double({ alter: (_, body) => body.replaceAll(cdn, to) });

  it("gives up on a host that refuses connections after one request's attempts: the import still ends, naming the host and what to do", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const d = await deadCdn(dead);
    try {
      const run = await runCliAsync(["import", d.url, "--content", "refused-cdn", "--now", NOW], { cwd: dir }).done;
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain(IDENTICAL);
      const host = new URL(dead).host;
      expect(run.stdout).toContain(`originals could not be downloaded: ${host} cannot be reached, it refuses connections: nothing listens on that port (ECONNREFUSED; `);
      expect(run.stdout).toContain("import with --no-images and copy the originals into refused-cdn/images/ yourself");
      // At most 4 requests in flight, each given up after 4 attempts; every other original not sent at all.
      const { files, sent, skipped } = hostCounts(run.stdout, host);
      expect(files).toBe(imagesUsed(path.join(dir, "original")).length);
      expect(sent).toBeGreaterThanOrEqual(4);
      expect(sent).toBeLessThanOrEqual(4 * 4);
      expect(skipped).toBeGreaterThanOrEqual(files - 4);
      // The retries counted in the summary are those attempts, less the first of each request sent.
      expect(run.stdout).toContain(`retried ${sent - (files - skipped)} after a network error`);
      expect(run.stdout).toContain(`Check before deploying: refused-cdn/catalogue.json keeps cdn_url ${dead}, read from the API: a loopback address`);
      expect(run.stderr).not.toMatch(/Warning|\(node:\d+\)/);
      expect(existsSync(path.join(dir, "refused-cdn/images"))).toBe(false);
    } finally {
      await closeDoubles();
    }
  });

  it("gives up on a host whose name does not resolve at its first failure", async () => {
    const d = await deadCdn("http://cdn.harbourrange.invalid");
    try {
      const run = await runCliAsync(["import", d.url, "--content", "unknown-cdn", "--now", NOW], { cwd: dir }).done;
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain(IDENTICAL);
      const { files, sent, skipped } = hostCounts(run.stdout, "cdn.harbourrange.invalid");
      // A name that does not exist is final at once (ENOTFOUND); a machine with no DNS server at all tries each of the 4 in flight 4 times.
      expect(run.stdout).toMatch(/cdn\.harbourrange\.invalid cannot be reached, its name (does not resolve \(ENOTFOUND|could not be looked up: no DNS server answered, as when the machine is offline \(EAI_AGAIN)/);
      expect(sent).toBeLessThanOrEqual(/ENOTFOUND/.test(run.stdout) ? 4 : 16);
      expect(skipped).toBeGreaterThanOrEqual(files - 4);
      expect(run.stderr).not.toMatch(/Warning|\(node:\d+\)/);
    } finally {
      await closeDoubles();
    }
  });

  it("fails at once, naming the host, when the API's own host refuses connections", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    const run = await runCliAsync(["import", dead, "--content", "no-api", "--now", NOW], { cwd: dir }).done;
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`Import failed: GET ${dead}/api/v2/event_pages/\\?limit=20&offset=0 failed: ${new URL(dead).host} cannot be reached, it refuses connections: nothing listens on that port \\(connect ECONNREFUSED [^;]+; 4 times in a row\\); check the address and the network\\. Nothing was written\\.`),
    );
    expect(leftovers("no-api")).toEqual([]);
  });
});
