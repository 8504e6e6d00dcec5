// `help [command]` and `--help`: commander prints each command's help itself (its `help` command is
// its own, added to any command with subcommands); this module holds what it cannot know: the
// examples and exit statuses after the program's help, and the check of a command's name.
import { UsageError } from "../errors.js";

export const PROGRAM_HELP_AFTER = `
Examples:
  build-catalogue                                   build content/ into dist/ (the same as "build")
  build-catalogue build --out public --host netlify write Netlify's rule files too
  build-catalogue check --now 2026-05-01T00:00Z     validate only, writing nothing
  build-catalogue check --format json               print the problems as JSON, for tools
  build-catalogue schema                            write the content files' JSON Schemas into schemas/
  build-catalogue preview --port 8000               serve a preview on 127.0.0.1 that rebuilds on change
  build-catalogue preview --cors http://localhost:5173  let a front end on another port fetch the preview
  build-catalogue edit                              edit content/ in the browser (Decap CMS) at 127.0.0.1:8000/admin/
  build-catalogue init                              start a new site here: content/, .gitignore, CI workflow
  build-catalogue init --host netlify               after import: add the workflow (deploying to Netlify), .gitignore, $schema
  build-catalogue new event hamlet-2027             start content/events/hamlet-2027.json from a template
  build-catalogue new genres                        write content/genres.json with the 13 default genres, to edit
  build-catalogue check --next-change               print when the catalogue next changes (for schedulers)
  build-catalogue import https://api.example.org    read a live Wagtail API v2 into content/, then prove the rebuild identical
  build-catalogue admin --repo example-arts/events  write admin/: Decap CMS editing content/ on GitHub, to deploy

Exit status: 0 built, 1 content errors or a failed build (the output folder is left as it was),
2 usage errors. Run "build-catalogue help <command>" (or "<command> --help") for a command's options.`;

/**
 * Refuses an unknown command, and `help` of one, as a usage error. `build` is the default command,
 * so commander would read an unknown command as an argument; and it adds `help [command]` itself,
 * outside program.commands.
 */
export function checkCommandName(argv: readonly string[], commands: readonly string[]): void {
  const first = argv[0];
  const known = (word: string) => commands.includes(word) || word === "help";
  if (first !== undefined && !first.startsWith("-") && !known(first)) {
    throw new UsageError(`unknown command "${first}"; the commands are ${commands.join(", ")}, help (run build-catalogue --help)`);
  }
  if (first === "help" && argv[1] !== undefined && !commands.includes(argv[1])) {
    throw new UsageError(`help: unknown command "${argv[1]}"; the commands are ${commands.join(", ")} (run build-catalogue help <command>)`);
  }
}
