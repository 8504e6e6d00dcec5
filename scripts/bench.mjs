// Benchmark: generates catalogues of 1,000, 10,000 and 100,000 event pages and, in one run, times
// the cold build of each (the real CLI, a new process each time, no cache) alternating with the
// floor (scripts/bench-floor.mjs: read the sources, write the same bytes, one thread, no work),
// then a one-file rebuild (one event edited, the cache warm). Prints medians, peak RSS and ratios,
// and then each target of issue 9 against this run's figures.
//   npm run bench                        BENCH_SIZES=1000,10000 BENCH_RUNS=5 npm run bench
//   BENCH_FORMAT=yaml npm run bench      (the event pages written in YAML)
//   BENCH_BODIES=rich npm run bench      (every page with a long description: about 20 kB of source)
// Output goes to a tmpfs (/dev/shm) when there is one with room enough, so the disk's speed is not what is measured.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";
import { generateCatalogue, sourceText } from "./generate-catalogue.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sizes = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const runs = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const format = process.env.BENCH_FORMAT ?? "json";
if (!["json", "yaml"].includes(format)) {
  console.error(`bench: BENCH_FORMAT is "${format}"; use json (the default) or yaml`);
  process.exit(2);
}
const bodies = process.env.BENCH_BODIES ?? "short";
if (!["short", "rich"].includes(bodies)) {
  console.error(`bench: BENCH_BODIES is "${bodies}"; use short (the default) or rich`);
  process.exit(2);
}
const NOW = "2026-06-01T00:00:00Z";
/**
 * Whether a folder has room for the run at its largest: every size's sources (about 5 KB and an
 * inode a page; 25 KB with rich bodies) and reference output (at most 25 KB and 4 inodes a page:
 * the two details are one file, plus their folders; 70 KB with rich bodies) kept to the end, and
 * the output and cache of the largest size beside them. A container's /dev/shm is often 64 MB:
 * the run then goes to the system's temporary folder.
 */
function hasRoom(dir) {
  try {
    const { bavail, bsize, ffree } = statfsSync(dir);
    const all = sizes.reduce((a, b) => a + b, 0);
    const largest = Math.max(...sizes);
    const [kept, beside] = bodies === "rich" ? [95_000, 75_000] : [30_000, 27_000];
    return bavail * bsize >= all * kept + largest * beside && ffree >= all * 5 + largest * 4 + 10_000;
  } catch {
    return false;
  }
}
const shm = existsSync("/dev/shm") && statSync("/dev/shm").isDirectory();
const base = shm && hasRoom("/dev/shm") ? "/dev/shm" : os.tmpdir();
if (shm && base !== "/dev/shm") process.stderr.write(`bench: /dev/shm has too little room (space or inodes) for ${sizes.join(", ")} event pages; writing to ${base} instead\n`);
const work = mkdtempSync(path.join(base, "bc-bench-"));
const bin = path.join(root, "bin/build-catalogue.js");
if (!existsSync(path.join(root, "lib/cli.js"))) {
  console.error(`bench: ${path.join(root, "lib/cli.js")} is missing; run "npm run build" first`);
  process.exit(1);
}
const reporter = pathToFileURL(path.join(root, "scripts/bench-rss.mjs")).href;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs the real command (bin/build-catalogue.js) in a process of its own: wall time, and peak RSS,
 * which a module preloaded with --import reports from inside that process as it exits.
 */
