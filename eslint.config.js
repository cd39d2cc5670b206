// ESLint flat config for the served JavaScript (`make lint-js`): the
// recommended rules plus a few that keep errors visible (no empty catch) and
// the modules tidy. Plain ES modules in the browser; web/sw.js is a classic
// service-worker script, the .mjs files run in workers.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["vendor/**", "node_modules/**", "build/**", "dist/**", "test-results/**"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js", "web/**/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-empty": ["error", { allowEmptyCatch: false }],
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all" }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-globals": "error",
    },
  },
  {
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    files: ["web/**/*.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // The page's pure modules under node's own test runner (`make unit-js`).
    files: ["tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
    rules: {
      "no-empty": ["error", { allowEmptyCatch: false }],
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
    },
  },
];
