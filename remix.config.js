/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  // Keep msw, node-forge and friends out of the server bundle: they are resolved at run time.
  serverDependenciesToBundle: [],
  // `npm run dev` rebuilds on a save of app/ and of what it imports from outside it (the catalogues, the schemas).
  watchPaths: ["locales", "schemas"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
