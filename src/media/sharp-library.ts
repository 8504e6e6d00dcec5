// sharp, loaded on first use: a catalogue without originals never loads its native library, and
// the command's bundle never holds it (scripts/bundle.mjs keeps it outside).
import { createRequire } from "node:module";
import type SharpModule from "sharp";

export type Sharp = typeof SharpModule;

const require = createRequire(import.meta.url);
let library: Sharp | null = null;

export const sharpLibrary = (): Sharp => (library ??= require("sharp") as Sharp);
