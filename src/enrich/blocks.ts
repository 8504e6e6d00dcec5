// Description blocks as the API writes them: {type, value, id}, with an id derived when none is given.
import { createHash } from "node:crypto";
import type { BlockSource } from "../content/blocks.js";
import { hexOf } from "../runtime/hex.js";

// A fixed namespace for name-based (version 5) UUIDs, so the same page and position give the same id.
// Bytes, not a Buffer: the admin's preview computes the same ids in the browser.
const NAMESPACE = Uint8Array.from("6f2b9d1e4c7a4e0b8a3d5c1f2e9b7a60".match(/../g)!, (pair) => parseInt(pair, 16));

export function derivedBlockId(pageId: number, index: number): string {
  const hash = createHash("sha1").update(NAMESPACE).update(`event-page:${pageId}:description:${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hexOf(hash.subarray(0, 16));
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The block's value with its keys in the API document's order (2.6). */
function blockValue(block: BlockSource): unknown {
  switch (block.type) {
    case "richtext":
      return { text: block.value.text, text_size: block.value.text_size, buttons: block.value.buttons };
    case "embed":
      return block.value;
    case "quote":
      return {
        title: block.value.title,
        quote: { stars: block.value.quote.stars, quote: block.value.quote.quote, citation: block.value.quote.citation },
      };
    case "image_carousel":
      return {
        title: block.value.title,
        figures: block.value.figures.map((f) => ({ image: f.image, video: f.video, caption: f.caption })),
      };
    case "credits":
      return { title: block.value.title, credit_list: block.value.credit_list.map((c) => ({ role: c.role, credit: c.credit })) };
    case "logo_wall":
      return {
        groups: block.value.groups.map((g) => ({
          title: g.title,
          section_size: g.section_size,
          logos: g.logos.map((l) => ({ additional_text: l.additional_text, link: l.link, logo: l.logo })),
        })),
      };
  }
}

export function descriptionBlocks(pageId: number, blocks: readonly BlockSource[]) {
  return blocks.map((block, index) => ({
    type: block.type,
    value: blockValue(block),
    id: block.id ?? derivedBlockId(pageId, index),
  }));
}
