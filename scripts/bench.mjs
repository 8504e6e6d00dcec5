// Benchmark: builds a generated catalogue with the real CLI several times; prints the median
// wall time, peak memory and throughput of one run. Sizes: BENCH_EVENTS (5000), BENCH_RUNS (5).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const events = Number(process.env.BENCH_EVENTS ?? 5000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const dir = mkdtempSync(path.join(tmpdir(), "bc-bench-"));
const content = path.join(dir, "content");

function generate() {
  mkdirSync(path.join(content, "events"), { recursive: true });
  const json = (file, value) => writeFileSync(path.join(content, file), JSON.stringify(value, null, 2));
  json("catalogue.json", {
    base_url: "https://api.bench.example", site_url: "https://www.bench.example", cdn_url: "https://cdn.bench.example",
    parent: { id: 1, title: "All events", url: "/whats-on/", home: { id: 2, title: "Home" } },
    ticketing: { url: "https://tickets.bench.example", gateway_path: "/gateway/gateway.aspx", purchase_page: "/seatplan", waitlist_page: "/waitlist" },
  });
  json("venues.json", [
    { id: 1, name: "Drama Theatre", ticketing_code: "DRT" },
    { id: 2, name: "River Stage", ticketing_code: "RVS", time_zone: "Australia/Brisbane" },
  ]);
  json("programs.json", [{ id: 1, name: "Season" }]);
  json("images.json", Array.from({ length: 100 }, (_, i) => ({
    id: i + 1, title: `Image ${i + 1}`, file: `image-${i + 1}.jpg`,
    ...(i % 2 ? { focal_point: { x: i, y: i, width: 100, height: 80 } } : {}),
  })));
  for (let e = 0; e < events; e++) {
    const id = 1000 + e;
    const start = Date.UTC(2026, 0, 1) + (e % 700) * 86_400_000;
    const performances = Array.from({ length: 4 }, (_, k) => {
      const d = new Date(start + k * 86_400_000);
      return { id: id * 10 + k, ticketing_code: id * 10 + k, datetime: `${d.toISOString().slice(0, 10)}T19:30` };
    });
    const fuller = e % 5 === 0
      ? { sub_title: "A sub-title", hero_image: (e % 100) + 1, description: [
          { type: "richtext", value: { text: "<p>About this <a href=\"https://x.example\">show</a>.</p>" } },
          { type: "credits", value: { title: "Cast", credit_list: [{ role: "Lead", credit: "A. Actor" }] } },
        ], faqs: [1] }
      : {};
    json(`events/event-${id}.json`, {
      id, title: `Event ${id}`, first_published_at: "2025-11-02T09:15:03.123456+11:00", on_sale: true,
      event: { id, ticketing_code: id }, venue: (e % 2) + 1, program: 1, genre: [1, 6], accessibility: [1, 2],
      thumbnail: { image: (e % 100) + 1 }, performances, ...fuller,
    });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

generate();
const script = `const { main } = await import(${JSON.stringify(path.join(root, "lib/cli.js"))});
const code = await main(process.argv.slice(1), { out: () => {}, err: (l) => console.error(l) });
console.log(JSON.stringify({ code, maxRssKiB: process.resourceUsage().maxRSS }));`;
const times = [];
const rss = [];
for (let i = 0; i < runs + 1; i++) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script, "--", "--content", content, "--out", path.join(dir, "dist"), "--now", "2026-06-01T00:00:00Z"], { encoding: "utf8" });
  const ms = performance.now() - t0;
  const result = JSON.parse(r.stdout.trim().split("\n").pop() || "{}");
  if (result.code !== 0) {
    console.error(r.stderr);
    process.exit(1);
  }
  if (i === 0) continue; // warm-up: file cache
  times.push(ms);
  rss.push(result.maxRssKiB / 1024);
}
rmSync(dir, { recursive: true, force: true });
const t = median(times);
console.log(`build-catalogue bench: ${events} event pages, ${runs} runs after one warm-up (medians)`);
console.log(`  wall time   ${(t / 1000).toFixed(2)} s  (min ${(Math.min(...times) / 1000).toFixed(2)}, max ${(Math.max(...times) / 1000).toFixed(2)})`);
console.log(`  peak memory ${median(rss).toFixed(0)} MiB RSS`);
console.log(`  throughput  ${(events / (t / 1000)).toFixed(0)} event pages/s`);
