import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is the HTTP application (server/app.ts), which
  // imports React Router's server build: build/server/index.js is what
  // server.mjs runs in production; in development it loads server/app.ts through Vite.
  build: { rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));
