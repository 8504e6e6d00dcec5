// The admin's Decap CMS configuration (config.yml), generated from the content schemas and the
// files on disk, never written by hand: for `edit` (Decap's proxy backend, the content folder as
// the repository's root, saved as it is typed) and for `admin` (the GitHub backend, the site's
// repository, changes through Decap's editorial workflow of pull requests).
import path from "node:path";
import { stringify } from "yaml";
import { DEFAULT_TIME_ZONE } from "../content/catalogue.js";
import { readSourceFileSync } from "../load/read-source.js";
import { isTimeZone } from "../runtime/time/time-zone.js";
import type { IdList } from "../content/common.js";
import { collectionsOf, type DecapCollection } from "./collections.js";
import { findSettingsFiles, LIST_FILES, newPageExtension } from "./content-files.js";

export interface DecapConfig {
  backend: Record<string, unknown>;
  publish_mode: "simple" | "editorial_workflow";
  locale: string;
  media_folder: string;
  public_folder: string;
  slug: { encoding: "ascii"; clean_accents: boolean; sanitize_replacement: string };
  collections: DecapCollection[];
}

/** Where `edit` answers the file API of Decap's proxy backend (file-api.ts). */
export const EDIT_PROXY_URL = "/api/v1";

/**
 * New file names are slugs: Decap keeps a-z, 0-9 and "-" (and "_", "." and "~", which Decap
 * lets through and the build refuses in a slug), removes accents, and lowercases.
 */
const SLUG = { encoding: "ascii", clean_accents: true, sanitize_replacement: "-" } as const;

/** The catalogue's time zone as its file gives it (the format's default when it gives none or cannot be read: the build reports why). */
function catalogueZone(contentDir: string, file: string | null): string {
  const data = file ? readSourceFileSync(path.join(contentDir, file), file).source?.data : undefined;
  const zone = (data as { time_zone?: unknown } | undefined)?.time_zone;
  return typeof zone === "string" && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The venues' ids and names, as far as the file can be read (none when it cannot: the build reports why). */
function venuesOf(contentDir: string, file: string | null): { id: number; name: string }[] {
  const data = file ? readSourceFileSync(path.join(contentDir, file), file).source?.data : undefined;
  return (Array.isArray(data) ? data : [])
    .filter((v): v is { id: number; name: string } => v !== null && typeof v === "object" && Number.isSafeInteger(v.id) && typeof v.name === "string")
    .map((v) => ({ id: v.id, name: v.name }));
}

/** The parts every config shares, for the content folder `contentDir` found at `prefix` in the repository. */
function configOf(contentDir: string, prefix: string, backend: Record<string, unknown>, publishMode: DecapConfig["publish_mode"], now?: string): DecapConfig {
  const files = findSettingsFiles(contentDir);
  const lists = new Set((Object.keys(LIST_FILES) as IdList[]).filter((l) => files[l] !== null));
  return {
    backend,
    publish_mode: publishMode,
    locale: "en",
    media_folder: prefix ? `${prefix}/images` : "images",
    // An image's `file` is its bare name in images/ (the image-file widget writes it): no folder before it.
    public_folder: "",
    slug: SLUG,
    collections: collectionsOf(files, prefix, { lists, timeZone: catalogueZone(contentDir, files.catalogue), venues: venuesOf(contentDir, files.venues), ...(now ? { now } : {}) }, newPageExtension(contentDir)),
  };
}

/** config.yml's text: YAML, long lines kept whole (patterns, hints), the event collections' shared fields written out for each. */
export const configYaml = (config: DecapConfig): string => stringify(config, { lineWidth: 0, aliasDuplicateObjects: false });

/** The config `edit` serves: the proxy backend at /api/v1, whose repository root is the content folder. */
export function editConfig(contentDir: string, now?: string): DecapConfig {
  return configOf(contentDir, "", { name: "proxy", proxy_url: EDIT_PROXY_URL }, "simple", now);
}

export const editConfigYaml = (contentDir: string, now?: string): string => configYaml(editConfig(contentDir, now));

export interface AdminConfigInput {
  /** The content folder on disk (its files decide the collections). */
  contentDir: string;
  /** The content folder in the repository, from its root, forward slashes (default "content"). */
  contentPath?: string;
  /** The GitHub repository, OWNER/NAME. */
  repo: string;
  /** The branch published content lands on (default "main"). */
  branch?: string;
  /**
   * The OAuth client for the GitHub sign-in (Decap's `base_url` and `auth_endpoint`); default:
   * Netlify's. `base_url` SAME_ORIGIN ("/", sign-in-hosts.ts) is the admin's own origin (`admin --host`, whose files sign
   * in beside the admin's): the extension reads it as the page's origin, and `auth_endpoint` as
   * an address from the admin's folder, before it starts Decap.
   */
  oauth?: { baseUrl: string; authEndpoint?: string };
  /** GitHub's REST API (Decap's `api_root`), for GitHub Enterprise Server: https://HOST/api/v3; default GitHub's own. */
  apiRoot?: string;
}

/** The config `admin` writes: the GitHub backend, and every change a pull request (the editorial workflow). */
export function adminConfig(input: AdminConfigInput): DecapConfig {
  const prefix = (input.contentPath ?? "content").replace(/^\.\/+|\/+$/g, "");
  const backend: Record<string, unknown> = { name: "github", repo: input.repo, branch: input.branch ?? "main" };
  if (input.oauth) {
    backend.base_url = input.oauth.baseUrl;
    if (input.oauth.authEndpoint) backend.auth_endpoint = input.oauth.authEndpoint;
  }
  if (input.apiRoot) backend.api_root = input.apiRoot;
  return configOf(input.contentDir, prefix === "." ? "" : prefix, backend, "editorial_workflow");
}

export const adminConfigYaml = (input: AdminConfigInput): string => configYaml(adminConfig(input));
