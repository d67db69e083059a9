/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // Keep msw, node-forge and friends out of the server bundle: they are resolved at run time.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
