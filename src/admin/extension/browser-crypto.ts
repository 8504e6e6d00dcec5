// node:crypto's createHash("sha1") for the admin's bundle, which runs the build's own code in the
// browser (the preview's block ids and rendition names): SHA-1 from @noble/hashes, bundled in at
// build time (scripts/bundle.mjs maps node:crypto here for the admin alone).
import { sha1 } from "@noble/hashes/legacy.js";
import { hexOf } from "../../runtime/hex.js";

const encoder = new TextEncoder();

/** What the build uses of node:crypto's Hash. */
interface Hash {
  update(data: string | Uint8Array, encoding?: "utf8"): Hash;
  digest(): Uint8Array;
  digest(encoding: "hex"): string;
}

export function createHash(algorithm: string): Hash {
  if (algorithm !== "sha1") throw new Error(`createHash: only sha1 is bundled for the browser, not ${algorithm}`);
  const state = sha1.create();
  const hash: Hash = {
    update(data: string | Uint8Array) {
      state.update(typeof data === "string" ? encoder.encode(data) : data);
      return hash;
    },
    digest: ((encoding?: "hex") => {
      const bytes = state.digest();
      return encoding === "hex" ? hexOf(bytes) : bytes;
    }) as Hash["digest"],
  };
  return hash;
}
