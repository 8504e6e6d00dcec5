// The first publish sets first_published_at once: a later save of the same page in the same
// session, whose form still holds the data from before the first (Decap keeps it), writes the same
// time, not a later one.
import { describe, expect, it } from "vitest";
import { firstPublication } from "../../src/admin/extension/publication.js";

describe("first_published_at, set by the first publish", () => {
  it("is the time now for a page saved live with neither it nor a go-live", () => {
    expect(firstPublication("events/a.json", {}, true, () => "2026-05-01T10:00:00")).toBe("2026-05-01T10:00:00");
  });

  it("is left as it is for a draft, a page that has one, or a scheduled page", () => {
    expect(firstPublication("events/b.json", {}, false, () => "2026-05-01T10:00:00")).toBeNull();
    expect(firstPublication("events/b.json", { first_published_at: "2026-01-01T09:00" }, true, () => "2026-05-01T10:00:00")).toBeNull();
    expect(firstPublication("events/b.json", { go_live_at: "2026-06-01T09:00" }, true, () => "2026-05-01T10:00:00")).toBeNull();
  });

  it("is the same time on a later save of the page in the session, not the later now", () => {
    expect(firstPublication("events/c.json", { first_published_at: "" }, true, () => "2026-05-01T10:00:00")).toBe("2026-05-01T10:00:00");
    expect(firstPublication("events/c.json", { first_published_at: null }, true, () => "2026-05-01T10:05:00")).toBe("2026-05-01T10:00:00");
    // Another page has its own.
    expect(firstPublication("events/d.json", {}, true, () => "2026-05-01T10:05:00")).toBe("2026-05-01T10:05:00");
  });
});
