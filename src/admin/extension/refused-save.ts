// A save the edit server refused before writing anything (409: it would add an error to the
// build, admin/save-check.ts): each problem of the saved file is shown under its field, as
// Decap shows its own checks, and every problem in the panel. Decap's proxy backend reads the
// refusal's message alone; the problems come with it in the same answer, read here on the way.
import { showRefusal, type Problem } from "./build-notice.js";

const MARK = "build-catalogue-field-error";

/** Watches the file API's answers for a refused save; `formKey` turns a file's key path into its field's in the form. */
export function watchRefusedSaves(formKey: (file: string, key: string) => string = (_file, key) => key): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await original(input, init);
    if (response.status === 409 && String(input instanceof Request ? input.url : input).endsWith("/api/v1")) {
      const body = (await response.clone().json().catch(() => null)) as { problems?: Omit<Problem, "severity">[] } | null;
      if (Array.isArray(body?.problems)) {
        const saved = savedPath(init?.body);
        const problems = body.problems.map((p) => ({ ...p, severity: "error" as const }));
        clearFieldErrors();
        for (const p of problems) if (p.file === saved) markField(formKey(p.file, p.key), p.message);
        showRefusal(problems, saved);
      }
    }
    return response;
  };
}

/** The path of the entry a persistEntry request saves. */
function savedPath(body: unknown): string | null {
  if (typeof body !== "string") return null;
  try {
    const request = JSON.parse(body) as { params?: { entry?: { path?: string }; dataFiles?: { path?: string }[] } };
    return request.params?.entry?.path ?? request.params?.dataFiles?.[0]?.path ?? null;
  } catch {
    return null;
  }
}

export function clearFieldErrors(): void {
  for (const mark of document.querySelectorAll(`.${MARK}`)) mark.remove();
}

/**
 * The control of a key path (`performances.0.ticketing_code`): Decap names each control's element
 * `<key>-field-<n>`; each named key narrows the search to its own field's container, and an
 * index picks that item's control among its list's.
 */
function controlOf(key: string): Element | null {
  let scope: ParentNode = document;
  let index = 0;
  let found: Element | null = null;
  for (const part of key.split(".")) {
    if (/^\d+$/.test(part)) {
      index = Number(part);
      continue;
    }
    // The key's own controls, not those of a field of the same name nested deeper (a performance's id inside the page's).
    const all = [...scope.querySelectorAll(`[id^="${CSS.escape(part)}-field-"]`)];
    const least = Math.min(...all.map(depthOf));
    const matches = all.filter((m) => depthOf(m) === least);
    found = matches[index] ?? matches[0] ?? found;
    index = 0;
    if (!found) return null;
    scope = containerOf(found);
  }
  return found;
}

/** How many fields' controls hold this one. */
function depthOf(control: Element): number {
  let depth = 0;
  for (let at = control.parentElement; at; at = at.parentElement) if (/-field-\d+$/.test(at.id)) depth++;
  return depth;
}

/** The element holding a control with its label (Decap's control container). */
function containerOf(control: Element): ParentNode {
  let at: Element | null = control;
  while (at && !at.querySelector(`label[for="${CSS.escape(control.id)}"]`)) at = at.parentElement;
  return at ?? document;
}

export function markField(key: string, message: string): void {
  const control = controlOf(key);
  if (!control) return;
  const note = document.createElement("p");
  note.className = MARK;
  note.setAttribute("role", "alert");
  note.dataset.key = key;
  note.textContent = message;
  Object.assign(note.style, { color: "#a10019", font: "600 13px/1.4 system-ui, sans-serif", margin: "6px 0 0" });
  control.insertAdjacentElement("afterend", note);
  unfold(control);
}

/** Opens each folded box (an object field Decap shows collapsed, as Advanced is) that hides the control: its top bar's toggle is the button before it. */
function unfold(control: Element): void {
  for (let at = control.parentElement; at; at = at.parentElement) {
    if (getComputedStyle(at).display !== "none") continue;
    const toggle = at.previousElementSibling?.querySelector("button");
    if (toggle instanceof HTMLElement) toggle.click();
  }
}
