// Records what decap-server 3.11's local file-system middleware (the server of Decap's proxy
// backend, as `edit` ran it through src/admin/decap-proxy.ts) answers to each action the admin
// allows, over a small content folder: test/fixtures/decap-server-3.11/ keeps the folder, the
// requests in order, the answers, and the files each writing action left. Run once, with
// decap-server installed, before the project's own file API replaced it; the test
// (test/unit/file-api.test.ts) holds that API to these answers.
//   npm run build && node scripts/record-decap-server.mjs
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadDecapProxy } from "../lib/admin/decap-proxy.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "test/fixtures/decap-server-3.11");
// Two small PNGs (1x1, red and blue), made once with sharp.
const RED = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWP4z8AAAAMBAQCc479ZAAAAAElFTkSuQmCC", "base64");
const BLUE = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNgYPgPAAEDAQBdlO9aAAAAAElFTkSuQmCC", "base64");

const content = path.join(out, "content");
rmSync(out, { recursive: true, force: true });
cpSync(path.join(root, "test/fixtures/good/spec-example/content"), content, { recursive: true });
mkdirSync(path.join(content, "images"));
writeFileSync(path.join(content, "images/red.png"), RED);
writeFileSync(path.join(content, "images/blue.png"), BLUE);

const work = mkdtempSync(path.join(os.tmpdir(), "record-decap-"));
const folder = path.join(work, "content");
cpSync(content, folder, { recursive: true });
const proxy = loadDecapProxy(realpathSync(folder));

const b = "main";
const newEvent = `${JSON.stringify({ id: 999, title: "Recorded" }, null, 2)}\n`;
const steps = [
  { action: "info", params: { branch: b } },
  { action: "entriesByFolder", params: { branch: b, folder: "events", extension: "json", depth: 1 } },
  { action: "entriesByFiles", params: { branch: b, files: [{ path: "catalogue.json", label: "Catalogue" }, { path: "venues.json" }, { path: "events/the-seagull.json" }] } },
  { action: "getEntry", params: { branch: b, path: "events/jazz-on-the-river.json" } },
  { action: "getEntry", params: { branch: b, path: "genres.json" } },
  { action: "entriesByFiles", params: { branch: b, files: [{ path: "genres.json", label: "Genres" }] } },
  { action: "getMedia", params: { branch: b, mediaFolder: "images" } },
  { action: "getMediaFile", params: { branch: b, path: "images/red.png" } },
  { action: "persistEntry", params: { branch: b, dataFiles: [{ slug: "recorded", path: "events/recorded.json", raw: newEvent }], assets: [], options: { commitMessage: "Create Events “recorded”", useWorkflow: false, status: "draft" } }, writes: ["events/recorded.json"] },
  { action: "persistEntry", params: { branch: b, entry: { slug: "recorded", path: "events/recorded.json", raw: newEvent.replace("Recorded", "Recorded again") }, assets: [{ path: "images/green.png", content: RED.toString("base64"), encoding: "base64" }], options: { commitMessage: "Update", useWorkflow: false, status: "draft" } }, writes: ["events/recorded.json", "images/green.png"] },
  { action: "persistMedia", params: { branch: b, asset: { path: "images/new.png", content: BLUE.toString("base64"), encoding: "base64" }, options: { commitMessage: "Upload “images/new.png”" } }, writes: ["images/new.png"] },
  { action: "entriesByFolder", params: { branch: b, folder: "events", extension: "json", depth: 1 } },
  { action: "getMedia", params: { branch: b, mediaFolder: "images" } },
  { action: "deleteFile", params: { branch: b, path: "images/new.png", options: { commitMessage: "Delete “images/new.png”" } }, writes: ["images/new.png"] },
  { action: "deleteFiles", params: { branch: b, paths: ["events/recorded.json", "images/green.png"], options: { commitMessage: "Delete" } }, writes: ["events/recorded.json", "images/green.png"] },
  { action: "deleteFile", params: { branch: b, path: "images/never-there.png", options: { commitMessage: "Delete" } }, writes: ["images/never-there.png"] },
  { action: "getDeployPreview", params: { branch: b, collection: "events", slug: "the-seagull" } },
  // Requests that do not fit the protocol: refused (422), writing nothing.
  { action: "persistEntry", params: { branch: b, dataFiles: [{ slug: "x", path: "events/x.json", raw: "{}" }], assets: [], options: { commitMessage: "x", useWorkflow: false, status: "" } }, writes: ["events/x.json"] },
  { action: "entriesByFolder", params: { branch: b, folder: "events", depth: 1 } },
  { action: "getEntry", params: { path: "events/the-seagull.json" } },
  { action: "getMediaFile", params: { branch: b, path: 7 } },
];

/** A listing's entries in path order: decap-server gives the file system's order, which no two machines share. */
const sorted = (body) => (Array.isArray(body) ? [...body].sort((x, y) => String(x.file?.path ?? x.path).localeCompare(String(y.file?.path ?? y.path))) : body);

const recorded = [];
for (const step of steps) {
  const request = { action: step.action, params: step.params };
  const answer = await proxy.run(structuredClone(request));
  const files = step.writes
    ? Object.fromEntries(step.writes.map((rel) => [rel, existsSync(path.join(folder, rel)) ? readFileSync(path.join(folder, rel)).toString("base64") : null]))
    : undefined;
  recorded.push({ request, status: answer.status, body: sorted(answer.body), ...(files ? { files } : {}) });
}
writeFileSync(path.join(out, "answers.json"), `${JSON.stringify({ server: "decap-server 3.11.3 (dist/middlewares.js, registerLocalFs)", recorded }, null, 2)}\n`);
rmSync(work, { recursive: true, force: true });
console.log(`Recorded ${recorded.length} answers into ${path.relative(root, out)}/answers.json (${readdirSync(content).length} entries in content/)`);
