// The OpenAPI 3.1 description of the published API (api/v2/openapi.json), generated from the
// response schemas of this folder with zod's JSON Schema export, so it cannot drift from what the
// build writes and checks. Wagtail publishes none; API clients get one here.
import { z } from "zod";
import {
  eventDetailSchema, fullerEventDetailSchema, homeDetailSchema, imageDetailSchema, listItemSchema, messageBodySchema,
  methodNotAllowedSchema, optionsBodySchema, parentDetailSchema,
} from "./schemas.js";

// Where it is written and served: one constant, below every stage, shared with the responder.
export { OPENAPI_FILE, OPENAPI_PATH } from "../runtime/respond.js";

type JsonSchema = { [key: string]: unknown; properties?: Record<string, JsonSchema>; required?: string[] };

/** A response schema as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io: "output" }) as JsonSchema;
  delete out.$schema;
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ "application/json": { schema } });

/**
 * A list item: by default the keys of listItemSchema, but `fields` adds any field of the detail
 * (and of its meta), `-name` removes one and `_` all (even id), so no key is certain; no other
 * key is allowed.
 */
function listItem(detail: JsonSchema, detailName: string, metaOverrides: Record<string, JsonSchema> = {}): JsonSchema {
  // The detail's field schemas by reference (JSON pointers into its component), not copied.
  const at = (...keys: string[]) => ({ $ref: `#/components/schemas/${detailName}/${keys.join("/")}` });
  const metaKeys = Object.keys(detail.properties!.meta!.properties!);
  const defaults = Object.keys(jsonSchema(listItemSchema).properties!.meta!.properties!);
  return {
    type: "object",
    description: `A page as the query parameter fields shapes it: in a list by default id, meta (${defaults.join(", ")}) and title; fields adds or removes any field of the detail.`,
    properties: {
      ...Object.fromEntries(Object.keys(detail.properties!).map((k) => [k, at("properties", k)])),
      meta: {
        type: "object",
        // fields=* also gives the page's locale, which no default document carries.
        properties: { ...Object.fromEntries(metaKeys.map((k) => [k, at("properties", "meta", "properties", k)])), locale: { type: "string" }, ...metaOverrides },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

/** An image as the query parameter fields shapes it: in a list by default id, meta (type, detail_url, tags, download_url) and title. */
function imageListItem(): JsonSchema {
  const at = (...keys: string[]) => ({ $ref: `#/components/schemas/ImageDetail/${keys.join("/")}` });
  const detail = jsonSchema(imageDetailSchema);
  return {
    type: "object",
    description: "An image as the query parameter fields shapes it: in a list by default id, meta (type, detail_url, tags, download_url) and title; fields adds width and height, or removes any field.",
    properties: {
      ...Object.fromEntries(Object.keys(detail.properties!).map((k) => [k, at("properties", k)])),
      meta: {
        type: "object",
        properties: Object.fromEntries(Object.keys(detail.properties!.meta!.properties!).map((k) => [k, at("properties", "meta", "properties", k)])),
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

function listOf(item: string): JsonSchema {
  return {
    type: "object",
    properties: {
      meta: { type: "object", properties: { total_count: { type: "integer", minimum: 0 } }, required: ["total_count"], additionalProperties: false },
      items: { type: "array", items: ref(item) },
    },
    required: ["meta", "items"],
    additionalProperties: false,
  };
}

/** The home page; its type is the editors' choice, but not one of the catalogue's own, so that a page matches one schema only. */
function homePage(): JsonSchema {
  const home = jsonSchema(homeDetailSchema);
  const type = home.properties!.meta!.properties!.type!;
  home.properties!.meta!.properties!.type = { ...type, not: { enum: ["events.AllEventsPage", "events.EventPage"] } };
  return { ...home, description: "The home page above the parent page." };
}

function components(): Record<string, JsonSchema> {
  const fuller = jsonSchema(fullerEventDetailSchema);
  const parent = jsonSchema(parentDetailSchema);
  return {
    EventPageDetail: { ...jsonSchema(eventDetailSchema), description: "An event page (the first table of the API document)." },
    FullerEventPageDetail: { ...fuller, description: "An event page in the fuller rendering (both tables)." },
    AllEventsPageDetail: { ...parent, description: "The parent page of every event page (events.AllEventsPage)." },
    HomePageDetail: homePage(),
    EventPageListItem: listItem(fuller, "FullerEventPageDetail"),
    EventPageList: listOf("EventPageListItem"),
    PageListItem: listItem(fuller, "FullerEventPageDetail", {
      type: { type: "string", pattern: "^\\w+\\.\\w+$" },
      first_published_at: { $ref: "#/components/schemas/AllEventsPageDetail/properties/meta/properties/first_published_at" },
      parent: { $ref: "#/components/schemas/AllEventsPageDetail/properties/meta/properties/parent" },
    }),
    PageList: listOf("PageListItem"),
    ImageDetail: { ...jsonSchema(imageDetailSchema), description: "An image: its title and its original's size in pixels (Wagtail's ImagesAPIViewSet)." },
    ImageListItem: imageListItem(),
    ImageList: listOf("ImageListItem"),
    Message: { ...jsonSchema(messageBodySchema), description: "404 (unknown id or address) and 400 (a query the catalogue cannot answer)." },
    MethodNotAllowed: jsonSchema(methodNotAllowedSchema),
    ViewDescription: { ...jsonSchema(optionsBodySchema), description: "The answer to OPTIONS." },
  };
}

const param = (name: string, schema: object, description: string, where: "query" | "path" = "query") => ({
  name, in: where, ...(where === "path" ? { required: true } : {}), description, schema,
});

const FILTERS: [string, object][] = [
  ["id", { type: "integer" }], ["title", { type: "string" }], ["slug", { type: "string" }],
  ["show_in_menus", { type: "boolean" }], ["seo_title", { type: "string" }], ["search_description", { type: "string" }],
  ["first_published_at", { type: "string" }], ["alias_of", { type: "integer" }], ["on_sale", { type: "boolean" }],
  ["is_education_event", { type: "boolean" }], ["custom_label", { type: "string" }], ["ticket_button_text", { type: "string" }],
];
const IMAGE_FILTERS: [string, object][] = [
  ["id", { type: "integer" }], ["title", { type: "string" }], ["width", { type: "integer" }], ["height", { type: "integer" }], ["tags", { type: "string" }],
];
/** A page id, or `root` (the home page). */
const TREE_PAGE = { anyOf: [{ type: "integer", minimum: 1 }, { type: "string", const: "root" }] };

/** Every parameter, written once under components.parameters and referred to by name. */
const PARAMETERS: Record<string, object> = {
  limit: param("limit", { type: "integer", minimum: 0, maximum: 20 }, "How many items to return (at most 20)."),
  offset: param("offset", { type: "integer", minimum: 0 }, "How many items to skip."),
  order: param("order", { type: "string", pattern: "^(random|-?\\w+(,-?\\w+)*)$" }, "Fields to order by (comma-separated), - before the last for descending, or random."),
  fields: param("fields", { type: "string" }, "Comma-separated fields to add (name), remove (-name), all (*) or none (_); name(...) selects within a relation."),
  search: param("search", { type: "string" }, "Words to search for in the title."),
  search_operator: param("search_operator", { type: "string", enum: ["and", "or"] }, "Whether every word (and) or any (or, the default) must match."),
  type: param("type", { type: "string", pattern: "^\\w+\\.\\w+(,\\w+\\.\\w+)*$" }, "Only pages of these types (app.Model, comma-separated)."),
  child_of: param("child_of", TREE_PAGE, "Only the children of this page."),
  descendant_of: param("descendant_of", TREE_PAGE, "Only the descendants of this page."),
  ancestor_of: param("ancestor_of", TREE_PAGE, "Only the ancestors of this page."),
  translation_of: param("translation_of", TREE_PAGE, "Only the translations of this page."),
  locale: param("locale", { type: "string" }, "Only pages in this locale (en)."),
  site: param("site", { type: "string" }, "Only the pages of the site with this host name."),
  ...Object.fromEntries(FILTERS.map(([name, schema]) => [`filter_${name}`, param(name, schema, `Only pages whose ${name} equals this.`)])),
  format: param("format", { type: "string", enum: ["json", "api"] }, "json (the default) or api (the browsable HTML rendering)."),
  html_path: param("html_path", { type: "string" }, "The page's path on the site, such as /whats-on/hamlet/."),
  find_id: param("id", { type: "integer", minimum: 1 }, "The page's id."),
  image_find_id: param("id", { type: "integer", minimum: 1 }, "The image's id."),
  image_search: param("search", { type: "string" }, "Words to search for in the image's title."),
  ...Object.fromEntries(IMAGE_FILTERS.map(([name, schema]) => [`image_filter_${name}`, param(name, schema, `Only images whose ${name} ${name === "tags" ? "include these (comma-separated)" : "equals this"}.`)])),
  id: param("id", { type: "integer", minimum: 1 }, "A page id.", "path"),
  image_id: param("id", { type: "integer", minimum: 1 }, "An image id.", "path"),
};
const use = (name: string) => ({ $ref: `#/components/parameters/${name}` });

const LIST_PARAMETERS = [
  "limit", "offset", "order", "fields", "search", "search_operator", "type", "child_of", "descendant_of", "ancestor_of", "translation_of", "locale", "site",
];

function listParameters(): object[] {
  return [...LIST_PARAMETERS, ...FILTERS.map(([n]) => `filter_${n}`), "format"].map(use);
}

const FORMAT = use("format");
const ID = use("id");

const refused = Object.fromEntries(
  ["post", "put", "patch", "delete"].map((m) => [m, { summary: "Not allowed: the API is read-only.", responses: { 405: { description: "Method not allowed.", content: json(ref("MethodNotAllowed")) } } }]),
);

function operations(summary: string, ok: object, parameters: object[], errors: Record<number, string>): object {
  const errorResponses = Object.fromEntries(Object.entries(errors).map(([code, description]) => [code, { description, content: json(ref("Message")) }]));
  return {
    get: { summary, parameters, responses: { 200: { description: "OK", content: json(ok) }, ...errorResponses } },
    head: { summary: `${summary} (headers only)`, parameters, responses: { 200: { description: "OK" }, ...Object.fromEntries(Object.keys(errors).map((c) => [c, { description: errors[Number(c)] }])) } },
    options: { summary: "The view's description.", responses: { 200: { description: "OK", content: json(ref("ViewDescription")) } } },
    ...refused,
  };
}

function imagesFind(): object {
  return {
    get: {
      summary: "Redirects to the detail of the image with an id.",
      parameters: [use("image_find_id"), FORMAT],
      responses: {
        302: { description: "Found: Location names the image's detail address.", headers: { Location: { schema: { type: "string" } } } },
        404: { description: "No image has that id.", content: json(ref("Message")) },
      },
    },
  };
}

function find(collection: string): object {
  return {
    get: {
      summary: `Redirects to the ${collection} detail of the page at a site path.`,
      parameters: [use("html_path"), use("find_id"), FORMAT],
      responses: {
        302: { description: "Found: Location names the page's detail address.", headers: { Location: { schema: { type: "string" } } } },
        404: { description: "No page has that path.", content: json(ref("Message")) },
      },
    },
  };
}

/** The OpenAPI document of a catalogue whose API is served at baseUrl. */
export function openApiDocument(baseUrl: string): object {
  // Without fields, a detail is exactly one of the full schemas (the first of anyOf); with fields,
  // the keys it names (the second).
  const detail = { anyOf: [{ oneOf: [ref("EventPageDetail"), ref("FullerEventPageDetail")] }, ref("EventPageListItem")] };
  const anyPage = {
    anyOf: [{ oneOf: [ref("EventPageDetail"), ref("FullerEventPageDetail"), ref("AllEventsPageDetail"), ref("HomePageDetail")] }, ref("PageListItem")],
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Events Catalogue API",
      version: "v2",
      description: "Read-only event pages, their performances and ticketing links, and the images they show, compatible with Wagtail API v2. Every address ends in a slash; without it the answer is 301 to it.",
    },
    servers: [{ url: baseUrl }],
    paths: {
      "/api/v2/event_pages/": operations("Every event page, in list form.", ref("EventPageList"), listParameters(), { 400: "A query parameter the catalogue cannot answer." }),
      "/api/v2/event_pages/{id}/": operations("One event page.", detail, [ID, use("fields"), FORMAT], { 400: "A fields value the catalogue cannot answer.", 404: "No event page has that id." }),
      "/api/v2/event_pages/find/": find("event page"),
      "/api/v2/pages/": operations("Every page, in list form.", ref("PageList"), listParameters(), { 400: "A query parameter the catalogue cannot answer." }),
      "/api/v2/pages/{id}/": operations("One page: an event page, the parent page or the home page.", anyPage, [ID, use("fields"), FORMAT], { 400: "A fields value the catalogue cannot answer.", 404: "No page has that id." }),
      "/api/v2/pages/find/": find("page"),
      "/api/v2/images/": operations(
        "Every image, in list form (the list without a query holds every image; limit and offset page it as Wagtail does).",
        ref("ImageList"),
        [...["limit", "offset", "order", "fields", "image_search", "search_operator"].map(use), ...IMAGE_FILTERS.map(([n]) => use(`image_filter_${n}`)), FORMAT],
        { 400: "A query parameter the catalogue cannot answer." },
      ),
      "/api/v2/images/{id}/": operations(
        "One image: its title and its original's size.",
        { anyOf: [ref("ImageDetail"), ref("ImageListItem")] },
        [use("image_id"), use("fields"), FORMAT],
        { 400: "A fields value the catalogue cannot answer.", 404: "No image has that id." },
      ),
      "/api/v2/images/find/": imagesFind(),
    },
    components: { schemas: components(), parameters: PARAMETERS },
  };
}
