// The deploy step of each host, as GitHub Actions steps: what `init --host NAME` writes into the
// workflow's deploy job and what docs/hosts.md ("Deploy recipes") shows to paste. One text per host,
// so the two never differ (test/deploy-recipes.test.ts holds the docs to it). Each names the secrets
// and variables it reads, which `init` repeats in its next steps, and the files a site needs beside
// the workflow (Netlify's netlify.toml), which `init` adds when missing.

export const INIT_HOSTS = ["cloudflare", "netlify", "vercel", "nginx", "serve"] as const;
export type InitHost = (typeof INIT_HOSTS)[number];
export const DEFAULT_INIT_HOST: InitHost = "cloudflare";

export interface DeployRecipe {
  /** What the workflow's header comment and init's report call the host. */
  title: string;
  /** The deploy job's steps after `npm ci`, indented for a job's `steps:` (six spaces). */
  steps: string;
  /** Repository secrets the steps read (Settings → Secrets and variables → Actions). */
  secrets: string[];
  /** Repository variables the steps read. */
  variables: string[];
  /** Files the host needs in the repository beside the workflow: written by init when missing. */
  files: { path: string; text: string }[];
}

const build = (host: string) => `      - name: Build dist/
        run: npx build-catalogue build --host ${host}
`;

/**
 * dist/ unpacked over SSH into a new folder under DEPLOY_PATH/releases/, then DEPLOY_PATH/current
 * switched to it in one rename (a request never sees half a catalogue), then `after` on the server,
 * then all but the three newest releases removed (only folders this step made: releases/ is its own).
 * `more`: repository variables `after` reads, passed to the step as they are named.
 */
function overSsh(name: string, after: string, more: readonly string[] = []): string {
  return `      - name: ${name}
        run: |
          install -m 700 -d ~/.ssh
          printf '%s\\n' "$SSH_KEY" > ~/.ssh/deploy_key && chmod 600 ~/.ssh/deploy_key
          printf '%s\\n' "$KNOWN_HOSTS" > ~/.ssh/known_hosts
          RELEASE="$DEPLOY_PATH/releases/$(date -u +%Y%m%dT%H%M%SZ)-$GITHUB_RUN_ID"
          tar -C dist --mode=u=rwX,go=rX -czf - . | ssh -i ~/.ssh/deploy_key "$DEPLOY_TARGET" "
            set -e
            mkdir -p '$RELEASE' && tar -C '$RELEASE' -xzf -
            ln -sfn '$RELEASE' '$DEPLOY_PATH/current.next' && mv -Tf '$DEPLOY_PATH/current.next' '$DEPLOY_PATH/current'
            ${after}
            ls -1d '$DEPLOY_PATH'/releases/* | head -n -3 | xargs -r rm -rf
          "
        env:
          SSH_KEY: \${{ secrets.DEPLOY_SSH_KEY }}
          KNOWN_HOSTS: \${{ vars.DEPLOY_KNOWN_HOSTS }}
          DEPLOY_TARGET: \${{ vars.DEPLOY_TARGET }}
          DEPLOY_PATH: \${{ vars.DEPLOY_PATH }}
${more.map((v) => `          ${v}: \${{ vars.${v} }}\n`).join("")}`;
}
const SSH_SECRETS = ["DEPLOY_SSH_KEY"];
const SSH_VARIABLES = ["DEPLOY_TARGET", "DEPLOY_PATH", "DEPLOY_KNOWN_HOSTS"];

/** netlify.toml for a site the workflow deploys: the publish folder and the edge function's folder. */
export const NETLIFY_TOML = `# build-catalogue: the workflow builds dist/ and deploys it with \`netlify deploy --no-build\`,
# which reads this file. The build writes the edge function below only past Netlify's rule budget
# (docs/hosts.md of build-catalogue, Netlify); under it the folder does not exist, and Netlify deploys
# no edge function.
[build]
  publish = "dist"
  edge_functions = "dist/_netlify/edge-functions"
`;

/**
 * The hosts' command-line tools the recipes run, each at the exact version the recipes' tests ran
 * (test/deploy-recipes.test.ts holds them to the versions installed for the tests), so that a
 * site's deploy does not change under it when a tool does.
 */
export const HOST_CLIS = { wrangler: "4.60.0", "netlify-cli": "27.10.2", vercel: "47.0.4" } as const;

