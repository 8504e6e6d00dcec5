// The import's last words: what to do with the content it wrote (review, `init` for the rest of a
// site, commit), and the URLs it kept in catalogue.json that point at a machine of the import's
// own (a loopback address) or look like a staging site, which every built document would name.
import path from "node:path";
import { plural } from "../model/diagnostics.js";
import type { FlagsFit } from "./clock.js";
import type { UnreachableHost } from "./http-client.js";

/** The URL keys of catalogue.json, as the import wrote them. */
export interface ImportedUrls {
  base_url: string;
  site_url: string;
  cdn_url: string;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|[^.]+\.localhost)$/i;

/** A host name's labels that name a site's other stages (`staging.example.org`, `api-dev.example.org`). */
const STAGING = /(^|[.-])(staging|stage|stg|dev|develop|test|testing|uat|qa|preview|sandbox)([.-]|$)/i;

/** What a URL's host is, when it is not a public address the site would publish: null when it looks like one. */
export function privateKind(url: string): "loopback" | "staging" | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  if (LOOPBACK.test(host)) return "loopback";
  // The name's labels but its last (the top-level domain: `.dev` is a public one).
  const labels = host.split(".");
  if (labels.length > 1 && STAGING.test(labels.slice(0, -1).join("."))) return "staging";
  return null;
}

/** One line per URL of catalogue.json that names a loopback address or a staging-looking host. */
export function urlNotes(urls: ImportedUrls, content: string): string[] {
  const notes: string[] = [];
  for (const key of ["base_url", "site_url", "cdn_url"] as const) {
    const url = urls[key];
    const kind = privateKind(url);
    if (kind === null) continue;
    const what =
      kind === "loopback"
        ? "a loopback address: it reaches only the machine the build runs on, so no visitor can follow it"
        : "a host whose name looks like a staging or test site's";
    notes.push(
      `${content}/catalogue.json keeps ${key} ${url}, read from the API: ${what}. Every document the build writes names it ` +
        `(${key === "cdn_url" ? "each image's URL" : key === "base_url" ? "each detail_url and redirect" : "each page's html_url"}); ` +
        `if the published site is elsewhere, change ${key} in ${content}/catalogue.json to its public address before deploying.`,
    );
  }
  return notes;
}

/** The note on originals whose host the import gave up on: which host, why, how many, and what to do. */
export function unreachableNote(host: UnreachableHost, files: readonly string[], content: string): string {
  const sent = `${plural(host.attempts, "request")} sent to it${host.skipped ? `, ${host.skipped} not sent once it was given up on` : ""}`;
  return (
    `${plural(files.length, "original")} could not be downloaded: ${host.host} cannot be reached, ${host.reason} (${host.code}; ${sent}). ` +
    `The API does not depend on the originals: check the address (cdn_url in ${content}/catalogue.json, or the network) and import again, ` +
    `or import with --no-images and copy the originals into ${content}/images/ yourself`
  );
}

/** The proof's differences are all is_past or in_past values: how that comes, and the import that proves it identical. */
export interface ClockNote {
  fit: FlagsFit;
  /** The API's address and the instant the proof built at. */
  source: string;
  now: string;
}

/** The first step when only the clock differs: one line, with the interval and the `--now` to prove it at. */
function clockStep({ fit, source, now }: ClockNote, content: string): string {
  const span = fit.after && fit.upTo ? `after ${fit.after} and up to ${fit.upTo}` : fit.after ? `after ${fit.after}` : `up to ${fit.upTo}`;
  const contentFlag = content === "content" ? "" : ` --content ${content}`;
  return (
    `  1. Every difference is an is_past or in_past value: the API's server keeps another time than this machine. ` +
    `Its flags fit any instant ${span} (the proof built at ${now}); to prove ${content}/ identical, import again at one: ` +
    `npx build-catalogue import ${source}${contentFlag} --force --now ${fit.now} (with your other options).`
  );
}

/**
 * What to do next, numbered: look at what the import wrote, add what a site needs besides its
 * content with `init` (which keeps every file it finds), and commit.
 */
export function nextSteps(content: string, identical: boolean, clock: ClockNote | null = null): string[] {
  const resolved = content.replace(/\/+$/, "") || ".";
  const inContent = path.basename(path.resolve(resolved)) === "content";
  const site = path.dirname(resolved);
  const init = inContent
    ? `run npx build-catalogue init${site === "." ? "" : ` --dir ${site}`} to add the rest of a site: the GitHub Actions workflow, the .gitignore lines and the $schema keys editors check the files with (it keeps every file the import wrote)`
    : `move ${resolved}/ to content/ in the site's folder, then run npx build-catalogue init there to add the rest of a site: the GitHub Actions workflow, the .gitignore lines and the $schema keys editors check the files with (it keeps every file the import wrote)`;
  const root = inContent ? site : ".";
  return [
    "Next:",
    identical
      ? `  1. Review ${resolved}/ (the notes above say what the API could not tell); npx build-catalogue preview --content ${resolved} serves it.`
      : clock
        ? clockStep(clock, resolved)
        : `  1. Look at the differences above: ${resolved}/ is kept as written, for you to correct or to report what the content format cannot say.`,
    `  2. ${init[0]!.toUpperCase()}${init.slice(1)}.`,
    `  3. Commit: git add ${root === "." ? "." : root} && git commit -m "Import the events catalogue"`,
  ];
}
