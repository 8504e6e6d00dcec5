// A save that removes items asks first: which items the file held and the form no longer holds
// (by id, or by value for an item without one), and how the question names them.
import { describe, expect, it } from "vitest";
import { itemName, removalQuestion, removedItems, wallTimeInWords } from "../../src/admin/extension/removals.js";

const performances = [
  { id: 1, ticketing_code: "A1", datetime: "2026-09-12T19:30" },
  { id: 2, ticketing_code: "A2", datetime: "2026-09-13T14:00" },
  { id: 3, ticketing_code: "A3", datetime: "2026-09-14T00:05" },
];

describe("the items a save removes", () => {
  it("are those whose id the form no longer holds, whatever else changed or moved", () => {
    expect(removedItems(performances, performances)).toEqual([]);
    const edited = [{ ...performances[2]!, datetime: "2026-10-01T20:00" }, performances[0]!];
    expect(removedItems(performances, edited)).toEqual([performances[1]]);
    expect(removedItems(performances, [...performances, { id: 4, datetime: "2026-09-15T19:30" }])).toEqual([]);
    expect(removedItems(performances, [])).toEqual(performances);
    expect(removedItems(performances, undefined)).toEqual(performances);
    expect(removedItems(undefined, performances)).toEqual([]);
  });

  it("are matched by value when an item has no id", () => {
    expect(removedItems(["a", { x: 1 }, "b"], ["b", { x: 1 }])).toEqual(["a"]);
  });
});

describe("the question", () => {
  it("names a performance by its wall time in words, as the form's summary does, and a list's item by its name or title", () => {
    expect(wallTimeInWords("2026-09-12T19:30")).toBe("Sat 12 Sep 2026, 7:30 pm");
    expect(wallTimeInWords("2026-09-14T00:05+10:00")).toBe("Mon 14 Sep 2026, 12:05 am");
    expect(wallTimeInWords("2026-01-01T12:00")).toBe("Thu 1 Jan 2026, 12:00 pm");
    expect(itemName(performances[0])).toBe("Sat 12 Sep 2026, 7:30 pm (id 1)");
    expect(itemName({ id: 7, name: "Harbour Hall" })).toBe("Harbour Hall (id 7)");
    expect(itemName({ id: 318, title: "Hamlet 2026" })).toBe("Hamlet 2026 (id 318)");
  });

  it("is asked only when something is removed, naming at most ten", () => {
    expect(removalQuestion([], "performance", "performances")).toBeNull();
    expect(removalQuestion([performances[1]], "performance", "performances")).toBe("This save removes this performance:\n- Sun 13 Sep 2026, 2:00 pm (id 2)\n\nSave without it?");
    const venues = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Hall ${i + 1}` }));
    const question = removalQuestion(venues, "venue", "venues")!;
    expect(question.startsWith("This save removes these 12 venues:\n- Hall 1 (id 1)\n")).toBe(true);
    expect(question).toContain("- Hall 10 (id 10)\n- and 2 more\n\nSave without them?");
    expect(question).not.toContain("Hall 11");
  });
});
