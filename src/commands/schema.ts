// `schema`: the content files' JSON Schemas, for editors, written into --out.
import { Command, Option } from "commander";
import { BuildFailed } from "../errors.js";
import { plural } from "../model/diagnostics.js";
import { writeContentSchemas } from "../write-schemas.js";
import type { CommandContext } from "./common.js";

export function schemaCommand({ io, setCode }: CommandContext): Command {
  return new Command("schema")
    .description("write the JSON Schemas of the content files (for editors: completion and checks while typing) into --out")
    .addOption(new Option("--out <dir>", "folder to write the *.schema.json files into").default("schemas"))
    .action(async (flags: { out: string }) => {
      const written = await writeContentSchemas(flags.out).catch((e: NodeJS.ErrnoException) => {
        throw new BuildFailed(`could not write ${flags.out}/: ${e.code ? `${e.code} ` : ""}${e.message}; check that the folder is writable.`);
      });
      io.out(`Wrote ${plural(written.files.length, "JSON Schema")} into ${flags.out.replace(/\/+$/, "")}/: ${written.files.join(", ")}`);
      setCode(0);
    });
}
