// One list of event pages whatever each file's format. Decap lists a folder collection by one
// extension; the backend Decap starts (the edit server's proxy, GitHub) is wrapped so that a
// listing of the events folder holds its pages of every extension, in path order, each read by
// its own format (main.ts tells JSON from YAML by the text).
//
// Decap names a page by its path less the collection's extension, so a YAML page of a JSON
// collection is "hamlet.yaml", and the path Decap makes back from that name is
// "events/hamlet.yaml.json": the wrapper reads and deletes such a path as the file it names.

/** The extensions of event pages (the content format's). */
const PAGE_EXTENSIONS = ["json", "yaml", "yml"] as const;

type Entry = { file: { path: string }; data?: string };

/** What the admin uses of a Decap backend (an implementation of Decap's backend interface). */
export interface Backend {
  entriesByFolder: (folder: string, extension: string, depth: number) => Promise<Entry[]>;
  allEntriesByFolder?: (folder: string, extension: string, depth: number, pathRegex?: RegExp) => Promise<Entry[]>;
  getEntry: (path: string) => Promise<{ data: string | null }>;
  deleteFiles?: (paths: string[], message: string) => Promise<unknown>;
}

/** Whether an event folder has been listed in this page (its pages read: entry-check.ts holds them). */
let folderListed = false;
export const pagesListed = (): boolean => folderListed;

const byPath = (a: Entry, b: Entry) => (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0);

/** The file a path Decap made from a page's name stands for: `folder/x.yaml.json` is `folder/x.yaml`. */
export function pagePath(path: string, folders: ReadonlySet<string>, extension: string): string {
  const slash = path.lastIndexOf("/");
  if (!folders.has(path.slice(0, slash))) return path;
  const name = path.slice(slash + 1);
  for (const own of PAGE_EXTENSIONS) {
    if (own !== extension && name.endsWith(`.${own}.${extension}`)) return path.slice(0, -(extension.length + 1));
  }
  return path;
}

/** Wraps `backend` so that each of `folders` (the event collections', whose new pages have `extension`) lists its pages of every extension. */
export function everyPage(backend: Backend, folders: ReadonlySet<string>, extension: string): Backend {
  const list = backend.entriesByFolder.bind(backend);
  const all = backend.allEntriesByFolder?.bind(backend);
  // A paging backend (GitHub) lists one page of 20 per extension: the whole folder is read instead,
  // as Decap itself does for a search, a sort or a filter.
  const listed = async (folder: string, depth: number, pathRegex?: RegExp) => {
    const lists = await Promise.all(PAGE_EXTENSIONS.map((ext) => (all ? all(folder, ext, depth, pathRegex) : list(folder, ext, depth))));
    folderListed = true;
    return lists.flat().sort(byPath);
  };
  backend.entriesByFolder = (folder, ext, depth) => (folders.has(folder) ? listed(folder, depth) : list(folder, ext, depth));
  if (all) backend.allEntriesByFolder = (folder, ext, depth, pathRegex) => (folders.has(folder) ? listed(folder, depth, pathRegex) : all(folder, ext, depth, pathRegex));
  const getEntry = backend.getEntry.bind(backend);
  backend.getEntry = (path) => getEntry(pagePath(path, folders, extension));
  const deleteFiles = backend.deleteFiles?.bind(backend);
  if (deleteFiles) backend.deleteFiles = (paths, message) => deleteFiles(paths.map((p) => pagePath(p, folders, extension)), message);
  return backend;
}
