// Whether a page is in the API at the build's now, as Wagtail decides it: a draft never (live:
// false), a scheduled page from its go-live on, an expiring page until its expiry (left out from
// that instant). A rebuild at the right time is what publishes or expires it (next-change.ts).
import { compareInstants, type Instant } from "../runtime/time/instant.js";
import type { Publication } from "../model/site.js";

export type PageStatus =
  | { kind: "draft" }
  | { kind: "scheduled"; goLiveAt: Instant }
  | { kind: "expired"; expiredAt: Instant }
  /** In the API; `expiresAt`: the instant it leaves it, if one is set. */
  | { kind: "live"; expiresAt: Instant | null };

export function statusAt(publication: Publication, now: Instant): PageStatus {
  const { live, goLiveAt, expireAt } = publication;
  if (!live) return { kind: "draft" };
  if (goLiveAt && compareInstants(now, goLiveAt) < 0) return { kind: "scheduled", goLiveAt };
  if (expireAt && compareInstants(now, expireAt) >= 0) return { kind: "expired", expiredAt: expireAt };
  return { kind: "live", expiresAt: expireAt };
}

/** The last instant a page built at now can be reused until: just before its expiry (from which it is left out). */
export function justBefore(instant: Instant): Instant {
  return instant.micro > 0 ? { epochMs: instant.epochMs, micro: instant.micro - 1 } : { epochMs: instant.epochMs - 1000, micro: 999_999 };
}
