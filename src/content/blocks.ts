// Description blocks: the six StreamField block types of the API document (2.6).
import { z } from "zod";
import { EMBED, htmlFragment, idOf, link, longText, nonEmpty } from "./common.js";

const text = z.string();

/** A call to action under a rich text: its label and where it leads. */
export const buttonSchema = z.strictObject({
  text: nonEmpty.describe("The button's label."),
  link: link.min(1, { error: "must not be empty: a button leads somewhere" }).describe("Where it leads: an http(s), mailto: or tel: link, or a relative one."),
});

const richtext = z.strictObject({
  text: htmlFragment,
  text_size: z.string().default("standard"),
  buttons: z.array(buttonSchema).default([]).describe("Buttons under the text: [{text, link}]."),
});

const embed = z
  .string()
  .regex(EMBED, { error: "must be the absolute http(s) URL of the embedded video, such as \"https://www.youtube.com/watch?v=...\"" })
  .refine(
    (s) => {
      try {
        return Boolean(new URL(s));
      } catch {
        return false;
      }
    },
    { error: "must be the absolute http(s) URL of the embedded video: this one is not a URL" },
  );

const quote = z.strictObject({
  title: text.default(""),
  quote: z.strictObject({ stars: text.default(""), quote: longText, citation: text.default("") }),
});

const imageCarousel = z.strictObject({
  title: text.default(""),
  figures: z.array(
    z.strictObject({
      image: idOf("images"),
      video: link.nullable().default(null).describe("The figure's video: an http(s) link (or relative), or null."),
      caption: longText.default(""),
    }),
  ),
});

const credits = z.strictObject({
  title: text.default(""),
  credit_list: z.array(z.strictObject({ role: text, credit: text })),
});

const logoWall = z.strictObject({
  groups: z.array(
    z.strictObject({
      title: text.default(""),
      section_size: z.string().default("full_standard"),
      logos: z.array(
        z.strictObject({
          additional_text: text.default(""),
          link: link.default("").describe("Where the logo leads: an http(s), mailto: or tel: link, a relative one, or \"\"."),
          logo: idOf("images"),
        }),
      ),
    }),
  ),
});

/** The value schema of each block type; its keys are the allowed types. */
export const BLOCK_VALUES = {
  richtext,
  embed,
  quote,
  image_carousel: imageCarousel,
  credits,
  logo_wall: logoWall,
} as const;

export type BlockType = keyof typeof BLOCK_VALUES;
export const BLOCK_TYPES = Object.keys(BLOCK_VALUES) as BlockType[];

// Without a flag, so the JSON Schema's pattern (which has none) accepts what the build accepts.
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const blockId = z
  .string()
  .regex(UUID, { error: "must be a UUID such as \"5f0c6d2e-8b1a-4c3e-9f21-6a7b8c9d0e01\", or left out to be derived" })
  .describe("The block's id, a UUID; without one, it is derived from the page's id and the block's position.");

function blockOf<T extends BlockType>(type: T) {
  return z.strictObject({ type: z.literal(type), value: BLOCK_VALUES[type], id: blockId.optional() });
}

export const blockSchema = z.discriminatedUnion("type", [
  blockOf("richtext"),
  blockOf("embed"),
  blockOf("quote"),
  blockOf("image_carousel"),
  blockOf("credits"),
  blockOf("logo_wall"),
]);

export type BlockSource = z.infer<typeof blockSchema>;
