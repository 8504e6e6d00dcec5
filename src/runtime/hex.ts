// Bytes as lowercase hexadecimal, two digits a byte. Runtime-neutral (no Node imports): the build's
// block ids, the browser's SHA-1 in the admin and the hosts' sign-in share it.

export const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
