// An image uploaded from an event's image chooser, before it is saved: what is refused, the name
// its picture gets in images/, its item, and images.json's text with that one item added by the
// Images collection's own writer (the shape from the admin's real config), every other byte kept.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { editConfig } from "../../src/admin/config.js";
import { fileFields } from "../../src/admin/form-view.js";
import { shapeOf } from "../../src/admin/keep-layout.js";
import { imageFileName, imageItem, nextImageId, takenNames, uploadProblems, withImage } from "../../src/admin/new-image.js";
import { ROOT } from "../helpers/cli.js";

const config = editConfig(path.join(ROOT, "content"));
const images = config.collections.find((c) => c.name === "images") as unknown as { files: Array<{ fields: unknown }> };
const shape = shapeOf(fileFields(images.files[0]!.fields));
const exampleText = readFileSync(path.join(ROOT, "content/images.json"), "utf8");
const input = { title: "Stage door", alt: "The stage door at night", focal: { x: 240, y: 200, width: 160, height: 240 } };

describe("what an upload refuses", () => {
  it("no picture, a file of another format than the build's, no title (spaces are none)", () => {
    expect(uploadProblems(input, "door.jpg")).toEqual([]);
    expect(uploadProblems(input, "DOOR.JPEG")).toEqual([]);
    expect(uploadProblems(input, null)).toEqual(["Choose a picture to upload."]);
    expect(uploadProblems(input, "door.svg")).toEqual(["door.svg is not a picture the build takes: choose a .jpg, .jpeg, .png, .gif, .webp, .avif file."]);
    expect(uploadProblems(input, "door")).toHaveLength(1);
    expect(uploadProblems({ ...input, title: "  " }, "door.png")).toEqual(["Give the image a title: editors find it by its title."]);
    expect(uploadProblems({ ...input, title: "" }, null)).toHaveLength(2);
  });
});

describe("the picture's name in images/", () => {
  it("is the picked file's, made a name images.json's `file` takes", () => {
    expect(imageFileName("Stage Door 2026.PNG", [])).toBe("stage-door-2026.png");
    expect(imageFileName("Café Müller #2?.jpg", [])).toBe("cafe-muller-2.jpg");
    expect(imageFileName("...jpg", [])).toBe("image.jpg");
    expect(imageFileName("poster.final.webp", [])).toBe("poster.final.webp");
    for (const name of ["a b.jpg", "x/y.png", "ü.gif", "-.avif"]) expect(imageFileName(name, [])).toMatch(/^[^/\\\s?#]+\.[A-Za-z0-9]+$/);
  });

  it("gets -2, -3... when an image already has the name, whatever its case", () => {
    expect(imageFileName("Door.jpg", ["door.jpg"])).toBe("door-2.jpg");
    expect(imageFileName("door.jpg", ["DOOR.JPG", "door-2.jpg"])).toBe("door-3.jpg");
    expect(imageFileName("door.jpg", ["door.jpeg"])).toBe("door.jpg");
  });
});

describe("the new item", () => {
  it("has the next free id of images.json, the title and alt text trimmed, an empty alt and an unset focal point left out", () => {
    const items = JSON.parse(exampleText) as Array<{ id: number; file: string }>;
    expect(nextImageId(items)).toBe(Math.max(...items.map((i) => i.id)) + 1);
    expect(nextImageId([])).toBe(1);
    expect(nextImageId([{ id: "7" }, { id: 3 }, "x"])).toBe(4);
    expect(takenNames(items)).toEqual(items.map((i) => i.file));
    expect(imageItem(9, "door.jpg", { title: " Door ", alt: " A door ", focal: input.focal })).toEqual({ id: 9, title: "Door", file: "door.jpg", alt: "A door", focal_point: input.focal });
    expect(Object.keys(imageItem(9, "door.jpg", { title: "Door", alt: " ", focal: null }))).toEqual(["id", "title", "file"]);
  });
});

describe("images.json with the new item", () => {
  it("JSON: the example's file changes by that one item, added last, every byte before and after it kept", () => {
    const item = imageItem(nextImageId(JSON.parse(exampleText)), "stage-door.png", input);
    const text = withImage(exampleText, "json", shape, item);
    expect(JSON.parse(text)).toEqual([...JSON.parse(exampleText), item]);
    const end = exampleText.lastIndexOf("}") + 1;
    expect(text.slice(0, end)).toBe(exampleText.slice(0, end));
    expect(text.endsWith(exampleText.slice(end))).toBe(true);
    // Written in the file's own layout: its indentation, the content format's key order.
    expect(text.slice(end)).toBe(`,\n  {\n    "id": ${item.id},\n    "title": "Stage door",\n    "file": "stage-door.png",\n    "alt": "The stage door at night",\n    "focal_point": {\n      "x": 240,\n      "y": 200,\n      "width": 160,\n      "height": 240\n    }\n  }\n]\n`);
  });

  it("YAML: comments and the other items' lines kept; an item the build would refuse is kept as it is", () => {
    const yaml = `# The season's pictures.\n- id: 1\n  title: 'Poster'   # quoted so\n  file: poster.jpg\n- not an item\n`;
    const text = withImage(yaml, "yaml", shape, imageItem(2, "door.jpg", { title: "Door", alt: "", focal: null }));
    expect(text.startsWith(yaml)).toBe(true);
    expect(parse(text)).toEqual([...(parse(yaml) as unknown[]), { id: 2, title: "Door", file: "door.jpg" }]);
    expect(text.slice(yaml.length)).toBe(stringify([{ id: 2, title: "Door", file: "door.jpg" }]));
  });
});
