// Writes the YAML twin of a content folder: every .json file as .yaml (the yaml package's
// stringify), other files as they are; to show YAML sources build and fail exactly as JSON does.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stringify } from "yaml";

/** `only` picks which .json files (relative to `from`, forward slashes) become YAML; default all. */
export function writeYamlTwin(from: string, to: string, only: (relative: string) => boolean = () => true): void {
  const walk = (dir: string, rel: string) => {
    mkdirSync(path.join(to, rel), { recursive: true });
    for (const name of readdirSync(dir)) {
      const source = path.join(dir, name);
      const relative = rel ? `${rel}/${name}` : name;
      if (statSync(source).isDirectory()) walk(source, relative);
      else if (name.endsWith(".json") && only(relative)) {
        const text = readFileSync(source, "utf8");
        writeFileSync(path.join(to, relative.replace(/\.json$/, ".yaml")), stringify(JSON.parse(text.replace(/^\uFEFF/, ""))));
      } else copyFileSync(source, path.join(to, relative));
    }
  };
  walk(from, "");
}
