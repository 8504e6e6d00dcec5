// Links into the ticketing system (API document 2.5.1).
import type { CatalogueSource } from "../content/catalogue.js";

export function ticketingLinks(
  ticketing: CatalogueSource["ticketing"],
  codes: { event: number; venue: string; performance: number },
): { purchase_link: string; waitlist_link: string } {
  const base = `${ticketing.url}${ticketing.gateway_path}?E=N&QL=S${codes.event}|V${codes.venue}|P${codes.performance}|G~`;
  return { purchase_link: base + ticketing.purchase_page, waitlist_link: base + ticketing.waitlist_page };
}
