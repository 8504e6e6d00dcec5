// Step: the settings (catalogue.json and the lists every page refers to) checked, a base URL
// given in the options put in the catalogue's place, and the build's now resolved in its zone.
import type { Step } from "../model/diagnostics.js";
import { resolveNow } from "../options.js";
import type { Instant } from "../runtime/time/instant.js";
import { validateSettings, type SettingsCheck } from "../validate/settings.js";
import type { BuildContext } from "./context.js";

export interface Settings {
  check: SettingsCheck;
  /** Null when the settings are broken: the pages are then checked, never built. */
  now: Instant | null;
}

export function checkSettings(ctx: BuildContext): Step<Settings> {
  const { baseUrl, tuning } = ctx.options;
  const check = validateSettings(ctx.content.value, tuning.compileAfter);
  if (baseUrl !== null && check.settings) check.settings = { ...check.settings, catalogue: { ...check.settings.catalogue, base_url: baseUrl } };
  const now = check.settings ? resolveNow(ctx.options.now, check.settings.catalogue.time_zone) : null;
  return { value: { check, now }, diagnostics: [...ctx.content.diagnostics, ...check.diagnostics] };
}
