// Makes the originals of the bundled example catalogue (content/images/<file> for every image of
// content/images.json): generated pictures, the same bytes on every run with the same sharp. Each
// is a soft gradient with a few shapes, its focal area (when images.json gives one) drawn as the
// picture's subject, so a thumbnail's crop shows where it was placed. JPEG for .jpg (quality 70),
// PNG with a palette for .png; every one at least 1200x800 (logos 800x400), so none is too small
// for a 550x375 thumbnail, and the whole folder a few MB.
//   node scripts/make-example-images.mjs [content]
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const content = path.resolve(process.argv[2] ?? "content");
const images = JSON.parse(readFileSync(path.join(content, "images.json"), "utf8"));
const folder = path.join(content, "images");
mkdirSync(folder, { recursive: true });

/** A sequence of numbers in [0, 1) from the file's name: the same picture for the same name. */
function numbers(name) {
  let block = createHash("sha256").update(name).digest();
  let i = 0;
  return () => {
    if (i + 4 > block.length) {
      block = createHash("sha256").update(block).digest();
      i = 0;
    }
    const n = block.readUInt32BE(i) / 2 ** 32;
    i += 4;
    return n;
  };
}

const hsl = (h, s, l) => `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

/** The picture's size: room for its focal area, a 3:2 frame otherwise; a logo 2:1. */
function sizeOf(image) {
  if (image.file.startsWith("logo-")) return [800, 400];
  const f = image.focal_point;
  let width = 1200;
  if (f && f.x + f.width / 2 > width - 60) width = 1800;
  let height = Math.round((width * 2) / 3);
  if (f && f.y + f.height / 2 > height - 60) height = Math.ceil(f.y + f.height / 2 + 80);
  return [width, height];
}

function svgOf(image, width, height) {
  const next = numbers(image.file);
  const hue = next() * 360;
  const shapes = [];
  for (let i = 0; i < 7; i++) {
    const x = Math.round(next() * width);
    const y = Math.round(next() * height);
    const r = Math.round((0.05 + next() * 0.15) * Math.min(width, height));
    const colour = hsl(hue + 120 + next() * 120, 50, 35 + next() * 40);
    shapes.push(i % 2 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" fill-opacity="0.55"/>` : `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${Math.round(1.4 * r)}" rx="${Math.round(r / 5)}" fill="${colour}" fill-opacity="0.45"/>`);
  }
  const f = image.focal_point;
  const subject = f
    ? `<ellipse cx="${f.x}" cy="${f.y}" rx="${Math.max(8, f.width / 2)}" ry="${Math.max(8, f.height / 2)}" fill="${hsl(hue + 180, 80, 60)}" stroke="#fff" stroke-width="6"/>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 55, 30)}"/><stop offset="1" stop-color="${hsl(hue + 40, 60, 70)}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}${subject}</svg>`;
}

let total = 0;
for (const image of images) {
  const [width, height] = sizeOf(image);
  const picture = sharp(Buffer.from(svgOf(image, width, height)));
  const bytes = /\.png$/i.test(image.file)
    ? await picture.png({ compressionLevel: 9, palette: true, colours: 64, dither: 0 }).toBuffer()
    : await picture.flatten().jpeg({ quality: 70, chromaSubsampling: "4:2:0" }).toBuffer();
  writeFileSync(path.join(folder, image.file), bytes);
  total += bytes.length;
}
console.log(`Wrote ${images.length} originals into ${path.relative(process.cwd(), folder) || "."}/ (${(total / 1024 / 1024).toFixed(1)} MB)`);
