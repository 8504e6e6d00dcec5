// Adds line and column to the diagnostics of a run, parsing positions only for the files that
// have something to report (a clean build never pays for them).
import type { Node as JsonNode } from "jsonc-parser";
import { jsonc } from "./libraries.js";
import type { Diagnostic, KeyPath } from "../model/diagnostics.js";
import { jsonPathOffset, NotJson } from "./json-path-offset.js";
import { positionAt } from "./position.js";
import { findYamlNode, parseYamlDocument } from "./read-yaml.js";
import { yamlLocatorFast } from "./read-yaml-fast.js";
import type { SourceFile } from "./source-names.js";

/**
 * Where a key path points: at the key when the path ends in an object's key (as TypeScript
 * points at a property), at the value for an array item or the whole file, and at the nearest
 * enclosing key or value that exists when the path names a missing key.
 */
export type Locator = (path: KeyPath) => number | null;

/** The reference: a syntax tree of the whole text (kept for text JSON.parse refused, which the walk does not take). */
export function jsonTreeLocator(text: string): Locator {
  const root = jsonc().parseTree(text, [], { disallowComments: true });
  return (path) => {
    let node: JsonNode | undefined = root;
    let keyOffset: number | null = null;
    for (const step of path) {
      if (node?.type === "object" && typeof step === "string") {
        // JSON.parse keeps the last of two equal keys: point at that one.
        const property: JsonNode | undefined = node.children?.findLast((p) => p.children?.[0]?.value === step);
        if (!property) break;
        keyOffset = property.children![0]!.offset;
        node = property.children![1];
      } else if (node?.type === "array" && typeof step === "number" && node.children?.[step]) {
        keyOffset = null;
        node = node.children[step];
      } else break;
    }
    return keyOffset ?? node?.offset ?? null;
  };
}

/** Walks the text to each path (json-path-offset.ts); the tree only for text that is not JSON.parse's. */
function jsonLocator(text: string): Locator {
  let tree: Locator | null = null;
  return (path) => {
    if (!tree) {
      try {
        return jsonPathOffset(text, path);
      } catch (e) {
        if (!(e instanceof NotJson)) throw e;
        tree = jsonTreeLocator(text);
      }
    }
    return tree(path);
  };
}

/**
 * The nodes js-yaml reports as it reads (read-yaml-fast.ts), kept from the file's reading when it
 * was read for its value; the full parser's tree for a file js-yaml does not read.
 */
function yamlLocator(source: SourceFile): Locator {
  return (source.placer ? source.placer() : yamlLocatorFast(source.text)) ?? yamlTreeLocator(source.text);
}

/** The reference: the full parser's tree, whose nodes know their places. */
export function yamlTreeLocator(text: string): Locator {
  const doc = parseYamlDocument(text);
  return (path) => {
    const { node, keyNode } = findYamlNode(doc, path);
    // A document of comments only has no node: its problem is the whole file, from its start.
    return keyNode?.range?.[0] ?? node?.range?.[0] ?? 0;
  };
}

/** The diagnostics with their positions filled in where a file and a place in it are known. */
export function locateDiagnostics(diagnostics: readonly Diagnostic[], sources: ReadonlyMap<string, SourceFile>): Diagnostic[] {
  const locators = new Map<string, Locator>();
  return diagnostics.map((d) => {
    if (d.line !== undefined) return d;
    const source = sources.get(d.file);
    if (!source) return d;
    let locate = locators.get(d.file);
    if (!locate) {
      locate = source.format === "json" ? jsonLocator(source.text) : yamlLocator(source);
      locators.set(d.file, locate);
    }
    const offset = locate(d.path);
    if (offset === null) return d;
    // One literal, not spreads: a build keeps its warnings to the end, and spread copies ended with a hidden class each.
    const { line, column, sourceLine } = positionAt(source.text, offset);
    return { severity: d.severity, file: d.file, path: d.path, message: d.message, line, column, sourceLine };
  });
}
