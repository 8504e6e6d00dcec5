// What rich text names in Wagtail's stored form, by id or by address: types only.

/** A page or a document of the site linked by id, an image of images.json or a media item placed in the text. */
export type RichTextReference =
  | { kind: "page" | "document"; id: number }
  | { kind: "image"; id: number; format: string }
  | { kind: "media"; url: string };
