// Benchmark: generates catalogues of 1,000, 10,000 and 100,000 event pages and, for each, times the
// cold build (the real command, a new process each time, no cache) alternating with the floor
// (scripts/bench-floor.mjs: read the sources, write the same bytes, one thread, no work), the
// one-file rebuild (one event edited, the cache warm) and the preview's time from saving an event
// file to the API answering it; then the renditions of 1,000 image originals, cold and warm; then
// the admin (scripts/bench-admin.mjs: `edit` and Decap CMS in Chromium, skipped without Chromium).
// Prints medians of BENCH_RUNS runs; docs/benchmark.md explains them.
//   npm run bench                           all three sizes, 3 runs
//   BENCH_SIZES=1000,10000 npm run bench    the sizes to run, comma-separated
//   BENCH_RUNS=5 npm run bench              runs of each measurement (at least 3)
//   BENCH_FORMAT=yaml npm run bench         the event pages written in YAML (default: json)
//   BENCH_BODIES=rich npm run bench         every page with a long description: about 20 kB of source
//                                           (wagtail: the same, its rich text in Wagtail's stored form)
//   BENCH_VS=../other npm run bench         side by side with another checkout (its lib/ built):
//                                           each measurement alternates, this code then the other
//   BENCH_PARTS=cold npm run bench          the parts to run, comma-separated: cold, rebuild,
//                                           preview, renditions, admin (default: all); the
//                                           catalogues' cold builds run with any of the first three
// Output goes to a tmpfs (/dev/shm) when it has room enough, so the disk's speed is not what is measured.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parse as parseYaml } from "yaml";
import { timeSaveToAnswer } from "./bench-preview.mjs";
import { count, markdownTable, median } from "./bench-table.mjs";
import { generateCatalogue, sourceText } from "./generate-catalogue.mjs";

const NOW = "2026-06-01T00:00:00Z";
/** What a run can measure (BENCH_PARTS): the cold builds run with any of the catalogues' parts, for their table. */
const PARTS = ["cold", "rebuild", "preview", "renditions", "admin"];
const CATALOGUE_PARTS = ["cold", "rebuild", "preview"];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const options = readOptions(process.env);
/** The codes measured: this checkout, and the one BENCH_VS names. */
const codes = [code("this", root), ...(options.vs ? [code("other", path.resolve(options.vs))] : [])];
const reporter = pathToFileURL(path.join(root, "scripts/bench-rss.mjs")).href;
const base = outputBase();
const work = mkdtempSync(path.join(base, "bc-bench-"));
/** Each code runs in a folder of its own, which holds its build cache (node_modules/.cache/). */
for (const c of codes) mkdirSync((c.cwd = path.join(work, c.name)));
/** The preview's temporary folder (TMPDIR), where it builds: on the same file system as the rest. */
const tmp = path.join(work, "tmp");
mkdirSync(tmp);

// Each section measures and then prints one table: the catalogues, the image renditions
// (scripts/bench-renditions.mjs: 1,000 originals, cold and warm), the admin (scripts/bench-admin.mjs:
// the example and 1,000 event pages).
const renditionsSection = async () => (await import("./bench-renditions.mjs")).benchRenditions({ count: 1000, runs: options.runs, progress });
const adminSection = async () =>
  (await import("./bench-admin.mjs")).benchAdmin({ codes, runs: options.runs, now: NOW, bodies: options.bodies, work, tmp, root, progress });
