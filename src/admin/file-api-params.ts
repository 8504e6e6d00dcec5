// The params of each action of Decap CMS's proxy protocol that `edit` answers, as zod schemas: what
// decap-server 3.11 held a request to before it ran it (its joi schema: required strings are not
// empty, other keys are let through), so a request that does not fit is refused (422) before any
// file is touched. The paths' own checks are the guard's (proxy-guard.ts).
import { z } from "zod";

const text = z.string().min(1, { error: "must not be empty" });
const branch = { branch: text };
const asset = z.object({ path: text, content: text, encoding: z.literal("base64", { error: 'must be "base64"' }) });
const dataFile = z.object({ slug: text, path: text, raw: text, newPath: text.optional() });
const commit = z.object({ commitMessage: text });

export const ACTION_PARAMS = {
  info: z.unknown(),
  entriesByFolder: z.object({ ...branch, folder: text, extension: text, depth: z.number() }),
  // A request names each file once: Decap asks for a file's entry once, and a repeated one only makes the answer larger.
  entriesByFiles: z.object({
    ...branch,
    files: z.array(z.object({ path: text, label: z.string().optional() })).refine((files) => new Set(files.map((f) => f.path)).size === files.length, { error: "names a file more than once" }),
  }),
  getEntry: z.object({ ...branch, path: text }),
  persistEntry: z
    .object({
      ...branch,
      cmsLabelPrefix: z.string().optional(),
      entry: dataFile.optional(),
      dataFiles: z.array(dataFile).optional(),
      assets: z.array(asset),
      options: z.object({ collectionName: z.string().optional(), commitMessage: text, useWorkflow: z.boolean(), status: text }),
    })
    .refine((p) => (p.entry === undefined) !== (p.dataFiles === undefined), { error: 'must have either "entry" or "dataFiles", not both' }),
  getMedia: z.object({ ...branch, mediaFolder: text }),
  getMediaFile: z.object({ ...branch, path: text }),
  persistMedia: z.object({ ...branch, asset, options: commit }),
  deleteFile: z.object({ ...branch, path: text, options: commit }),
  deleteFiles: z.object({ ...branch, paths: z.array(text).min(1, { error: "must name a file at least" }), options: commit }),
  getDeployPreview: z.object({ ...branch, collection: text, slug: text }),
} as const;

export type FileAction = keyof typeof ACTION_PARAMS;
export type ParamsOf<A extends FileAction> = z.infer<(typeof ACTION_PARAMS)[A]>;

/** The action's params, or why they do not fit the protocol (`params.options.status: must not be empty`). */
export function actionParams<A extends FileAction>(action: A, params: unknown): { ok: true; params: ParamsOf<A> } | { ok: false; error: string } {
  const parsed = ACTION_PARAMS[action].safeParse(params);
  if (parsed.success) return { ok: true, params: parsed.data as ParamsOf<A> };
  const issue = parsed.error.issues[0]!;
  const at = ["params", ...issue.path.map(String)].join(".");
  const why = issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
  return { ok: false, error: `${action}: ${at} ${why}` };
}
