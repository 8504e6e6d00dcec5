// Offsets in a source text as editors see them: line, column and the text of that line.

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as VS Code and TypeScript count). */
  column: number;
  /** The whole line, without its line break. */
  sourceLine: string;
}

/** Only called for the few offsets a run reports, so a plain pass over the text is enough. */
export function positionAt(text: string, offset: number): Position {
  const at = Math.max(0, Math.min(offset, text.length));
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < lineStart; i = text.indexOf("\n", i + 1)) line++;
  let lineEnd = text.indexOf("\n", at);
  if (lineEnd === -1) lineEnd = text.length;
  // A copy, not a slice: V8 keeps a slice's whole parent string alive, and a build keeps its
  // warnings to the end (a catalogue of many pages would hold every such page's text).
  const sourceLine = Buffer.from(text.slice(lineStart, lineEnd).replace(/\r$/, ""), "utf8").toString("utf8");
  return { line, column: at - lineStart + 1, sourceLine };
}