const sections = [
  ...(options.parts.some((p) => CATALOGUE_PARTS.includes(p)) ? [catalogueSection] : []),
  ...(options.parts.includes("renditions") ? [renditionsSection] : []),
  ...(options.parts.includes("admin") ? [adminSection] : []),
];
try {
  const tables = [];
  for (const section of sections) tables.push(await section());
  console.log(describeRun());
  for (const table of tables) console.log(`\n${table}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function readOptions(env) {
  const choice = (name, allowed) => {
    const value = env[name] ?? allowed[0];
    if (allowed.includes(value)) return value;
    console.error(`bench: ${name} is "${value}"; use ${allowed.join(" or ")} (the default: ${allowed[0]})`);
    process.exit(2);
  };
  const sizes = (env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
  if (!sizes.every((n) => Number.isInteger(n) && n > 0)) {
    console.error(`bench: BENCH_SIZES is "${env.BENCH_SIZES}"; give numbers of event pages, comma-separated, such as 1000,10000`);
    process.exit(2);
  }
  const parts = (env.BENCH_PARTS ?? PARTS.join(",")).split(",");
  if (!parts.every((p) => PARTS.includes(p))) {
    console.error(`bench: BENCH_PARTS is "${env.BENCH_PARTS}"; give some of ${PARTS.join(", ")}, comma-separated`);
    process.exit(2);
  }
  return {
    sizes,
    parts,
    runs: Math.max(3, Number(env.BENCH_RUNS ?? 3) || 3),
    format: choice("BENCH_FORMAT", ["json", "yaml"]),
    bodies: choice("BENCH_BODIES", ["short", "rich", "wagtail"]),
    vs: env.BENCH_VS || null,
  };
}

/** A checkout to measure: its command, which must be built. */
function code(name, dir) {
  if (!existsSync(path.join(dir, "lib/cli.js"))) {
    console.error(`bench: ${path.join(dir, "lib/cli.js")} is missing; run "npm run build" in ${dir} first`);
    process.exit(1);
  }
  const git = (...args) => spawnSync("git", ["-C", dir, ...args], { encoding: "utf8" }).stdout?.trim();
  const head = [git("rev-parse", "--abbrev-ref", "HEAD"), git("describe", "--always", "--dirty")].filter(Boolean).join(" at ");
  return { name, dir, bin: path.join(dir, "bin/build-catalogue.js"), head };
}

/**
 * /dev/shm when it has room for the run at its largest, else the system's temporary folder: every
 * size's sources (about 5 KB and an inode a page; 25 KB with rich bodies) and reference output (at
 * most 25 KB and 4 inodes a page; 70 KB with rich bodies) kept to the end, and each code's output
 * and cache of the largest size beside them. A container's /dev/shm is often 64 MB.
 */
function outputBase() {
  const shm = existsSync("/dev/shm") && statSync("/dev/shm").isDirectory();
  if (!shm) return os.tmpdir();
  const all = options.sizes.reduce((a, b) => a + b, 0);
  const beside = Math.max(...options.sizes) * codes.length;
  const [keptBytes, besideBytes] = options.bodies === "rich" ? [95_000, 75_000] : [30_000, 27_000];
  try {
    const { bavail, bsize, ffree } = statfsSync("/dev/shm");
    if (bavail * bsize >= all * keptBytes + beside * besideBytes && ffree >= all * 5 + beside * 4 + 10_000) return "/dev/shm";
  } catch {
    // not a file system we can ask
  }
  process.stderr.write(`bench: /dev/shm has too little room (space or inodes) for ${options.sizes.join(", ")} event pages; writing to ${os.tmpdir()} instead\n`);
  return os.tmpdir();
}

/** The catalogues: cold builds and the floor, one-file rebuilds, the preview; one table. */
async function catalogueSection() {
  const cases = options.sizes.map(prepareCase);
  for (let i = 0; i < options.runs; i++) for (const c of cases) timeColdBuilds(c, i);
  if (options.parts.includes("rebuild")) for (const c of cases) timeRebuilds(c);
  if (options.parts.includes("preview")) for (const c of cases) await timePreviews(c);
  return codes.length === 1 ? plainTable(cases) : sideBySideTable(cases);
}

/** Generates a catalogue and builds it once (which also warms the file cache): the floor's bytes. */
function prepareCase(events) {
  const content = path.join(work, `content-${events}`);
  progress(`Generating ${events} event pages...`);
  generateCatalogue(content, events, 1, options.format, options.bodies);
  const reference = path.join(work, `reference-${events}`);
  clearCache(codes[0]);
  runBuild(codes[0], ["build", "--content", content, "--out", reference, "--now", NOW]);
  const files = readdirSync(path.join(content, "events")).sort().map((f) => path.join(content, "events", f));
  const measured = codes.map(() => ({ cold: [], rss: [], cpu: [], rebuild: [], rebuildRss: [], preview: [] }));
  const contents = codes.map((code) => contentFor(code, content));
  return { events, content, contents, reference, size: treeSize(reference), files, floor: [], measured };
}

/**
 * The catalogue as `code` reads it: the generated one, or, for a code from before images.json had
 * width and height (its schema says), a copy without them, its event files linked to the same
 * files (so that an edit reaches both codes).
 */
function contentFor(code, content) {
  const schema = JSON.parse(readFileSync(path.join(code.dir, "schemas/images.schema.json"), "utf8"));
  if (schema.items?.properties?.width) return content;
  const copy = `${content}-${code.name}`;
  mkdirSync(path.join(copy, "events"), { recursive: true });
  for (const e of readdirSync(content, { withFileTypes: true })) {
    if (e.isFile()) copyFileSync(path.join(content, e.name), path.join(copy, e.name));
  }
  for (const f of readdirSync(path.join(content, "events"))) linkSync(path.join(content, "events", f), path.join(copy, "events", f));
  const images = JSON.parse(readFileSync(path.join(copy, "images.json"), "utf8"));
  writeFileSync(path.join(copy, "images.json"), JSON.stringify(images.map(({ width, height, ...image }) => image), null, 2));
  progress(`bench: ${code.dir} reads images.json without width and height: it is given a copy of the catalogue without them`);
  return copy;
}

/** One run of the floor and each code's cold build, in turn. */
function timeColdBuilds(c, i) {
  progress(`Run ${i + 1}/${options.runs}: ${c.events} event pages, cold...`);
  const out = path.join(work, "out");
  rmSync(out, { recursive: true, force: true });
  const floor = runFloor(c.content, c.reference, out);
  if (floor.files !== c.size.files || floor.bytes !== c.size.bytes) throw new Error("bench: the floor wrote other files than the build");
  c.floor.push(floor.ms);
  codes.forEach((code, k) => {
    rmSync(out, { recursive: true, force: true });
    clearCache(code);
    const cold = runBuild(code, ["build", "--content", c.contents[k], "--out", out, "--now", NOW]);
    c.measured[k].cold.push(cold.ms);
    c.measured[k].rss.push(cold.rssMiB);
    c.measured[k].cpu.push(cold.cpuMs);
    if (i === 0 && k > 0) checkSameOutput(c, code, out);
  });
  rmSync(out, { recursive: true, force: true });
}

/** One-file rebuilds: each code's cache warm from a first build, each run edits another event page. */
function timeRebuilds(c) {
  const out = (code) => path.join(work, `out-${code.name}`);
  codes.forEach((code, k) => {
    clearCache(code);
    runBuild(code, ["build", "--content", c.contents[k], "--out", out(code), "--now", NOW]);
  });
  for (let i = 0; i < options.runs; i++) {
    progress(`Rebuild ${i + 1}/${options.runs}: ${c.events} event pages, one edited...`);
    editTitle(c, i, `rebuild ${i + 1}`).save();
    codes.forEach((code, k) => {
      const r = runBuild(code, ["build", "--content", c.contents[k], "--out", out(code), "--now", NOW]);
      c.measured[k].rebuild.push(r.ms);
      c.measured[k].rebuildRss.push(r.rssMiB);
    });
  }
  for (const code of codes) {
    rmSync(out(code), { recursive: true, force: true });
    clearCache(code);
  }
}

/**
 * The preview, from an editor's save to the API's answer: each run starts each code's preview
 * afresh (no cache), saves one event page with a new title and times the first answer holding it.
 * One preview at a time, so that a save is seen by the preview measured alone.
 */
async function timePreviews(c) {
  for (let i = 0; i < options.runs; i++) {
    progress(`Preview ${i + 1}/${options.runs}: ${c.events} event pages, one saved...`);
    for (const [k, code] of codes.entries()) {
      clearCache(code);
      const edit = editTitle(c, options.runs + i, `preview ${i + 1}, ${code.name}`);
      const env = { ...process.env, TMPDIR: tmp };
      c.measured[k].preview.push(await timeSaveToAnswer({ bin: code.bin, cwd: code.cwd, env, content: c.contents[k], now: NOW, ...edit }));
    }
  }
  for (const code of codes) clearCache(code);
}

/**
 * The edit of the run's event page (the k-th of the pages spread evenly over the catalogue; the
 * rebuilds and the previews each take their own): its id, new title and a save() that writes it.
 */
function editTitle(c, k, label) {
  const file = c.files[Math.floor(((k + 1) * c.files.length) / (2 * options.runs + 1))];
  const page = (options.format === "yaml" ? parseYaml : JSON.parse)(readFileSync(file, "utf8"));
  page.title = `${page.title.replace(/ \(edited: .*\)$/, "")} (edited: ${label})`;
  const text = sourceText(page, options.format);
  return { id: page.id, title: page.title, save: () => writeFileSync(file, text) };
}

/**
 * Runs a code's command in a process of its own: wall time, and peak RSS, which a module preloaded
 * with --import reports from inside that process as it exits.
 */
function runBuild(code, args) {
  const rssFile = path.join(work, "peak-rss.txt");
  rmSync(rssFile, { force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--import", reporter, code.bin, ...args], { cwd: code.cwd, encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, BENCH_RSS_FILE: rssFile } });
  const ms = performance.now() - t0;
  const [rss, cpuMs] = existsSync(rssFile) ? readFileSync(rssFile, "utf8").split(" ").map(Number) : [NaN, NaN];
  if (r.status !== 0 || !(rss > 0)) {
    console.error(r.stderr.slice(-4000));
    throw new Error(`bench: the build of ${code.dir} failed (exit ${r.status}${r.status === 0 ? ", no peak RSS reported" : ""})`);
  }
  return { ms, rssMiB: rss / 1024, cpuMs };
}

function runFloor(content, reference, out) {
  const r = spawnSync(process.execPath, [path.join(root, "scripts/bench-floor.mjs"), content, reference, out], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`bench: the floor failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** Side by side, the other code must write what this one does, or the figures compare other work. */
function checkSameOutput(c, code, out) {
  const size = treeSize(out);
  if (size.files !== c.size.files || size.bytes !== c.size.bytes) {
    progress(`bench: warning: ${code.dir} wrote ${size.files} files, ${size.bytes} bytes for ${c.events} event pages; this code ${c.size.files} files, ${c.size.bytes} bytes`);
  }
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

/** The build cache is node_modules/.cache/build-catalogue/ under the folder the command runs in. */
function clearCache(code) {
  rmSync(path.join(code.cwd, "node_modules"), { recursive: true, force: true });
}

function progress(line) {
  process.stderr.write(`${line}\n`);
}

/** The run's conditions, above the tables. */
function describeRun() {
  const cpus = os.cpus();
  const lines = [
    `build-catalogue bench: medians of ${options.runs} runs, event pages in ${options.format.toUpperCase()}${options.bodies === "rich" ? " with rich bodies" : ""}, output on ${base}, Node ${process.version}, ${cpus.length} × ${cpus[0]?.model ?? "CPU"}`,
  ];
  if (codes.length > 1) for (const c of codes) lines.push(`${c.name}: ${c.dir}${c.head ? ` (${c.head})` : ""}`);
  return lines.join("\n");
}

/** This code's figures: the table of a plain run. */
function plainTable(cases) {
  const rows = [];
  for (const c of cases) {
    const m = c.measured[0];
    const floor = median(c.floor) / 1000;
    const cold = median(m.cold) / 1000;
    const rate = (s) => count(Math.round(c.size.files / s));
    const row = (what, s, filesPerSecond, rss, ratio) => rows.push([count(c.events), what, count(c.size.files), (c.size.bytes / 1e6).toFixed(1), s.toFixed(2), filesPerSecond, rss, ratio]);
    row("floor", floor, rate(floor), "—", "1.00×");
    row("cold build", cold, rate(cold), `${Math.round(median(m.rss))} MiB`, `${(cold / floor).toFixed(2)}×`);
    row("cold build, CPU", median(m.cpu) / 1000, "—", "—", `${(median(m.cpu) / 1000 / cold).toFixed(2)}× its wall time`);
    if (m.rebuild.length) {
      const rebuild = median(m.rebuild) / 1000;
      row("one-file rebuild", rebuild, rate(rebuild), `${Math.round(median(m.rebuildRss))} MiB`, `${(rebuild / floor).toFixed(2)}× (${(rebuild / cold).toFixed(2)}× cold)`);
    }
    if (m.preview.length) row("preview: save to answer", median(m.preview) / 1000, "—", "—", "—");
  }
  return markdownTable(["events", "run", "files", "MB written", "median s", "files/s", "peak RSS", "× floor"], rows, 2);
}

/** Both codes' figures, each with the ratio this/other and, for times, the pairs this code won. */
function sideBySideTable(cases) {
  const rows = [];
  for (const c of cases) {
    const [a, b] = c.measured;
    const floor = median(c.floor);
    const row = (what, x, y, unit, pairs) => rows.push([count(c.events), what, unit(x), unit(y), `${(x / y).toFixed(3)}×`, pairs ? `${pairs[0].filter((v, i) => v < pairs[1][i]).length} of ${pairs[0].length}` : ""]);
    const seconds = (ms) => `${(ms / 1000).toFixed(ms < 1000 ? 3 : 2)} s`;
    const mib = (v) => `${Math.round(v)} MiB`;
    const times = (v) => `${v.toFixed(2)}×`;
    rows.push([count(c.events), "floor (the same for both)", seconds(floor), "", "", ""]);
    row("cold build", median(a.cold), median(b.cold), seconds, [a.cold, b.cold]);
    row("cold build, CPU (all threads)", median(a.cpu), median(b.cpu), seconds, [a.cpu, b.cpu]);
    row("cold build, peak RSS", median(a.rss), median(b.rss), mib);
    row("cold build ÷ floor", median(a.cold) / floor, median(b.cold) / floor, times);
    if (a.rebuild.length) {
      row("one-file rebuild", median(a.rebuild), median(b.rebuild), seconds, [a.rebuild, b.rebuild]);
      row("one-file rebuild, peak RSS", median(a.rebuildRss), median(b.rebuildRss), mib);
      row("one-file rebuild ÷ cold build", median(a.rebuild) / median(a.cold), median(b.rebuild) / median(b.cold), times);
    }
    if (a.preview.length) row("preview: save to answer", median(a.preview), median(b.preview), seconds, [a.preview, b.preview]);
  }
  return markdownTable(["events", "figure", "this", "other", "this/other", "this faster"], rows, 2);
}
