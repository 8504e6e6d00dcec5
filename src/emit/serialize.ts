// The serializer lives with the runtime-neutral code (src/runtime/), below every stage; the build
// also needs the bytes as a Buffer.
import { serialize } from "../runtime/serialize.js";

export { serialize };

export function serializeToBuffer(value: unknown): Buffer {
  return Buffer.from(serialize(value), "utf8");
}
