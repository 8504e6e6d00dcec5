// After a save, the edit server rebuilds the preview's API; this shows what that build said where
// the editor looks: a panel with each problem (file, key and message, as the terminal words them),
// the saved file's own first, or that the API now serves the change. A deployed admin has no such
// server (the status answers 404): nothing is shown, and the pull request's check says it instead.
const STATUS = "../api/admin/status";

export interface Problem { severity: "error" | "warning"; file: string; key: string; message: string }
export interface BuildStatus { build: number; building: boolean; ok: boolean; diagnostics: Problem[]; summary: string }

export async function readStatus(): Promise<BuildStatus | null> {
  try {
    const r = await fetch(STATUS, { headers: { Accept: "application/json" }, cache: "no-store" });
    return r.ok ? ((await r.json()) as BuildStatus) : null;
  } catch {
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The status of the build that follows build number `before`: waits for it (a save reaches the
 * server's watcher within a moment), or, when no build starts within `quietMs` (a save that
 * changed no byte), the status as it is.
 */
export async function statusAfter(before: number, quietMs = 3000, limitMs = 120_000): Promise<BuildStatus | null> {
  const started = Date.now();
  for (;;) {
    const status = await readStatus();
    if (!status) return null;
    if (status.build > before && !status.building) return status;
    const waited = Date.now() - started;
    if ((!status.building && status.build === before && waited > quietMs) || waited > limitMs) return status;
    await pause(250);
  }
}

const PANEL_ID = "build-catalogue-notice";

/** Shows the status in the panel (made on first use), the problems of `savedPath` first. */
export function showStatus(status: BuildStatus, savedPath: string | null): void {
  const errors = status.diagnostics.filter((d) => d.severity === "error");
  const title = status.ok
    ? `Built: the preview API serves this version. ${status.summary}`
    : `Not built: ${errors.length} error${errors.length === 1 ? "" : "s"} in the content. The preview API still serves the last good build.`;
  showPanel(title, status.ok, status.diagnostics, savedPath);
}

/** Shows a save the server refused: nothing was written, and why. */
export function showRefusal(problems: Problem[], savedPath: string | null): void {
  const count = problems.length === 1 ? "an error" : `${problems.length} errors`;
  showPanel(`Not saved: this change would add ${count} to the build. Nothing was written; correct it and save again.`, false, problems, savedPath);
}

function showPanel(text: string, ok: boolean, problems: Problem[], savedPath: string | null): void {
  let panel = document.getElementById(PANEL_ID);
  if (!panel) {
    panel = document.createElement("section");
    panel.id = PANEL_ID;
    panel.setAttribute("role", "status");
    panel.setAttribute("aria-live", "polite");
    Object.assign(panel.style, {
      position: "fixed", right: "16px", bottom: "16px", zIndex: "10000", maxWidth: "560px", maxHeight: "45vh", overflow: "auto",
      background: "#fff", border: "1px solid #dfdfe3", borderRadius: "6px", boxShadow: "0 4px 16px rgba(0,0,0,.2)",
      font: "14px/1.45 system-ui, sans-serif", color: "#313d3e", padding: "12px 16px",
    });
    document.body.append(panel);
  }
  const ordered = [...problems].sort((a, b) => Number(b.file === savedPath) - Number(a.file === savedPath) || Number(b.severity === "error") - Number(a.severity === "error"));
  panel.dataset.ok = String(ok);
  panel.replaceChildren();
  const title = document.createElement("strong");
  title.textContent = text;
  title.style.color = ok ? "#005614" : "#a10019";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "Close";
  close.style.float = "right";
  close.addEventListener("click", () => panel!.remove());
  panel.append(close, title);
  if (ordered.length > 0) {
    const list = document.createElement("ul");
    list.style.margin = "8px 0 0";
    list.style.paddingLeft = "18px";
    for (const d of ordered.slice(0, 50)) {
      const item = document.createElement("li");
      item.dataset.file = d.file;
      item.dataset.severity = d.severity;
      const where = d.key ? `${d.file} \u203a ${d.key}` : d.file;
      item.textContent = `${d.severity}: ${where}: ${d.message}`;
      if (d.severity === "error") item.style.color = "#a10019";
      list.append(item);
    }
    if (ordered.length > 50) list.append(Object.assign(document.createElement("li"), { textContent: `... and ${ordered.length - 50} more (the terminal lists them all)` }));
    panel.append(list);
  }
}
