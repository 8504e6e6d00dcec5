// `new event <slug>`, `new genres`, `new accessibility`: a new content file from a template.
import { Command, Option } from "commander";
import { DEFAULTED_LISTS } from "../content/lists.js";
import { contentOption, type CommandContext } from "./common.js";

export function newCommand(context: CommandContext): Command {
  const create = new Command("new").description("start a new content file from a template: new event <slug>, new genres, new accessibility");
  create.addCommand(newEventCommand(context));
  for (const list of ["genres", "accessibility"] as const) create.addCommand(newListCommand(list, context));
  return create;
}

function newEventCommand({ io, setCode }: CommandContext): Command {
  return new Command("event")
    .argument("<slug>")
    .description("write events/<slug>.json with the next free page id and placeholders the build refuses until an editor fills them in")
    .addOption(contentOption())
    .addOption(new Option("--yaml", "write events/<slug>.yaml instead of .json"))
    .action(async (slug: string, flags: { content: string; yaml?: boolean }) => {
      // Each command loads what only it needs (the yaml library, the server) when it runs.
      const { newEvent } = await import("../scaffold/new-event.js");
      const made = await newEvent({ slug, content: flags.content, yaml: flags.yaml });
      io.out(
        `Wrote ${made.file}: event page ${made.id}, with placeholders to fill in at ${made.placeholders.join(", ")}. ` +
          `Replace each "TODO: ..." value, then run build-catalogue check${flags.content === "content" ? "" : ` --content ${flags.content}`}.`,
      );
      for (const note of made.notes) io.out(note);
      setCode(0);
    });
}

function newListCommand(list: "genres" | "accessibility", { io, setCode }: CommandContext): Command {
  return new Command(list)
    .description(`write ${list}.json with the default ${DEFAULTED_LISTS[list].plural}, to edit: a ${list}.json replaces the defaults (it does not add to them); refused when the file exists`)
    .addOption(contentOption())
    .addOption(new Option("--yaml", `write ${list}.yaml instead of .json`))
    .action(async (flags: { content: string; yaml?: boolean }) => {
      const { newList } = await import("../scaffold/new-list.js");
      const made = await newList({ list, content: flags.content, yaml: flags.yaml });
      const { aNoun, plural: nouns } = DEFAULTED_LISTS[list];
      io.out(
        `Wrote ${made.file}: the ${made.items.length} default ${nouns} (${made.items.map((i) => `${i.id} = ${i.name}`).join(", ")}). ` +
          `It is now the site's list, in place of the defaults: add, rename or remove ${nouns} in it (each {"id", "name"}; keep the ids the event pages use), ` +
          `and give an event page ${aNoun} by its id.`,
      );
      setCode(0);
    });
}