function runBuild(args) {
  const rssFile = path.join(work, "peak-rss.txt");
  rmSync(rssFile, { force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--import", reporter, bin, ...args], { cwd: work, encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, BENCH_RSS_FILE: rssFile } });
  const ms = performance.now() - t0;
  const rss = existsSync(rssFile) ? Number(readFileSync(rssFile, "utf8")) : NaN;
  if (r.status !== 0 || !(rss > 0)) {
    console.error(r.stderr.slice(-4000));
    throw new Error(`bench: the build failed (exit ${r.status}${r.status === 0 ? ", no peak RSS reported" : ""})`);
  }
  return { ms, rssMiB: rss / 1024 };
}

function runFloor(content, reference, out) {
  const r = spawnSync(process.execPath, [path.join(root, "scripts/bench-floor.mjs"), content, reference, out], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`bench: the floor failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

function treeSize(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        files++;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

const clearCache = () => rmSync(path.join(work, "node_modules"), { recursive: true, force: true });

const rows = [];
/** Each size's medians, for the targets. */
const measured = new Map();
try {
  const cases = sizes.map((events) => {
    const content = path.join(work, `content-${events}`);
    process.stderr.write(`Generating ${events} event pages...\n`);
    generateCatalogue(content, events, 1, format, bodies);
    const reference = path.join(work, `reference-${events}`);
    clearCache();
    runBuild(["build", "--content", content, "--out", reference, "--now", NOW]); // also warms the file cache
    return { events, content, reference, size: treeSize(reference), floor: [], cold: [], rss: [], rebuild: [], rebuildRss: [] };
  });

  for (let i = 0; i < runs; i++) {
    for (const c of cases) {
      process.stderr.write(`Run ${i + 1}/${runs}: ${c.events} event pages...\n`);
      const out = path.join(work, "out");
      rmSync(out, { recursive: true, force: true });
      const floor = runFloor(c.content, c.reference, out);
      if (floor.files !== c.size.files || floor.bytes !== c.size.bytes) throw new Error("bench: the floor wrote other files than the build");
      c.floor.push(floor.ms);
      rmSync(out, { recursive: true, force: true });
      clearCache();
      const cold = runBuild(["build", "--content", c.content, "--out", out, "--now", NOW]);
      c.cold.push(cold.ms);
      c.rss.push(cold.rssMiB);
      rmSync(out, { recursive: true, force: true });
    }
  }

  // One-file rebuilds: the cache is warm from a first build; each run edits another event page.
  for (const c of cases) {
    const out = path.join(work, "out");
    clearCache();
    runBuild(["build", "--content", c.content, "--out", out, "--now", NOW]);
    const files = readdirSync(path.join(c.content, "events")).sort();
    for (let i = 0; i < runs; i++) {
      process.stderr.write(`Rebuild ${i + 1}/${runs}: ${c.events} event pages, one edited...\n`);
      const file = path.join(c.content, "events", files[Math.floor(((i + 1) * files.length) / (runs + 1))]);
      const page = (format === "yaml" ? parseYaml : JSON.parse)(readFileSync(file, "utf8"));
      page.title = `${page.title} (edited ${i + 1})`;
      writeFileSync(file, sourceText(page, format));
      const r = runBuild(["build", "--content", c.content, "--out", out, "--now", NOW]);
      c.rebuild.push(r.ms);
      c.rebuildRss.push(r.rssMiB);
    }
    rmSync(out, { recursive: true, force: true });
  }

  for (const c of cases) {
    const floor = median(c.floor) / 1000;
    const cold = median(c.cold) / 1000;
    const rebuild = median(c.rebuild) / 1000;
    const mb = c.size.bytes / 1e6;
    const row = (what, s, rss, extra = "") => rows.push([c.events.toLocaleString("en"), what, c.size.files.toLocaleString("en"), mb.toFixed(1), s.toFixed(2), Math.round(c.size.files / s).toLocaleString("en"), rss, `${(s / floor).toFixed(2)}×${extra}`]);
    row("floor", floor, "—");
    row("cold build", cold, `${Math.round(median(c.rss))} MiB`);
    row("one-file rebuild", rebuild, `${Math.round(median(c.rebuildRss))} MiB`, ` (${(rebuild / cold).toFixed(2)}× cold)`);
    measured.set(c.events, { floor, cold, rebuild, rss: median(c.rss) });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const header = ["events", "run", "files", "MB written", "median s", "files/s", "peak RSS", "× floor"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
console.log(`build-catalogue bench: medians of ${runs} runs, event pages in ${format.toUpperCase()}${bodies === "rich" ? " with rich bodies" : ""}, output on ${base}, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}`);
console.log(line(header));
console.log(`|${widths.map((w, i) => (i < 2 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`);
for (const r of rows) console.log(line(r));

// The targets of issue 9, each against this run's own figures (those whose sizes were run).
const ten = measured.get(10_000);
const hundred = measured.get(100_000);
const targets = [];
const target = (what, value, met) => targets.push([what, value, met ? "yes" : "no"]);
if (ten) {
  target("10,000 events: cold build ≤ 1.5× the floor", `${(ten.cold / ten.floor).toFixed(2)}×`, ten.cold <= 1.5 * ten.floor);
  target("10,000 events: peak RSS ≤ 160 MiB", `${Math.round(ten.rss)} MiB`, ten.rss <= 160);
}
if (ten && hundred) {
  target("100,000 events: time ≤ 11× the 10,000 figure", `${(hundred.cold / ten.cold).toFixed(2)}×`, hundred.cold <= 11 * ten.cold);
  target("100,000 events: peak RSS ≤ 2× the 10,000 figure", `${(hundred.rss / ten.rss).toFixed(2)}×`, hundred.rss <= 2 * ten.rss);
}
for (const [events, m] of measured) {
  if (events >= 10_000) target(`${events.toLocaleString("en")} events: one-file rebuild ≤ 0.25× the cold build`, `${(m.rebuild / m.cold).toFixed(2)}×`, m.rebuild <= 0.25 * m.cold);
}
if (targets.length > 0 && bodies === "rich") {
  console.log("");
  console.log("(The targets of issue 9 are set for short bodies, BENCH_BODIES=short: not checked here.)");
} else if (targets.length > 0) {
  const w = targets.reduce((n, [what]) => Math.max(n, what.length), "target".length);
  console.log("");
  console.log(`| ${"target".padEnd(w)} | this run | met |`);
  console.log(`|:${"-".repeat(w + 1)}|---------:|:----|`);
  for (const [what, value, met] of targets) console.log(`| ${what.padEnd(w)} | ${value.padStart(8)} | ${met.padEnd(3)} |`);
}
