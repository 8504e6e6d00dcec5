// The key the admin adds to an event page as it reads it: the page's status then, in words
// ("Draft: not in the API", "Scheduled: goes live ..."), for the list's summary and filters. The
// admin's format never writes it (extension/main.ts).
export const PAGE_STATUS = "page_status";
