import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

/** What the production server bundle (server/app.ts, built) exports that tests read. */
export interface BuiltApp {
  build: ServerBuild;
}

/** The production build's server bundle (build/server/index.js, or BUILD_DIR's), imported into the test process. */
export async function loadBuiltApp(): Promise<BuiltApp> {
  const root = path.resolve(import.meta.dirname, "../..");
  const entry = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  if (!fs.existsSync(entry)) throw new Error("The production build is missing: run `npm run build` first.");
  return (await import(/* @vite-ignore */ pathToFileURL(entry).href)) as BuiltApp;
}
