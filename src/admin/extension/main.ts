// The admin's extension, run in the browser after Decap CMS's bundle: it registers the formats
// that keep the files' bytes and the widgets of the content format, then starts the CMS with the
// config.yml beside the page.
declare const CMS: { init: (options?: unknown) => void };

CMS.init();
