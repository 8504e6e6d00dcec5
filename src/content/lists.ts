// venues.json, programs.json, genres.json, accessibility.json, images.json (content format, sections 1 and 4).
import { z } from "zod";
import { id, nonEmpty, REFERS_TO, timeZone, widgetHint } from "./common.js";

export const venueSchema = z.strictObject({
  id,
  name: nonEmpty,
  ticketing_code: z
    .string()
    .regex(/^[A-Z0-9]{1,16}$/, { error: "must be a short code of uppercase letters (and digits), such as \"DRT\"" })
    .describe("The venue's code in the ticketing system: uppercase letters and digits, such as DRT."),
  time_zone: timeZone.optional().describe("The venue's IANA time zone; default: the catalogue's."),
});

/** A program, a genre or an accessibility value: `{id, name}`. */
export const namedSchema = z.strictObject({ id, name: nonEmpty });

const pixel = z.int({ error: "must be a whole number of pixels" }).nonnegative({ error: "must not be negative" });

const size = z.int({ error: "must be a whole number of pixels" }).positive({ error: "must be at least 1 pixel" });

export const imageSchema = z.strictObject({
  id,
  title: nonEmpty,
  file: widgetHint(
    z.string().regex(/^[^/\\\s?#]+\.[A-Za-z0-9]+$/, {
      error: "must be a file name with an extension and no folders or spaces, such as \"hamlet-2026.jpg\"",
    }),
    "image-file",
  ),
  alt: z.string().optional(),
  focal_point: widgetHint(z.strictObject({ x: pixel, y: pixel, width: pixel, height: pixel }), "focal-point").nullable().optional(),
  // null (both): the size is not known, as an import from an API without an images endpoint
  // writes it. Explicit, so that a size merely forgotten stays an error.
  width: size
    .nullable()
    .optional()
    .describe("The original's width in pixels, for an image whose file is not in content/images/ (read from the file when it is). null, with height null: not known; the image is then left out of the images endpoint, with a warning."),
  height: size
    .nullable()
    .optional()
    .describe("The original's height in pixels, for an image whose file is not in content/images/ (read from the file when it is). null, with width null: not known; the image is then left out of the images endpoint, with a warning."),
  // What an import carries when the API published a thumbnail's rendition key but not the focal
  // point it was hashed from. Refused beside a focal_point: the key would then say one thing and
  // the focal point (which any rendition of the image is cropped around) another.
  rendition_key: z
    .string()
    .regex(/^[0-9a-f]{8}$/, { error: "must be 8 lowercase hex digits, the key in a thumbnail's name, such as \"a1b2c3d4\"" })
    .optional()
    .describe("The thumbnail's rendition key when the focal point it derives from is unknown (written by import); not with focal_point."),
}).refine((image) => image.rendition_key === undefined || image.focal_point === undefined, {
  path: ["rendition_key"],
  error: "cannot be given with focal_point: the key is derived from the focal point; keep focal_point (and remove rendition_key), or remove focal_point to keep the imported key",
});

export const venuesSchema = z.array(venueSchema);
export const namedListSchema = z.array(namedSchema);
export const imagesSchema = z.array(imageSchema);

export type VenueSource = z.infer<typeof venueSchema>;
export type NamedSource = z.infer<typeof namedSchema>;
export type ImageSource = z.infer<typeof imageSchema>;

/** The values of the API document (2.7), used when the content gives no file of its own. */
export const DEFAULT_GENRES: NamedSource[] = [
  [1, "Theatre"], [2, "Ballet & Dance"], [3, "Children & Family"], [4, "Comedy"],
  [6, "Musical Theatre"], [7, "Circus & Physical Theatre"], [8, "Music Concert"],
  [10, "Talks/Ideas/Workshops"], [11, "Classical Music"], [15, "Tribute Show"], [16, "Opera"],
  [17, "Community Theatre"], [18, "Community Ballet & Dance"],
].map(([i, name]) => ({ id: i as number, name: name as string }));

export const DEFAULT_ACCESSIBILITY: NamedSource[] = [
  [1, "Wheelchair Access"], [2, "Accessible Seating"], [3, "Accessible Toilets"],
  [4, "Assistance Animals Permitted"], [5, "Companion Card Program"],
].map(([i, name]) => ({ id: i as number, name: name as string }));

/**
 * The lists a site may leave to their defaults, and how messages, schemas and `new` name them: a
 * site's own file replaces the defaults whole (it does not add to them).
 */
export const DEFAULTED_LISTS = {
  genres: { items: DEFAULT_GENRES, file: "genres.json", noun: "genre", aNoun: "a genre", plural: "genres" },
  accessibility: { items: DEFAULT_ACCESSIBILITY, file: "accessibility.json", noun: "accessibility value", aNoun: "an accessibility value", plural: "accessibility values" },
} as const;

export type DefaultedList = keyof typeof DEFAULTED_LISTS;

/**
 * An id that may name one of a list's defaults: in the JSON Schema for editors, each default id
 * with its name (VS Code and the YAML language server show `enumDescriptions` in completions and
 * on hover), and any other id allowed too, since the site's own file replaces the defaults.
 */
export function defaultsIdSchema(kind: DefaultedList) {
  const { items, file, noun, plural } = DEFAULTED_LISTS[kind];
  return id.meta({
    [REFERS_TO]: kind,
    anyOf: [
      {
        title: `one of the default ${plural}`,
        enum: items.map((i) => i.id),
        enumDescriptions: items.map((i) => `${i.name} (a default ${noun}, while the site has no ${file})`),
        markdownEnumDescriptions: items.map((i) => `**${i.name}** (a default ${noun}, while the site has no \`${file}\`)`),
      },
      { title: `an id of the site's own ${file}`, description: `A ${file} replaces the default ${plural} (it does not add to them): any id it defines.` },
    ],
  });
}