export const DEPLOY_RECIPES: Record<InitHost, DeployRecipe> = {
  cloudflare: {
    title: "Cloudflare Pages",
    steps: `${build("cloudflare")}      - name: Deploy dist/ to Cloudflare Pages
        run: npx --yes wrangler@${HOST_CLIS.wrangler} pages deploy dist --project-name "$PROJECT" --branch main
        env:
          CLOUDFLARE_API_TOKEN: \${{ secrets.CLOUDFLARE_API_TOKEN }}
          CLOUDFLARE_ACCOUNT_ID: \${{ vars.CLOUDFLARE_ACCOUNT_ID }}
          PROJECT: \${{ vars.CLOUDFLARE_PAGES_PROJECT }}
`,
    secrets: ["CLOUDFLARE_API_TOKEN"],
    variables: ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_PAGES_PROJECT"],
    files: [],
  },
  netlify: {
    title: "Netlify",
    steps: `${build("netlify")}      # netlify.toml names dist/ and the edge function's folder; --no-build: dist/ is built above.
      - name: Deploy dist/ to Netlify
        run: npx --yes netlify-cli@${HOST_CLIS["netlify-cli"]} deploy --prod --no-build --dir dist
        env:
          NETLIFY_AUTH_TOKEN: \${{ secrets.NETLIFY_AUTH_TOKEN }}
          NETLIFY_SITE_ID: \${{ vars.NETLIFY_SITE_ID }}
`,
    secrets: ["NETLIFY_AUTH_TOKEN"],
    variables: ["NETLIFY_SITE_ID"],
    files: [{ path: "netlify.toml", text: NETLIFY_TOML }],
  },
  vercel: {
    title: "Vercel",
    steps: `${build("vercel")}      # Vercel reads vercel.json only at the project's root: dist/ is linked as the project (no
      # build of Vercel's own), \`vercel build\` turns it into .vercel/output/ (the Build Output API),
      # the API's edge function (written by the build in that form) goes beside the files, and
      # \`deploy --prebuilt\` uploads that as it is.
      - name: Deploy dist/ to Vercel
        working-directory: dist
        run: |
          mkdir -p .vercel
          printf '{"projectId":"%s","orgId":"%s","settings":{"framework":null,"buildCommand":null,"installCommand":null,"devCommand":null,"outputDirectory":".","rootDirectory":null}}\\n' "$VERCEL_PROJECT_ID" "$VERCEL_ORG_ID" > .vercel/project.json
          npx --yes vercel@${HOST_CLIS.vercel} build --prod --yes
          mkdir -p .vercel/output/functions && cp -R _vercel/functions/. .vercel/output/functions/
          npx --yes vercel@${HOST_CLIS.vercel} deploy --prebuilt --prod --yes --token "$VERCEL_TOKEN"
        env:
          VERCEL_TOKEN: \${{ secrets.VERCEL_TOKEN }}
          VERCEL_ORG_ID: \${{ vars.VERCEL_ORG_ID }}
          VERCEL_PROJECT_ID: \${{ vars.VERCEL_PROJECT_ID }}
`,
    secrets: ["VERCEL_TOKEN"],
    variables: ["VERCEL_ORG_ID", "VERCEL_PROJECT_ID"],
    files: [],
  },
  nginx: {
    title: "nginx (a server over SSH)",
    steps: `${build("nginx")}      # The server needs nginx's JavaScript module, which answers the queries: install it once
      # (Debian, Ubuntu: sudo apt-get install libnginx-mod-http-js), and name the release in its
      # http block: js_path $DEPLOY_PATH/current/; include $DEPLOY_PATH/current/nginx-http.conf;
      # nginx reads nginx.conf, nginx-http.conf and the module (nginx-api.js: the headers, the CORS
      # origins, the code) only when it starts or reloads: without the reload, the new release's
      # files are answered with the last release's rules.
${overSsh("Deploy dist/ over SSH, then reload nginx", "sudo -n nginx -t -q && sudo -n nginx -s reload")}`,
    secrets: SSH_SECRETS,
    variables: SSH_VARIABLES,
    files: [],
  },
  serve: {
    title: "a static server over SSH (serve, or any other)",
    steps: `${build("serve")}      # serve reads serve.json when it starts: DEPLOY_RESTART restarts it (empty: nothing runs).
${overSsh("Deploy dist/ over SSH", "$DEPLOY_RESTART", ["DEPLOY_RESTART"])}`,
    secrets: SSH_SECRETS,
    variables: [...SSH_VARIABLES, "DEPLOY_RESTART"],
    files: [],
  },
};
