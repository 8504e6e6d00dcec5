// The job every page of a build is built against: the settings and now, what the hosts need of
// each page's files, and what the cache needs of each record.
import { writesEventPagesRoute, type Host } from "../host/host.js";
import { answerHeaders } from "../host/rules.js";
import type { Instant } from "../runtime/time/instant.js";
import type { SettingsCheck } from "../validate/settings.js";
import type { PageJob } from "./page-record.js";

export interface JobInput {
  settings: SettingsCheck;
  now: Instant | null;
  hosts: readonly Host[];
  /** The build keeps a cache of its pages. */
  cache: boolean;
  /** The output folder whose pages may be reused in place (null: none). */
  previousOut: string | null;
}

export function pageJob({ settings, now, hosts, cache, previousOut }: JobInput): PageJob {
  const catalogue = settings.settings?.catalogue;
  return {
    look: settings.look,
    settings: settings.settings,
    now,
    eventPagesRoute: writesEventPagesRoute(hosts),
    browsableHeaders: catalogue && hosts.some((h) => h.prerendersBrowsable) ? answerHeaders(catalogue).jsonHeaders : null,
    cache,
    previousOut,
  };
}
