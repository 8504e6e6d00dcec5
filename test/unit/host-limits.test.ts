// The hosts' documented limits against synthetic tallies, at each limit and just past it.
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../src/model/diagnostics.js";
import { emptyTally } from "../../src/output/planned-writer.js";
import type { OutputTally } from "../../src/model/output.js";
import { HOSTS } from "../../src/host/host.js";
import {
  CLOUDFLARE_FILE_BYTES,
  CLOUDFLARE_FILES_FREE,
  CLOUDFLARE_FILES_PAID,
  hostLimitWarnings,
  NETLIFY_RULES_ADVISED_BELOW,
  VERCEL_ROUTES,
  VERCEL_SRC_CHARS,
} from "../../src/host/limits.js";

const netlify = [HOSTS.netlify!];
const cloudflare = [HOSTS.cloudflare!];
const vercel = [HOSTS.vercel!];
const every = Object.values(HOSTS);

function tally(over: Partial<OutputTally> = {}): OutputTally {
  return { ...emptyTally(), files: 100, largest: { path: "api/v2/pages/index.json", bytes: 1000 }, ...over };
}

/** A _redirects file of `n` rules, with the comments and blank lines a renderer writes. */
function redirects(n: number): string {
  const lines = ["# build-catalogue: rules", ""];
  for (let i = 0; i < n; i++) lines.push(`/api/v2/pages/${i}/ /api/v2/pages/${i}/index.json 200`);
  lines.push("  # an indented comment", "");
  return lines.join("\n");
}

function vercelJson(routes: number, srcLength = 10): string {
  const src = `^/${"a".repeat(Math.max(0, srcLength - 3))}$`;
  return JSON.stringify({ routes: Array.from({ length: routes }, () => ({ src, dest: "/x.json" })) });
}

const lines = (t: OutputTally, hosts = every, out = "dist") => hostLimitWarnings(hosts, t, out).map(formatDiagnostic);

