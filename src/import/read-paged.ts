// A list of a Wagtail API v2 read page by page with limit and offset until its total_count.
import type { z } from "zod";
import { ApiReader, errorMessage, statusLine, type JsonAnswer } from "./api-reader.js";
import { AnswerRefused, ImportFailed } from "./errors.js";
import { MAX_LIST_REQUESTS } from "./limits.js";
import { readAs } from "./read-shapes.js";

export interface PagedList<S extends z.ZodType> {
  /** Each answer, in offset order. */
  pages: { offset: number; answer: JsonAnswer; value: z.infer<S> }[];
  total: number;
  /** The page size the server accepted. */
  limit: number;
}

/**
 * Reads a list with `limit` and `offset` until it holds `total_count` items. A server whose
 * largest page is smaller answers 400 "limit cannot be higher than N": the read goes on with N.
 * A total that changes between pages, or items that do not add up to it, mean the list changed
 * while it was read.
 */
export async function readPaged<S extends z.ZodType<{ meta: { total_count: number }; items: { id: number }[] }>>(
  reader: ApiReader,
  listPath: string,
  shape: S,
  what: string,
  onPage: (read: number, total: number) => void,
  startLimit = 20,
): Promise<PagedList<S> | null> {
  let limit = startLimit;
  const at = (offset: number) => `${listPath}?limit=${limit}&offset=${offset}`;
  let first: JsonAnswer;
  for (;;) {
    first = await reader.json(at(0));
    const lower = first.status === 400 ? /limit cannot be higher than (\d+)/.exec(errorMessage(first.value) ?? "") : null;
    if (lower && Number(lower[1]) > 0 && Number(lower[1]) < limit) {
      limit = Number(lower[1]);
      continue;
    }
    break;
  }
  if (first.status === 404) return null;
  if (first.status !== 200) {
    const message = errorMessage(first.value);
    throw new ImportFailed(`GET ${reader.url(first.path)} answered ${statusLine(first.status)}${message ? `: "${message}"` : ""}; the import reads ${what} as a Wagtail API v2 lists it`);
  }
  const head = readAs(shape, first.value, `GET ${reader.url(first.path)}`, `a list of ${what}`);
  const total = head.meta.total_count;
  const step = head.items.length;
  onPage(step, total);
  const changed = (why: string) =>
    new ImportFailed(`the list of ${what} changed while it was read (${why}): the site was being edited. Run the import again when it is quiet`);
  if (step === 0 && total > 0) throw changed(`GET ${reader.url(first.path)} holds no items of ${total}`);
  if (step > 0 && total / step > MAX_LIST_REQUESTS) {
    throw new AnswerRefused(
      `GET ${reader.url(first.path)} lists a total_count of ${total} ${what}, ${step} at a time: more than the ${MAX_LIST_REQUESTS.toLocaleString("en")} requests the import makes for one list`,
    );
  }
  const offsets: number[] = [];
  for (let o = step; o < total; o += step) offsets.push(o);
  let read = step;
  const rest = await Promise.all(
    offsets.map(async (offset) => {
      const answer = await reader.json(at(offset));
      if (answer.status !== 200) throw changed(`GET ${reader.url(answer.path)} answered ${statusLine(answer.status)}`);
      const value = readAs(shape, answer.value, `GET ${reader.url(answer.path)}`, `a list of ${what}`);
      if (value.meta.total_count !== total) throw changed(`total_count was ${total}, then ${value.meta.total_count}`);
      onPage((read += value.items.length), total);
      return { offset, answer, value };
    }),
  );
  const pages = [{ offset: 0, answer: first, value: head }, ...rest];
  const ids = new Set<number>();
  for (const p of pages) for (const item of p.value.items) {
    if (ids.has(item.id)) throw changed(`item ${item.id} came twice`);
    ids.add(item.id);
  }
  if (ids.size !== total) throw changed(`${ids.size} items were read of a total_count of ${total}`);
  return { pages, total, limit };
}
