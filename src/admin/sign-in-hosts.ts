// The hosts `admin --host` writes a sign-in for, and config.yml's word for "the admin's own origin":
// a module of constants alone, which the command loads on start (the rest is loaded when it runs).

export const ADMIN_HOSTS = ["netlify", "cloudflare", "vercel", "nginx"] as const;
export type AdminHost = (typeof ADMIN_HOSTS)[number];

/** config.yml's `base_url` for a sign-in on the admin's own origin (the extension resolves it: extension/main.ts). */
export const SAME_ORIGIN = "/";
