// The module nginx's JavaScript (njs) runs for the queries (nginx-api.js beside the API files): the
// package's bundle of src/adapters/nginx-njs.ts (lib/hosts/nginx-njs.js, made by
// scripts/bundle-njs.mjs) with this catalogue's data written in, as the Cloudflare worker gets its
// rules: the responder's routing data, and the UTC offsets of the catalogue's zone (njs has no
// Intl), worked out here with Node's own.
import { readFileSync } from "node:fs";
import { browsableTemplate } from "../io/browsable-page.js";
import { packageUrl } from "../package-files.js";
import type { ZoneOffsets } from "../adapters/njs-platform.js";
import { DAY_MS, daysFromCivil } from "../runtime/time/instant.js";
import { offsetAt } from "../runtime/time/time-zone.js";
import { servedRules, type HostModel } from "./rules.js";

export const NJS_MODULE_FILE = "nginx-api.js";
const BUNDLE_URL = packageUrl("lib/hosts/nginx-njs.js");
const PLACEHOLDER = "/* BC_NGINX */ null";

const at = (year: number) => daysFromCivil(year, 1, 1) * DAY_MS;
/** Before this, zones are looked at a month apart (their offsets then were the local mean time's); after it, every STEP. */
const CLOSER_FROM = at(1800);
/** Three days: a change of offset and its undoing closer than that would not be seen (tzdb has none since 1800 that short). */
const STEP = 3 * DAY_MS;
/** From here on the offsets repeat those of 400 years earlier: zones' rules name days of the Gregorian calendar, which repeats every 400 years. */
const CYCLE_FROM = at(2500);

/** The first minute in (from, to] whose offset is not `before`'s. */
function changeBetween(zone: string, from: number, to: number, before: number): number {
  let lo = Math.floor(from / 60_000);
  let hi = Math.floor(to / 60_000);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid * 60_000, zone) === before) lo = mid;
    else hi = mid;
  }
  return hi * 60_000;
}

/**
 * Every change of the zone's UTC offset from year 1 to 2500, as Node's Intl gives it (offsetAt,
 * what the build itself reads wall times with): what the query engine in njs reads a wall time
 * without offset with (`?first_published_at=2026-05-01 19:30`). Changes are looked for with
 * Intl's own offset names, a cheaper call (a build for nginx spends about 0.2 s here), then
 * found to the minute with offsetAt.
 */
export function zoneOffsets(zone: string): ZoneOffsets {
  const names = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
  // "1/1/2026, GMT+11:00": the date, then the offset's name.
  const nameAt = (ms: number) => names.format(ms).split(", ").pop()!;
  const out: ZoneOffsets = { zone, initial: offsetAt(at(1), zone), at: [], offset: [], cycleFrom: CYCLE_FROM };
  let t = at(1);
  let name = nameAt(t);
  while (t < CYCLE_FROM) {
    const next = Math.min(CYCLE_FROM, t + (t < CLOSER_FROM ? 30 * DAY_MS : STEP));
    const nextName = nameAt(next);
    if (nextName !== name) {
      // Each change in the step, to the minute.
      let from = t;
      let last = offsetAt(t, zone);
      const end = offsetAt(next, zone);
      while (last !== end) {
        const change = changeBetween(zone, from, next, last);
        last = offsetAt(change, zone);
        out.at.push(change);
        out.offset.push(last);
        from = change;
      }
      name = nextName;
    }
    t = next;
  }
  return out;
}

/** nginx-api.js: the bundle with this catalogue's data. */
export function renderNjsModule(model: HostModel, timeZone: string): string {
  const bundle = readFileSync(BUNDLE_URL, "utf8");
  if (!bundle.includes(PLACEHOLDER)) throw new Error(`nginx: ${BUNDLE_URL.pathname} has no data placeholder (build the package again)`);
  const data = { rules: servedRules(model, browsableTemplate()), zones: [zoneOffsets(timeZone)] };
  // A function replacement, so `$` in a value is not read as a replacement pattern.
  return bundle.replace(PLACEHOLDER, () => JSON.stringify(data));
}
