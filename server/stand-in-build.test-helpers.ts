/**
 * What every stand-in of the Remix build handed to createApp in a test shares (the server's tests
 * give it their own routes and entry): the production mode, the asset paths and a manifest that
 * names no file, so only the routes and the entry a test writes answer.
 */
export const standInBuildShell = {
  mode: "production",
  future: {},
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  isSpaMode: false,
  assets: { entry: { module: "/build/entry.js", imports: [] }, routes: {}, url: "/build/manifest.js", version: "1" },
};
