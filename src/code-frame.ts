// The short code frame printed under a located diagnostic: the line, and a caret at the column.
import type { Diagnostic } from "./model/diagnostics.js";

const WIDTH = 100;

/**
 * Two lines, as TypeScript and Astro print them:
 *
 * ```
 *    12 |       "datetime": "2026-10-04T02:30"
 *       |       ^
 * ```
 *
 * Tabs become two spaces so the caret stays under the column; a long line (minified JSON) is
 * cut to a window around the column, so the frame stays short.
 */
export function formatCodeFrame(d: Diagnostic): string[] {
  if (d.line === undefined || d.column === undefined || d.sourceLine === undefined) return [];
  let before = d.sourceLine.slice(0, d.column - 1).replace(/\t/g, "  ");
  let after = d.sourceLine.slice(d.column - 1).replace(/\t/g, "  ");
  if (before.length + after.length > WIDTH) {
    if (before.length > WIDTH / 2) before = `...${before.slice(before.length - WIDTH / 2 + 3)}`;
    if (before.length + after.length > WIDTH) after = `${after.slice(0, WIDTH - before.length - 3)}...`;
  }
  const gutter = String(d.line).padStart(6);
  return [`${gutter} | ${before}${after}`.trimEnd(), `${" ".repeat(gutter.length)} | ${" ".repeat(before.length)}^`];
}
