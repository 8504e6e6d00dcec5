// Generates a catalogue of any size, deterministically from a seed: the content the benchmark and
// the scale tests build. About ten performances an event, a third of the pages in the fuller
// rendering, venues in two time zones (Sydney, with daylight saving, and Brisbane, without).
// Event pages are JSON, or YAML (the same values) when asked. With rich bodies, every page has a
// long description as editors write one (eight rich texts of about 1.5 kB of prose, links, lists
// and emphasis, four credit lists) and six additional informations: about 20 kB of source a page.
// Wagtail bodies are the same, their rich text as Wagtail stores it: the links are to pages by id
// (<a id="..." linktype="page">) and each text places an image (<embed ... embedtype="image" .../>).
//   node scripts/generate-catalogue.mjs <out-folder> [events] [seed] [json|yaml] [short|rich|wagtail]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stringify as yamlText } from "yaml";

/** mulberry32: a small, fast PRNG whose sequence depends only on the seed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["harbour", "range", "night", "summer", "dream", "river", "light", "song", "storm", "garden",
  "winter", "city", "echo", "paper", "moon", "fire", "glass", "tide", "north", "story"];
const VENUES = [
  { id: 1, name: "Harbour Theatre", ticketing_code: "HBT" },
  { id: 2, name: "Drama Studio", ticketing_code: "DRS" },
  { id: 3, name: "Concert Hall", ticketing_code: "CNH" },
  { id: 4, name: "Range Civic Theatre", ticketing_code: "RCT", time_zone: "Australia/Brisbane" },
  { id: 5, name: "River Stage", ticketing_code: "RVS", time_zone: "Australia/Brisbane" },
];
const IMAGES = 200;
const pad = (n, w = 2) => String(n).padStart(w, "0");

function json(file, value) {
  writeFileSync(file, sourceText(value, "json"));
}

/** A content file's text in `format` (json or yaml), as the generator writes it. */
export function sourceText(value, format) {
  return format === "yaml" ? yamlText(value) : JSON.stringify(value, null, 2);
}

/**
 * A rich text of about 1.5 kB: paragraphs of prose with links and emphasis, a heading, a list;
 * with `stored`, its links are to the page itself by id and it places `image`, as Wagtail stores them.
 */
function richText(title, e, k, pick, stored, image) {
  const link = () =>
    stored ? `<a id="${1000 + e}" linktype="page">read the programme</a>` : `<a href="https://www.example.org/${e}/${k}?ref=${pick(WORDS)}&amp;lang=en">read the programme</a>`;
  const sentence = () =>
    `${pick(["The", "A", "This"])} ${pick(WORDS)} ${pick(["returns", "opens", "turns", "plays"])} on the ${pick(WORDS)} stage, ` +
    `with <em>${pick(WORDS)} ${pick(WORDS)}</em> &amp; the ${pick(WORDS)} ensemble: ${link()}.`;
  const paragraph = () => `<p>${Array.from({ length: 3 }, sentence).join(" ")}</p>`;
  const picture = stored ? `<embed alt="The ${pick(WORDS)} ensemble &amp; the ${pick(WORDS)} stage" embedtype="image" format="${pick(["fullwidth", "left", "right"])}" id="${image}"/>` : "";
  return `<h3>${title}: part ${k + 1}</h3>${paragraph()}${picture}<ul><li><strong>${pick(WORDS)}</strong> ${pick(WORDS)}</li><li>${pick(WORDS)} ${pick(WORDS)}</li></ul>${paragraph()}${paragraph()}`;
}

/** A long description and additional information, as editors write them (see the top). */
function richBodies(title, e, pick, stored, image) {
  return {
    description: Array.from({ length: 12 }, (_, k) =>
      k % 3 === 2
        ? { type: "credits", value: { title: `Team ${k}`, credit_list: Array.from({ length: 8 }, (_, c) => ({ role: `${pick(WORDS)} ${c + 1}`, credit: `A. ${pick(WORDS)}` })) } }
        : { type: "richtext", value: { text: richText(title, e, k, pick, stored, image) } },
    ),
    additional_information: Array.from({ length: 6 }, (_, k) => ({ id: k + 1, title: `${pick(WORDS)} ${k + 1}`, content: `<p>${pick(WORDS)} ${pick(WORDS)}: ${"details for the evening, ".repeat(6)}no interval.</p>` })),
  };
}

