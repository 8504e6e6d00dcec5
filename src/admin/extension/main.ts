// The admin's extension, run in the browser after Decap CMS's bundle: it reads config.yml (made
// from the content's schemas), registers the formats that keep the files' bytes and the widgets
// of the content format, and starts the CMS with that config. After each save it shows what the
// edit server's rebuild said (build-notice.ts).
import { parse } from "yaml";
import { fromFile, shapeOf, toFile, type Shape } from "../keep-layout.js";
import { showStatus, statusAfter, readStatus } from "./build-notice.js";
import { decap, type ImmutableMap } from "./decap.js";
import { registerFocalPointWidget } from "./focal-point-widget.js";
import { registerHtmlWidget } from "./html-widget.js";
import { registerImageFileWidget } from "./image-file-widget.js";
import { forgetNextIds, registerNextIdWidget } from "./next-id-widget.js";
import { clearFieldErrors, watchRefusedSaves } from "./refused-save.js";

interface Collection {
  name: string;
  format?: string;
  extension?: string;
  fields?: Array<Record<string, unknown>>;
  files?: Array<{ fields?: Array<Record<string, unknown>> }>;
}

/** A file the format could not read: kept as it is, and saving it refused (an empty form must not overwrite it). */
const UNREADABLE = "__build_catalogue_unreadable";

function registerFormat(collection: Collection): void {
  const fields = (collection.fields ?? collection.files?.[0]?.fields ?? []) as Parameters<typeof shapeOf>[0];
  const wrapped = fields.length === 1 && fields[0]!.name === "items" && fields[0]!.widget === "list";
  const format = collection.extension === "json" ? "json" : "yaml";
  const shape: Shape = shapeOf(fields);
  decap().CMS.registerCustomFormat(collection.format!, collection.extension ?? format, {
    fromFile(text: string) {
      try {
        return fromFile(text, format, wrapped);
      } catch (e) {
        return { [UNREADABLE]: (e as Error).message };
      }
    },
    toFile(data: unknown) {
      const unreadable = (data as Record<string, unknown>)[UNREADABLE];
      if (unreadable !== undefined) throw new Error(`This file could not be read (${String(unreadable)}); correct it in a text editor, then edit it here.`);
      return toFile(data as Record<string, unknown>, format, wrapped, shape);
    },
  });
}

function watchSaves(): void {
  const { CMS } = decap();
  let before = 0;
  CMS.registerEventListener({
    name: "preSave",
    handler: async () => {
      clearFieldErrors();
      before = (await readStatus())?.build ?? 0;
      return undefined;
    },
  });
  CMS.registerEventListener({
    name: "postSave",
    handler: async ({ entry }: { entry: ImmutableMap }) => {
      forgetNextIds();
      const path = String(entry.get("path") ?? "") || null;
      const status = await statusAfter(before);
      if (status) showStatus(status, path);
      return undefined;
    },
  });
}

async function start(): Promise<void> {
  const response = await fetch("config.yml", { cache: "no-store" });
  if (!response.ok) throw new Error(`config.yml: ${response.status} ${response.statusText}`);
  const config = parse(await response.text(), { maxAliasCount: 0 }) as { collections?: Collection[] } & Record<string, unknown>;
  for (const collection of config.collections ?? []) if (collection.format?.startsWith("build-catalogue:")) registerFormat(collection);
  registerHtmlWidget();
  registerNextIdWidget();
  registerImageFileWidget();
  registerFocalPointWidget();
  watchSaves();
  watchRefusedSaves();
  decap().CMS.init({ config: { ...config, load_config_file: false } });
  // Problems already in the content when the admin opens.
  const status = await readStatus();
  if (status && status.diagnostics.some((d) => d.severity === "error")) showStatus(status, null);
}

start().catch((e: Error) => {
  document.body.insertAdjacentHTML("afterbegin", `<p role="alert" style="font:16px system-ui;padding:24px;color:#a10019"></p>`);
  document.body.querySelector("p[role=alert]")!.textContent = `The admin could not start: ${e.message}`;
});
