// Drafts and schedules (Wagtail's live, go_live_at, expire_at): a page is in the API only while
// it is live at the build's --now, in every document; the clock names each go-live and expiry;
// the warnings catch a schedule that cannot be meant; a rebuild through the cache drops a page
// at its expiry.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyContent, FIXTURES, removeDir, runCli, tempDir } from "./helpers/cli.js";

const EXAMPLE = path.join(FIXTURES, "good/spec-example/content");

let dir: string;
beforeAll(() => {
  dir = tempDir("bc-publication-");
});
afterAll(() => removeDir(dir));

type Json = Record<string, unknown>;
/** A copy of the example with each page's file changed by `edit` (keyed by slug). */
function site(name: string, edit: Record<string, (page: Json) => void>): string {
  const content = copyContent(EXAMPLE, dir, name);
  for (const [slug, change] of Object.entries(edit)) {
    const file = path.join(content, "events", `${slug}.json`);
    const page = JSON.parse(readFileSync(file, "utf8")) as Json;
    change(page);
    writeFileSync(file, JSON.stringify(page, null, 2));
  }
  return name;
}
const build = (content: string, out: string, now: string) => runCli(["build", "--content", content, "--out", out, "--now", now], { cwd: dir });
const read = (out: string, rel: string) => JSON.parse(readFileSync(path.join(dir, out, rel), "utf8"));
const listed = (out: string) => (read(out, "api/v2/event_pages/index.json").items as { id: number }[]).map((i) => i.id);
const hasDetail = (out: string, id: number) => existsSync(path.join(dir, out, `api/v2/pages/${id}/index.json`));
const nextChange = (content: string, now: string) => runCli(["check", "--content", content, "--next-change", "--now", now], { cwd: dir }).stdout.trim();

describe("a draft", () => {
  it("is left out of every document, keeps its ids taken and its images used, and needs no first_published_at", () => {
    const content = site("draft", {
      "the-seagull": (p) => {
        p.live = false;
        delete p.first_published_at;
      },
    });
    const run = build(content, "out-draft", "2026-03-01T00:00Z");
    expect(run.code, run.output).toBe(0);
    expect(run.stdout).toContain("Validated 1 event page (and 1 draft, left out)");
    expect(listed("out-draft")).toEqual([202]);
    expect(read("out-draft", "api/v2/event_pages/index.json").meta.total_count).toBe(1);
    expect(hasDetail("out-draft", 201)).toBe(false);
    expect(hasDetail("out-draft", 202)).toBe(true);
    // The Seagull's image 31 is used by the draft alone: not reported as unused.
    expect(run.stderr).not.toMatch(/image 31 .* is not used/);
    // Its performance codes stay taken: a live page reusing one is an error naming both files.
    const clash = site("draft-clash", {
      "the-seagull": (p) => (p.live = false),
      "jazz-on-the-river": (p) => ((p.performances as Json[])[0]!.ticketing_code = ((readSeagull().performances as Json[])[0]!.ticketing_code)),
    });
    const failed = build(clash, "out-clash", "2026-03-01T00:00Z");
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/jazz-on-the-river\.json.*performances\[0\]\.ticketing_code/);
    expect(existsSync(path.join(dir, "out-clash"))).toBe(false);
  });

  it("warns when its go-live has passed, since a draft is never published", () => {
    const content = site("draft-past", { "the-seagull": (p) => ((p.live = false), (p.go_live_at = "2026-02-01T09:00")) });
    const run = build(content, "out-draft-past", "2026-03-01T00:00Z");
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toMatch(/warning: draft-past\/events\/the-seagull\.json:\d+:\d+: go_live_at: is past \(2026-02-01T09:00:00\+11:00; .*"live": false/);
    expect(hasDetail("out-draft-past", 201)).toBe(false);
  });
});

describe("a published page without first_published_at", () => {
  it("is an error naming the file and the key, unless it gives go_live_at", () => {
    const content = site("no-first", { "the-seagull": (p) => delete p.first_published_at });
    const run = build(content, "out-no-first", "2026-03-01T00:00Z");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no-first\/events\/the-seagull\.json:1:1: first_published_at: is missing: a published page says when it was first published/);
    expect(existsSync(path.join(dir, "out-no-first"))).toBe(false);
  });
});

