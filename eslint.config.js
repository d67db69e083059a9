// The project's linter: `npm run lint` (part of `npm test`), zero warnings allowed.
// ESLint's and typescript-eslint's recommended rules for every script; the hooks' rules for every
// module of app/ but its unit tests (hooks live in .ts files too); React's and jsx-a11y's for the
// components (app/**/*.tsx). Type-aware rules are left to `tsc --noEmit`.
import js from "@eslint/js";
import globals from "globals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", "node_modules/", "playwright-report/", "test-results/", ".cache/", "data/", "schemas/validators/*.cjs"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: "latest", sourceType: "module" },
    rules: {
      // Every regular expression with control characters here finds what the code refuses.
      "no-control-regex": "off",
      // `_name` marks a parameter or a destructured value kept on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "mocks/**/*.browser.ts"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["app/**/*.tsx", "tests/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18.3" } },
  },
  {
    // The hooks' rules in every module of the app: hooks live in .ts files too (use-*.ts).
    files: ["app/**/*.ts", "app/**/*.tsx"],
    // A unit test's `useMockUpstream` is vitest's set-up, not a React hook.
    ignores: ["**/*.test.ts", "**/*.test-helpers.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role="list"` on a list styled without bullets is deliberate: Safari drops the list's
      // semantics with its bullets, and VoiceOver then announces no list.
      "jsx-a11y/no-redundant-roles": ["error", { ul: ["list"], ol: ["list"] }],
      // autoFocus is how a page rendered by the server after a form post (no JavaScript) puts the
      // focus on its new step's heading, its error summary or its result: only there, by design.
      "jsx-a11y/no-autofocus": "off",
    },
  },
);
