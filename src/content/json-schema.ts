// The JSON Schemas of the content files, generated from the zod schemas (zod 4's JSON Schema
// export), so editors check a file while typing against the very rules the build applies.
import { z } from "zod";
import { catalogueSchema } from "./catalogue.js";
import { eventSchema } from "./event.js";
import { DEFAULT_ACCESSIBILITY, DEFAULT_GENRES, imagesSchema, namedListSchema, venuesSchema } from "./lists.js";

export interface SchemaFile {
  /** File name in the schemas folder, e.g. `event.schema.json`. */
  name: string;
  /** The content files it describes, as a VS Code `fileMatch` (relative to the content folder). */
  fileMatch: string[];
  text: string;
}

const FILES: { name: string; sources: string[]; title: string; description: string; schema: z.ZodType }[] = [
  { name: "catalogue", sources: ["catalogue"], title: "catalogue.json", description: "The site-wide settings of the events catalogue: URLs, time zone, the parent page, ticketing.", schema: catalogueSchema },
  { name: "venues", sources: ["venues"], title: "venues.json", description: "The venues: [{id, name, ticketing_code, time_zone?}].", schema: venuesSchema },
  { name: "programs", sources: ["programs"], title: "programs.json", description: "The programs: [{id, name}].", schema: namedListSchema },
  // The defaults as the list's `default`: an editor offers them whole as a completion of an empty file.
  {
    name: "genres", sources: ["genres"], title: "genres.json",
    description: "The genres: [{id, name}]. It replaces the 13 default genres (it does not add to them): start it from them with `build-catalogue new genres`.",
    schema: namedListSchema.meta({ default: DEFAULT_GENRES }),
  },
  {
    name: "accessibility", sources: ["accessibility"], title: "accessibility.json",
    description: "The accessibility values: [{id, name}]. It replaces the 5 default values (it does not add to them): start it from them with `build-catalogue new accessibility`.",
    schema: namedListSchema.meta({ default: DEFAULT_ACCESSIBILITY }),
  },
  { name: "images", sources: ["images"], title: "images.json", description: "The images: [{id, title, file, alt?, focal_point?}].", schema: imagesSchema },
  { name: "event", sources: ["events/*"], title: "events/<slug>.json", description: "One event page.", schema: eventSchema },
];

/**
 * What a schema can decide is what the zod schemas decide before the build's own checks: keys,
 * types, patterns. Time zones, timestamps' calendar, references between files, uniqueness and
 * HTML safety are the build's alone.
 */
export function contentJsonSchemas(): SchemaFile[] {
  return FILES.map(({ name, sources, title, description, schema }) => {
    // Draft-07: what VS Code, JetBrains IDEs and the YAML language server support most fully.
    const json = z.toJSONSchema(schema, { io: "input", target: "draft-7" });
    const ordered = { $schema: json.$schema, title, description, ...json };
    return {
      name: `${name}.schema.json`,
      fileMatch: sources.flatMap((s) => [`${s}.json`, `${s}.yaml`, `${s}.yml`]),
      text: `${JSON.stringify(ordered, null, 2)}\n`,
    };
  });
}
