/** Every upstream of the app (app/lib/env.server.ts), by the key of its UPSTREAM_<KEY>_URL and its mock host's name. */
export const UPSTREAM_NAMES = { CORE: "core", CONN: "conn", ESIM: "esim", PAYMENTS: "payments", ADDRESSES: "addresses", ASISTENCIA: "asistencia", PORTABILIDAD: "portabilidad", UPD_CARD: "upd-card", SSO: "sso", BANNERS: "banners" } as const;

/** The app's environment for the mock world served at `base` by mocks/standalone.ts: each upstream a path prefix. */
export const upstreamEnv = (base: string): Record<string, string> =>
  Object.fromEntries(Object.entries(UPSTREAM_NAMES).map(([key, name]) => [`UPSTREAM_${key}_URL`, `${base}/${name}`]));
