import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Alias } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/**
 * React Router's production build, in the browser and on the server (ADR 020).
 *
 * `react-router`'s package exports point only at `dist/development/*` (upstream
 * remix-run/react-router#14102, open), so without this a production build runs React
 * Router's development code: its dev-only checks and warnings in every request and in the
 * client bundle. A build therefore aliases the two entries to `dist/production/*`, whose
 * files share their chunks, so there is ONE copy of React Router at runtime (our code,
 * `react-router/dom` and `@react-router/node` all reach the same module; two copies
 * would break its contexts). The server bundle takes React Router and `@react-router/node`
 * in (ssr.noExternal) so that their imports go through the alias too, instead of Node
 * resolving the package exports at run time; with their own dependencies, which Node could
 * otherwise resolve to another version from build/ (React Router needs `cookie` 1.x, nested
 * under it; the top level holds express's 0.7). React and react-dom stay external (one
 * copy, chosen by NODE_ENV). `npm run dev` keeps the development build.
 * Remove this block when upstream exports a production condition.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const productionReactRouter: Alias[] = [
  { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
  { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
];

const dependenciesOf = (name: string): string[] =>
  Object.keys(
    (
      JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), "utf8")) as {
        dependencies?: Record<string, string>;
      }
    ).dependencies ?? {},
  );
const bundledReactRouter = ["react-router", "@react-router/node"].flatMap((name) => [name, ...dependenciesOf(name)]);

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server bundle's entry is the HTTP application (server/app.ts), which
  // imports React Router's server build: build/server/index.js is what
  // server.mjs runs in production; in development it loads server/app.ts through Vite.
  // The browser's bundle is minified by terser (two passes): about 3.5 kB gzip less than
  // esbuild's minifier on the JavaScript every screen loads (React DOM and React Router), for
  // the first-load budget (e2e/budget.spec.ts).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { minify: "terser", terserOptions: { compress: { passes: 2 } } },
  resolve: command === "build" ? { alias: productionReactRouter } : undefined,
  ssr: command === "build" ? { noExternal: bundledReactRouter } : undefined,
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
