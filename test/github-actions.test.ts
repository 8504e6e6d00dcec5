// examples/github-actions.yml (what init writes by default: Cloudflare, hourly): parsed and
// validated by GitHub's own workflow parser, with the three triggers; every build-catalogue command
// in it runs; the schedule's clock step decides right; the workflow `init` writes into a new site
// is this one, valid, and its commands run on the starter.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow, type WorkflowTemplate } from "@actions/workflow-parser";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, copyContent, FIXTURES, removeDir, ROOT, runCli, tempDir } from "./helpers/cli.js";

const FILE = path.join(ROOT, "examples/github-actions.yml");
const TEXT = readFileSync(FILE, "utf8");
type Step = { id?: string; run?: string; uses?: string };
type Job = { if?: string; steps: Step[]; needs?: string };
const RAW = parse(TEXT) as { on: Record<string, unknown>; jobs: Record<string, Job> };

let root: string;
beforeAll(() => {
  root = tempDir("bc-actions-");
});
afterAll(() => removeDir(root));

describe("the workflow, read by GitHub's workflow parser", () => {
  let template: WorkflowTemplate;
  let parsed: ReturnType<typeof parseWorkflow>;
  beforeAll(async () => {
    parsed = parseWorkflow({ name: "github-actions.yml", content: TEXT }, new NoOperationTraceWriter());
    template = await convertWorkflowTemplate(parsed.context, parsed.value!);
  });

  it("is valid (parsing and converting, cron expressions and expressions included)", () => {
    expect(parsed.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    expect(template.errors ?? []).toEqual([]);
  });

  it("the parser does refuse a broken workflow (the control)", async () => {
    const misspelt = parseWorkflow({ name: "broken.yml", content: TEXT.replace("runs-on: ubuntu-latest", "runs_on: ubuntu-latest") }, new NoOperationTraceWriter());
    expect(misspelt.context.errors.getErrors().map((e) => e.message).join("\n")).toMatch(/Unexpected value 'runs_on'/);
    const badCron = parseWorkflow({ name: "broken.yml", content: TEXT.replace('cron: "17 * * * *"', 'cron: "every hour"') }, new NoOperationTraceWriter());
    await convertWorkflowTemplate(badCron.context, badCron.value!);
    expect(badCron.context.errors.getErrors().map((e) => e.message).join("\n")).toMatch(/cron/i);
  });

  it("runs on pull requests, on pushes to main and on a schedule", () => {
    const events = template.events as Record<string, unknown>;
    expect(Object.keys(events)).toEqual(expect.arrayContaining(["pull_request", "push", "schedule"]));
    expect(events.push).toEqual({ branches: ["main"] });
    expect(events.schedule).toEqual([{ cron: "17 * * * *" }]);
    expect(template.jobs.map((j) => j.id.value)).toEqual(["check", "changed", "deploy"]);
  });
});

it("checks on pull requests, and builds then deploys dist/ otherwise", () => {
  const runs = (job: string) => RAW.jobs[job]!.steps.map((s) => s.run ?? "").join("\n");
  expect(RAW.jobs.check!.if).toBe("github.event_name == 'pull_request'");
  expect(runs("check")).toContain("npx build-catalogue check");
  expect(runs("deploy")).toMatch(/npx build-catalogue build[^\n]*\n[\s\S]*pages deploy dist/);
  expect(RAW.jobs.deploy!.needs).toBe("changed");
});

it("every build-catalogue command in it runs on a real catalogue", () => {
  const dir = path.join(root, "commands");
  copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
  const commands = TEXT.split("\n")
    .map((l) => l.match(/npx build-catalogue (.*?)\)?"?$/)?.[1])
    .filter((c): c is string => c !== undefined);
  expect(commands.length).toBe(3);
  for (const command of commands) {
    const args = command.replace('"$SINCE"', "2026-05-01T00:00:00Z").split(" ");
    const run = runCli(args, { cwd: dir });
    expect(run.code, `${command}: ${run.output}`).toBe(0);
  }
});

describe("the schedule's clock step", () => {
  const script = RAW.jobs.changed!.steps.find((s) => s.id === "clock")!.run!;
  /** Runs the step as the runner would, `npx build-catalogue` being this build; returns its outputs. */
  function runStep(name: string, startsInMinutes: number): string {
    const dir = path.join(root, name);
    copyContent(path.join(FIXTURES, "good/spec-example/content"), dir);
    const start = new Date(Date.now() + startsInMinutes * 60_000).toISOString().replace(/\.\d+Z$/, "Z");
    const file = path.join(dir, "content/events/jazz-on-the-river.json");
    const page = JSON.parse(readFileSync(file, "utf8"));
    page.performances[1].datetime = start;
    writeFileSync(file, JSON.stringify(page));
    const bin = path.join(dir, "bin");
    mkdirSync(bin);
    writeFileSync(path.join(bin, "npx"), `#!/bin/sh\n[ "$1" = build-catalogue ] && shift && exec "${process.execPath}" "${BIN}" "$@"\nexit 127\n`);
    chmodSync(path.join(bin, "npx"), 0o755);
    const output = path.join(dir, "github-output");
    writeFileSync(output, "");
    const r = spawnSync("bash", ["-e", "-c", script], {
      cwd: dir, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: output },
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    return readFileSync(output, "utf8");
  }

  it("rebuilds when a performance started within the look-back", () => {
    expect(runStep("started-10-minutes-ago", -10)).toBe("rebuild=true\n");
  });

  it("does not when the next start is still to come, or none is", () => {
    expect(runStep("starts-tomorrow", 24 * 60)).toBe("rebuild=false\n");
    expect(runStep("started-a-day-ago", -24 * 60)).toBe("rebuild=false\n");
  });
});

describe("the workflow init writes into a new site", () => {
  let site: string;
  let text: string;
  beforeAll(() => {
    site = path.join(root, "init-site");
    mkdirSync(site);
    const run = runCli(["init"], { cwd: site });
    expect(run.code, run.output).toBe(0);
    text = readFileSync(path.join(site, ".github/workflows/events-catalogue.yml"), "utf8");
  });

  it("is this example, where GitHub reads workflows, and GitHub's parser finds no error in it", async () => {
    expect(text).toBe(TEXT);
    const written = parseWorkflow({ name: "events-catalogue.yml", content: text }, new NoOperationTraceWriter());
    const converted = await convertWorkflowTemplate(written.context, written.value!);
    expect(written.context.errors.getErrors().map((e) => e.message)).toEqual([]);
    expect(converted.errors ?? []).toEqual([]);
    expect(converted.jobs.map((j) => j.id.value)).toEqual(["check", "changed", "deploy"]);
  });

  it("its build-catalogue commands run on the starter content without a warning", () => {
    const commands = text.split("\n").map((l) => l.match(/npx build-catalogue (.*?)\)?"?$/)?.[1]).filter((c): c is string => c !== undefined);
    expect(commands.length).toBe(3);
    for (const command of commands) {
      const args = command.replace('"$SINCE"', new Date().toISOString().replace(/\.\d+Z$/, "Z")).split(" ");
      const run = runCli(args, { cwd: site });
      expect(run.code, `${command}: ${run.output}`).toBe(0);
      expect(run.output, command).not.toMatch(/warning/i);
    }
  });
});
