// Benchmark of the image renditions: makeRenditions (lib/media/) on 1,000 generated originals,
// cold (an empty cache) and warm (every rendition in the cache, copied), in this process. Run
// alone, or as a section of `npm run bench` (scripts/bench.mjs imports benchRenditions).
//   npm run bench:renditions        BENCH_IMAGES=200 BENCH_RUNS=5 BENCH_PARALLEL=1,2,4 npm run bench:renditions
// The originals: three quarters JPEG (1,200 to 2,400 pixels wide), a quarter PNG, a third with a
// focal point; made once into .bench/renditions-<n>/ (about 110 MB for 1,000) and kept.
// Output goes to a tmpfs (/dev/shm) when there is one, so the disk's speed is not what is measured.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entry = path.join(root, "lib/media/make-renditions.js");
if (!existsSync(entry)) {
  console.error(`bench: ${entry} is missing; run "npm run build" first`);
  process.exit(1);
}
const { makeRenditions } = await import(pathToFileURL(entry).href);

/** A deterministic pseudo-random sequence, so every run benches the same pictures. */
let seed = 2026;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const between = (a, b) => a + Math.floor(random() * (b - a + 1));

/**
 * Noise drawn small and scaled up: soft detail everywhere, a JPEG of a size like a photograph's
 * (about 120 kB at 1600x1067); a PNG scaled up in flat blocks, like the graphics PNGs usually
 * hold (about 70 kB). The reference originals of Wagtail average 160 kB.
 */
async function picture(width, height, png) {
  const small = await sharp({ create: { width: Math.ceil(width / 24), height: Math.ceil(height / 24), channels: 3, noise: { type: "gaussian", mean: 128, sigma: 30 } } }).png().toBuffer();
  const big = sharp(small).resize(width, height, { kernel: png ? "nearest" : "cubic" });
  return (png ? big.png() : big.jpeg({ quality: 80 })).toBuffer();
}

async function originals(count) {
  const dir = path.join(root, ".bench", `renditions-${count}`);
  const content = path.join(dir, "content");
  const list = path.join(dir, "images.json");
  if (existsSync(list)) return { content, images: JSON.parse(readFileSync(list, "utf8")) };
  process.stderr.write(`bench: making ${count} originals in ${dir} (once)...\n`);
  mkdirSync(path.join(content, "images"), { recursive: true });
  const images = [];
  for (let id = 1; id <= count; id++) {
    const png = id % 4 === 0;
    const width = between(1200, 2400);
    const height = Math.round(width * [0.5, 0.5625, 0.667, 0.75, 1, 1.333][between(0, 5)]);
    const file = `event-image-${String(id).padStart(4, "0")}.${png ? "png" : "jpg"}`;
    writeFileSync(path.join(content, "images", file), await picture(width, height, png));
    const focal = id % 3 === 0 ? { x: between(100, width - 100), y: between(100, height - 100), width: between(50, 400), height: between(50, 300) } : null;
    images.push({ id, title: `Image ${id}`, file, focal_point: focal });
  }
  writeFileSync(list, JSON.stringify(images));
  return { content, images };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir();

async function time(content, images, parallel, cacheDir) {
  const outDir = mkdtempSync(path.join(base, "bc-bench-renditions-out-"));
  const t0 = performance.now();
  const r = await makeRenditions(images, { contentDir: content, cacheDir, outDir, ...(parallel ? { parallel } : {}) });
  const ms = performance.now() - t0;
  rmSync(outDir, { recursive: true, force: true });
  if (r.diagnostics.some((d) => d.severity === "error")) throw new Error(`bench: ${r.diagnostics.find((d) => d.severity === "error").message}`);
  return { ms, written: r.written, reused: r.reused };
}

/**
 * The table of `count` originals' renditions, cold then warm, medians of `runs`, at each number of
 * renditions made at once in `lanes` (none: makeRenditions' default, one per core).
 */
export async function benchRenditions({ count = 1000, runs = 3, lanes = [], progress = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const { content, images } = await originals(count);
  const megabytes = readdirSync(path.join(content, "images")).reduce((n, f) => n + statSync(path.join(content, "images", f)).size, 0) / 1e6;
  const lines = [`Image renditions: ${count} originals (${megabytes.toFixed(0)} MB), fill-550x375, medians of ${runs} runs; sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`];
  lines.push(`  ${"at once".padEnd(10)} ${"".padEnd(5)} ${"time".padStart(9)}  ${"images/s".padStart(8)}`);
  for (const parallel of lanes.length > 0 ? lanes : [undefined]) {
    const cold = [];
    const warm = [];
    for (let i = 0; i < runs; i++) {
      progress(`Renditions run ${i + 1}/${runs}${parallel ? `, ${parallel} at once` : ""}...`);
      const cacheDir = mkdtempSync(path.join(base, "bc-bench-renditions-cache-"));
      const c = await time(content, images, parallel, cacheDir);
      const w = await time(content, images, parallel, cacheDir);
      rmSync(cacheDir, { recursive: true, force: true });
      if (c.written !== count || w.reused !== count) throw new Error(`bench: expected ${count} made then ${count} reused, got ${c.written} and ${w.reused}`);
      cold.push(c.ms);
      warm.push(w.ms);
    }
    const label = parallel ? `${parallel}` : `${os.availableParallelism()} (cores)`;
    const row = (what, ms) => lines.push(`  ${label.padEnd(10)} ${what.padEnd(5)} ${(ms / 1000).toFixed(2).padStart(7)} s  ${((count * 1000) / ms).toFixed(0).padStart(8)}`);
    row("cold", median(cold));
    row("warm", median(warm));
  }
  return lines.join("\n");
}

// Run alone: the sizes from the environment.
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const count = Number(process.env.BENCH_IMAGES ?? 1000);
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const lanes = (process.env.BENCH_PARALLEL ?? "").split(",").filter(Boolean).map(Number);
  console.log(`build-catalogue renditions bench: output on ${base}, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}`);
  console.log(await benchRenditions({ count, runs, lanes }));
}