describe("hostLimitWarnings", () => {
  it("the numbers are the hosts' documented ones", () => {
    expect([NETLIFY_RULES_ADVISED_BELOW, CLOUDFLARE_FILES_FREE, CLOUDFLARE_FILES_PAID, CLOUDFLARE_FILE_BYTES, VERCEL_ROUTES, VERCEL_SRC_CHARS]).toEqual([
      10_000, 20_000, 100_000, 25 * 1024 * 1024, 2_048, 4_096,
    ]);
  });

  it("says nothing for output within every limit, or for a tally with no rule files", () => {
    expect(lines(tally())).toEqual([]);
    expect(lines(emptyTally())).toEqual([]);
  });

  it("Netlify: 9,999 rules pass; 10,000 (where Netlify's advice ends) warn, naming _redirects", () => {
    expect(lines(tally({ ruleFiles: new Map([["_redirects", redirects(9_999)]]) }), netlify)).toEqual([]);
    const at = lines(tally({ ruleFiles: new Map([["_redirects", redirects(10_000)]]) }), netlify);
    expect(at).toHaveLength(1);
    expect(at[0]).toMatch(/^warning: dist\/_redirects: holds 10,000 rules: Netlify advises fewer than 10,000, and a deploy with too many may fail/);
    expect(at[0]).toContain("docs/hosts.md");
  });

  it("Netlify's rules are not counted for a build without Netlify", () => {
    expect(lines(tally({ ruleFiles: new Map([["_redirects", redirects(10_001)]]) }), cloudflare)).toEqual([]);
  });

  it("Cloudflare: 20,000 files pass; 20,001 warn about the Free plan and name the paid plans' limit", () => {
    expect(lines(tally({ files: CLOUDFLARE_FILES_FREE }), cloudflare)).toEqual([]);
    const past = lines(tally({ files: CLOUDFLARE_FILES_FREE + 1 }), cloudflare);
    expect(past).toHaveLength(1);
    expect(past[0]).toMatch(/^warning: dist\/: holds 20,001 files, more than Cloudflare Pages takes on its Free plan \(20,000\)/);
    expect(past[0]).toContain("a paid plan takes 100,000");
  });

  it("Cloudflare: 100,000 files warn only about the Free plan; 100,001 warn that no plan takes them", () => {
    expect(lines(tally({ files: CLOUDFLARE_FILES_PAID }), cloudflare)[0]).toContain("on its Free plan");
    const past = lines(tally({ files: CLOUDFLARE_FILES_PAID + 1 }), cloudflare);
    expect(past).toHaveLength(1);
    expect(past[0]).toMatch(/^warning: dist\/: holds 100,001 files, more than any Cloudflare Pages plan takes \(100,000 on paid plans\)/);
  });

  it("Cloudflare: a file of exactly 25 MiB passes; one byte more warns, naming the file and what to do", () => {
    expect(lines(tally({ largest: { path: "api/v2/pages/index.json", bytes: CLOUDFLARE_FILE_BYTES } }), cloudflare)).toEqual([]);
    const list = lines(tally({ largest: { path: "api/v2/pages/index.json", bytes: CLOUDFLARE_FILE_BYTES + 1 } }), cloudflare);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatch(/^warning: dist\/api\/v2\/pages\/index\.json: is 25\.0 MiB \(26,214,401 bytes\): Cloudflare Pages refuses a file over 25 MiB/);
    expect(list[0]).toContain("grows with the catalogue: deploy to nginx instead");
    const page = lines(tally({ largest: { path: "api/v2/pages/201/index.json", bytes: 30 * 1024 * 1024 } }), cloudflare);
    expect(page[0]).toContain("one page's document: shorten that page's content");
  });

  it("Cloudflare's limits are not checked for other hosts", () => {
    const big = tally({ files: 200_000, largest: { path: "api/v2/pages/index.json", bytes: 30 * 1024 * 1024 } });
    expect(lines(big, [HOSTS.serve!, HOSTS.nginx!, ...netlify, ...vercel])).toEqual([]);
  });

  it("Vercel: 2,048 routes pass; 2,049 warn at vercel.json's routes", () => {
    expect(lines(tally({ ruleFiles: new Map([["vercel.json", vercelJson(VERCEL_ROUTES)]]) }), vercel)).toEqual([]);
    const past = lines(tally({ ruleFiles: new Map([["vercel.json", vercelJson(VERCEL_ROUTES + 1)]]) }), vercel);
    expect(past).toHaveLength(1);
    expect(past[0]).toMatch(/^warning: dist\/vercel\.json: routes: holds 2,049 routes: Vercel takes at most 2,048/);
  });

  it("Vercel: a src of 4,096 characters passes; 4,097 warn at that route's src", () => {
    expect(lines(tally({ ruleFiles: new Map([["vercel.json", vercelJson(3, VERCEL_SRC_CHARS)]]) }), vercel)).toEqual([]);
    const routes = [{ src: "^/api/$" }, { src: "x".repeat(VERCEL_SRC_CHARS + 1) }, { src: "x".repeat(VERCEL_SRC_CHARS + 5) }];
    const past = lines(tally({ ruleFiles: new Map([["vercel.json", JSON.stringify({ routes })]]) }), vercel);
    expect(past).toEqual([expect.stringMatching(/^warning: dist\/vercel\.json: routes\[1\]\.src: is 4,097 characters long: Vercel's schema takes at most 4,096/)]);
  });

  it("names files under --out as the user wrote it, without a trailing slash doubled", () => {
    const t = tally({ files: CLOUDFLARE_FILES_FREE + 1, ruleFiles: new Map([["_redirects", redirects(10_000)]]) });
    expect(lines(t, netlify, "build/api/")[0]).toMatch(/^warning: build\/api\/_redirects: /);
    expect(lines(t, cloudflare, "out")[0]).toMatch(/^warning: out\/: holds/);
  });

  it("every warning is a warning (so --strict fails on it), with a message that says why and what to do", () => {
    const t = tally({
      files: CLOUDFLARE_FILES_PAID + 1,
      largest: { path: "_query/index.json", bytes: CLOUDFLARE_FILE_BYTES + 1 },
      ruleFiles: new Map([
        ["_redirects", redirects(10_000)],
        ["vercel.json", JSON.stringify({ routes: Array.from({ length: VERCEL_ROUTES + 1 }, () => ({ src: "y".repeat(VERCEL_SRC_CHARS + 1) })) })],
      ]),
    });
    // netlify and cloudflare cannot be built together; each is checked against the same tally here.
    const found = [...hostLimitWarnings(netlify, t, "dist"), ...hostLimitWarnings(cloudflare, t, "dist"), ...hostLimitWarnings(vercel, t, "dist")];
    expect(found.map((d) => d.severity)).toEqual(Array(5).fill("warning"));
    for (const d of found) expect(d.message).toMatch(/refused|may fail/);
  });
});