describe("a scheduled page", () => {
  let content: string;
  beforeAll(() => {
    content = site("scheduled", {
      "the-seagull": (p) => {
        delete p.first_published_at;
        p.go_live_at = "2026-03-02T09:00";
      },
    });
  });

  it("is left out before its go-live and in every document from that instant, first published then", () => {
    expect(build(content, "out-before", "2026-03-02T08:59:59+11:00").code).toBe(0);
    expect(listed("out-before")).toEqual([202]);
    expect(hasDetail("out-before", 201)).toBe(false);
    const at = build(content, "out-at", "2026-03-02T09:00+11:00");
    expect(at.code, at.output).toBe(0);
    expect(listed("out-at")).toEqual([201, 202]);
    const detail = read("out-at", "api/v2/pages/201/index.json");
    expect(detail.meta.first_published_at).toBe("2026-03-02T09:00:00+11:00");
    expect(read("out-at", "api/v2/event_pages/index.json").items[0].meta.first_published_at).toBe("2026-03-02T09:00:00+11:00");
  });

  it("its go-live is the next change, named in the build's line", () => {
    expect(nextChange(content, "2026-03-01T00:00Z")).toBe("2026-03-02T09:00:00+11:00");
    const run = build(content, "out-line", "2026-03-01T00:00Z");
    expect(run.stdout).toContain("Next change: 2026-03-02T09:00:00+11:00 (the-seagull goes live); rebuild then");
    expect(run.stdout).toContain("(and 1 scheduled, left out)");
    // Once live, the next change is a performance again.
    expect(nextChange(content, "2026-03-02T09:00:01+11:00")).toBe("2026-04-25T20:00:00+10:00");
  });
});

describe("an expiring page", () => {
  let content: string;
  beforeAll(() => {
    content = site("expiring", { "jazz-on-the-river": (p) => (p.expire_at = "2026-04-01T12:00") });
  });

  it("is in the API until its expiry, left out from that instant, and its expiry is the next change", () => {
    expect(nextChange(content, "2026-03-01T00:00Z")).toBe("2026-04-01T12:00:00+11:00");
    expect(build(content, "out-live", "2026-04-01T11:59:59+11:00").code).toBe(0);
    expect(listed("out-live")).toEqual([201, 202]);
    expect(build(content, "out-expired", "2026-04-01T12:00+11:00").code).toBe(0);
    expect(listed("out-expired")).toEqual([201]);
    expect(hasDetail("out-expired", 202)).toBe(false);
  });

  it("a rebuild into the same folder (reusing the cache) drops it at its expiry", () => {
    expect(build(content, "out-again", "2026-04-01T11:00+11:00").code).toBe(0);
    expect(hasDetail("out-again", 202)).toBe(true);
    const after = build(content, "out-again", "2026-04-01T12:00+11:00");
    expect(after.code, after.output).toBe(0);
    expect(hasDetail("out-again", 202)).toBe(false);
    expect(listed("out-again")).toEqual([201]);
  });

  it("warns when it expires before it goes live", () => {
    const never = site("never", { "jazz-on-the-river": (p) => ((p.go_live_at = "2026-04-02T09:00"), (p.expire_at = "2026-04-01T09:00")) });
    const run = build(never, "out-never", "2026-03-01T00:00Z");
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toMatch(/jazz-on-the-river\.json:\d+:\d+: expire_at: \(2026-04-01T09:00:00\+11:00\) is not after go_live_at/);
    // It never goes live: its go-live is no change to come.
    expect(run.stdout).not.toContain("goes live");
    expect(listed("out-never")).toEqual([201]);
  });
});

describe("a rich text link to a page that is not live", () => {
  it("is a warning naming the page's file and its state", () => {
    const content = site("linked", {
      "jazz-on-the-river": (p) => ((p.live = false), delete p.first_published_at),
      "the-seagull": (p) => {
        (p.description as Json[]).unshift({ type: "richtext", value: { text: '<p>See also <a id="202" linktype="page">the jazz</a>.</p>' } });
      },
    });
    const run = build(content, "out-linked", "2026-03-01T00:00Z");
    expect(run.code, run.output).toBe(0);
    expect(run.stderr).toMatch(/the-seagull\.json:\d+:\d+: description\[0\]\.value\.text: links to page 202 \(linked\/events\/jazz-on-the-river\.json\), which is a draft/);
  });
});

function readSeagull(): Json {
  return JSON.parse(readFileSync(path.join(EXAMPLE, "events/the-seagull.json"), "utf8")) as Json;
}