/** One event page's source; `e` is its index, 0-based. */
function eventSource(e, rnd, bodies = "short") {
  const id = 1000 + e;
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const title = `${pick(WORDS)} ${pick(WORDS)} ${e}`.replace(/^\w/, (c) => c.toUpperCase());
  const count = 6 + Math.floor(rnd() * 9); // 6..14, about 10
  const startDay = Date.UTC(2025, 6, 1) + Math.floor(rnd() * 700) * 86_400_000;
  const venue = VENUES[e % VENUES.length].id;
  const performances = [];
  for (let k = 0; k < count; k++) {
    const d = new Date(startDay + Math.floor(k * 1.5) * 86_400_000);
    const time = k % 4 === 3 ? "14:00" : "19:30";
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    performances.push({ id: id * 20 + k, ticketing_code: 500_000 + id * 20 + k, datetime: `${date}T${time}` });
  }
  const image = 1 + (e % IMAGES);
  const page = {
    id,
    title,
    first_published_at: `2025-0${1 + (e % 6)}-1${e % 10}T09:${pad(e % 60)}:03.${pad(e % 1000, 6)}+10:00`,
    on_sale: e % 7 !== 0,
    event: { id: 90_000 + e, ticketing_code: 20_000 + e },
    venue,
    program: e % 4 === 0 ? null : 1 + (e % 3),
    genre: [1 + (e % 3), 6],
    accessibility: e % 2 ? [1, 2, 3] : [1],
    thumbnail: { image, alt: `${title}, promotional image` },
    seo_title: `${title} | Harbour & Range`,
    performances,
  };
  if (e % 3 === 0) {
    Object.assign(page, {
      sub_title: `a new production, ${pick(WORDS)} edition`,
      hero_image: image,
      description: [
        { type: "richtext", value: { text: `<p>${title}: a ${pick(WORDS)} story told with <a href="https://www.example.org/${e}">music</a> and light.</p>` } },
        { type: "credits", value: { title: "Cast", credit_list: [{ role: "Lead", credit: `A. ${pick(WORDS)}` }, { role: "Director", credit: `B. ${pick(WORDS)}` }] } },
      ],
      additional_information: [{ id: 1, title: "Running time", content: "<p>90 minutes, no interval.</p>" }],
      faqs: [1, 7],
    });
  }
  if (bodies !== "short") Object.assign(page, { sub_title: page.sub_title ?? `a ${pick(WORDS)} production`, hero_image: image }, richBodies(title, e, pick, bodies === "wagtail", image));
  return page;
}

/**
 * Writes a catalogue of `events` event pages (in `format`: json or yaml; `bodies`: short, rich or wagtail)
 * into `dir` (created); the same seed gives the same files.
 */
export function generateCatalogue(dir, events, seed = 1, format = "json", bodies = "short") {
  const rnd = random(seed);
  mkdirSync(path.join(dir, "events"), { recursive: true });
  json(path.join(dir, "catalogue.json"), {
    base_url: "https://api.harbourrange.example",
    site_url: "https://www.harbourrange.example",
    cdn_url: "https://cdn.harbourrange.example",
    time_zone: "Australia/Sydney",
    parent: { id: 3, title: "All events", url: "/whats-on/", first_published_at: "2023-07-03T10:12:44.518302+10:00", home: { id: 2, title: "Home" } },
    ticketing: { url: "https://tickets.harbourrange.example", gateway_path: "/gateway/gateway.aspx", purchase_page: "/seatplan", waitlist_page: "/waitlist" },
    ticket_button_text: "Buy tickets",
  });
  json(path.join(dir, "venues.json"), VENUES);
  json(path.join(dir, "programs.json"), [{ id: 1, name: "2026 Season" }, { id: 2, name: "Summer Festival" }, { id: 3, name: "Education" }]);
  json(path.join(dir, "images.json"), Array.from({ length: IMAGES }, (_, i) => ({
    id: i + 1, title: `Image ${i + 1}`, file: `image-${i + 1}.jpg`, width: 2400, height: 1600,
    ...(i % 2 ? { focal_point: { x: 10 * i, y: 5 * i, width: 300, height: 200 } } : {}),
  })));
  for (let e = 0; e < events; e++) {
    const page = eventSource(e, rnd, bodies);
    writeFileSync(path.join(dir, "events", `event-${page.id}.${format}`), sourceText(page, format));
  }
  return { dir, events };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, events = "1000", seed = "1", format = "json", bodies = "short"] = process.argv.slice(2);
  if (!out || !["json", "yaml"].includes(format) || !["short", "rich", "wagtail"].includes(bodies)) {
    console.error("usage: node scripts/generate-catalogue.mjs <out-folder> [events] [seed] [json|yaml] [short|rich|wagtail]");
    process.exit(2);
  }
  generateCatalogue(out, Number(events), Number(seed), format, bodies);
  console.log(`Generated ${events} event pages into ${out}/`);
}
