// The browsable page with the project's template (templates/browsable.html), read once.
import { readFileSync } from "node:fs";
import { renderBrowsable as render, type BrowsableAnswer } from "../runtime/browsable.js";
import { packageUrl } from "../package-files.js";

export { escapeHtml, linkifyJson, STATUS_TEXT, type BrowsableAnswer } from "../runtime/browsable.js";

const TEMPLATE_URL = packageUrl("templates/browsable.html");
let template: string | null = null;

export function browsableTemplate(): string {
  return (template ??= readFileSync(TEMPLATE_URL, "utf8"));
}

export function renderBrowsable(a: BrowsableAnswer, siteName?: string): string {
  return render(browsableTemplate(), a, siteName);
}
