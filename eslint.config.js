// ESLint (flat config): `npm run lint` runs it over the tree at zero warnings.
// What each rule set is for: docs/conventions.md, "Checks".
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "build/",
    ".react-router/",
    ".tmp/",
    "data/",
    "public/",
    "coverage/",
    "test-results/",
    "playwright-report/",
    "blob-report/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `const { secret: _, ...rest } = row` is how a key is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // Playwright's fixtures and Vitest's hooks read their first parameter's pattern: `async ({}, use) =>`.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  // React code lives in app/: the hook rules there only (elsewhere `use` is Playwright's
  // fixture callback or a database helper, not a React hook).
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
]);
