// The GitHub Actions workflow `init` writes (.github/workflows/events-catalogue.yml): check on pull
// requests, build and deploy on pushes to main, and on a schedule rebuild when an is_past or in_past
// has changed. The deploy steps are the host's recipe (deploy-recipes.ts); the schedule is one of
// SCHEDULES, each with its cost and how late is_past may turn true (docs/getting-started.md).
// examples/github-actions.yml is this text for the defaults (a test holds it so).
import { DEFAULT_INIT_HOST, DEPLOY_RECIPES, type InitHost } from "./deploy-recipes.js";

export const SCHEDULE_NAMES = ["hourly", "15min", "none"] as const;
export type ScheduleName = (typeof SCHEDULE_NAMES)[number];
/** Hourly: about 720 runs a month, within a private repository's 2,000 free minutes (docs/getting-started.md). */
export const DEFAULT_SCHEDULE: ScheduleName = "hourly";

/** The Node the workflow runs: the current LTS. */
export const WORKFLOW_NODE = 26;

interface Schedule {
  /** The cron expression (UTC). */
  cron: string;
  /** How the header comment says it. */
  said: string;
  /** Scheduled runs in a 30-day month. */
  runsPerMonth: number;
  /**
   * Each run rebuilds when a performance started within this many minutes: the interval, plus an
   * hour for GitHub starting a scheduled run late (or dropping one); rebuilding twice gives the
   * same bytes.
   */
  lookBackMinutes: number;
}

export const SCHEDULES: Record<Exclude<ScheduleName, "none">, Schedule> = {
  // Minute 17, not 0: GitHub's own advice, the top of the hour being when scheduled runs start late most.
  hourly: { cron: "17 * * * *", said: "every hour (at minute 17)", runsPerMonth: 720, lookBackMinutes: 120 },
  "15min": { cron: "*/15 * * * *", said: "every 15 minutes", runsPerMonth: 2880, lookBackMinutes: 75 },
};

export interface WorkflowOptions {
  host?: InitHost;
  schedule?: ScheduleName;
}

const setupNode = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: ${WORKFLOW_NODE}
          cache: npm
      - run: npm ci
`;

/** A paragraph as comment lines of at most 100 characters; a list item's lines hang under its text. */
function wrap(paragraph: string): string[] {
  if (paragraph === "") return ["#"];
  const hang = paragraph.startsWith("- ") ? "  " : "";
  const lines: string[] = [];
  let line = "#";
  for (const word of paragraph.split(" ")) {
    if (line.length + 1 + word.length > 100 && line.trim() !== "#") {
      lines.push(line);
      line = `#${hang}`;
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

export function renderWorkflow(options: WorkflowOptions = {}): string {
  const host = options.host ?? DEFAULT_INIT_HOST;
  const scheduleName = options.schedule ?? DEFAULT_SCHEDULE;
  const recipe = DEPLOY_RECIPES[host];
  const schedule = scheduleName === "none" ? null : SCHEDULES[scheduleName];
  const header = workflowHeader(host, scheduleName, schedule);
  const changedJob = schedule ? scheduledChangeJob(schedule) : "";
  const deployHead = schedule
    ? `  deploy:
    needs: changed
    if: >-
      !cancelled() && github.event_name != 'pull_request' &&
      (github.ref == 'refs/heads/main' || github.event_name == 'schedule') &&
      (needs.changed.result == 'skipped' || needs.changed.outputs.rebuild == 'true')
`
    : `  deploy:
    if: github.event_name != 'pull_request' && github.ref == 'refs/heads/main'
`;

  return `${header.join("\n")}
name: Events catalogue

on:
  pull_request:
  push:
    branches: [main]
${schedule ? `  schedule:\n    - cron: "${schedule.cron}"\n` : ""}  workflow_dispatch:

permissions:
  contents: read

# One deploy at a time; a newer run waits for the one in progress.
concurrency:
  group: events-catalogue-\${{ github.ref }}
  cancel-in-progress: \${{ github.event_name == 'pull_request' }}

jobs:
${CHECK_JOB}${changedJob}
${deployHead}    runs-on: ubuntu-latest
    environment: production
    steps:
${setupNode}${recipe.steps}`;
}

/** The comment at the top: what runs when, what the schedule costs, and what to set for the deploy. */
function workflowHeader(host: InitHost, scheduleName: ScheduleName, schedule: Schedule | null): string[] {
  const recipe = DEPLOY_RECIPES[host];
  const names = (kind: string, list: string[]) => (list.length ? `the ${kind}${list.length > 1 ? "s" : ""} ${list.join(", ")}` : "");
  const settings = [names("secret", recipe.secrets), names("variable", recipe.variables)].filter(Boolean).join(" and ");
  return [
    `The events catalogue on GitHub Actions, as \`build-catalogue init --host ${host} --schedule ${scheduleName}\` writes it into .github/workflows/ of the site's repository (the one that holds content/ and has build-catalogue in its package.json):`,
    "",
    "- pull requests: check the content; errors and warnings show as annotations on the changed lines (build-catalogue writes them when it runs on GitHub Actions);",
    "- pushes to main: build dist/ and deploy it;",
    schedule
      ? `- ${schedule.said}: rebuild and deploy if the catalogue has changed since the last run could have (a performance has started, a page has gone live or expired). GitHub may start a scheduled run late, so each run looks back ${schedule.lookBackMinutes} minutes: a rebuild is cheap and gives the same bytes. About ${schedule.runsPerMonth.toLocaleString("en")} scheduled runs a month, a minute each, which a private repository counts against its Actions minutes (2,000 a month on GitHub Free; public repositories: free).`
      : "- no schedule: is_past and in_past change, and scheduled pages go live or expire, only when the next push (or a run started by hand: Actions, Run workflow) rebuilds.",
    "",
    `Deploy: ${recipe.title}. Set ${settings} (Settings, Secrets and variables, Actions). Another host or schedule: docs/hosts.md and docs/getting-started.md of build-catalogue.`,
  ].flatMap((p) => wrap(p));
}

const CHECK_JOB = `  check:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    steps:
${setupNode}      # Warnings are annotated but do not fail the check; add --strict to make them fail it.
      - name: Check the content
        run: npx build-catalogue check
`;

/** On the schedule, the job that says whether an is_past or in_past has changed since the last run could have built. */
function scheduledChangeJob(schedule: Schedule): string {
  return `
  # On the schedule: has a performance started since the last scheduled run could have built?
  changed:
    if: github.event_name == 'schedule'
    runs-on: ubuntu-latest
    outputs:
      rebuild: \${{ steps.clock.outputs.rebuild }}
    steps:
${setupNode}      - name: Next change after the look-back
        id: clock
        run: |
          SINCE="$(date -u -d '${schedule.lookBackMinutes} minutes ago' +%Y-%m-%dT%H:%M:%SZ)"
          NEXT="$(npx build-catalogue check --next-change --now "$SINCE")"
          echo "Next change after $SINCE: \${NEXT:-none}"
          if [ -n "$NEXT" ] && [ "$(date -u -d "$NEXT" +%s)" -le "$(date -u +%s)" ]; then
            echo "rebuild=true" >> "$GITHUB_OUTPUT"
          else
            echo "rebuild=false" >> "$GITHUB_OUTPUT"
          fi
`;
}
