// A content key's plain-English name, for the admin's form: "first_published_at" is "First
// published at", "seo_title" "SEO title".

/** Words written in capitals (or their own way) wherever they stand. */
const WORDS: Record<string, string> = {
  id: "ID",
  url: "URL",
  seo: "SEO",
  cdn: "CDN",
  cors: "CORS",
  faqs: "FAQs",
  faq: "FAQ",
  api: "API",
  richtext: "rich text",
  datetime: "date and time",
};

/** Keys whose words read better joined. */
const WHOLE: Record<string, string> = {
  sub_title: "Subtitle",
  alt: "Alt text",
};

/** The label of a key. */
export function labelOf(key: string): string {
  if (WHOLE[key]) return WHOLE[key];
  const text = key
    .split("_")
    .filter(Boolean)
    .map((w) => WORDS[w] ?? w)
    .join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One item of a list labelled `label` ("Performances" -> "Performance"). */
export function singularOf(label: string): string {
  if (label.endsWith("FAQs")) return label.slice(0, -1);
  return /[^s]s$/.test(label) ? label.slice(0, -1) : label;
}
