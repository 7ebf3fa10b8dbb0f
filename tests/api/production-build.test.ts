import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// React Router's production build in build/ (vite.config.ts, ADR 020): its package exports
// point only at its development files (remix-run/react-router#14102), so a plain build runs
// them on the server and ships their warnings to the browser.
const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

/** Every JavaScript file of the build, server and client. */
function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.m?js$/.test(entry.name) ? [file] : [];
  });
}
const read = (file: string) => fs.readFileSync(file, "utf8");
const relative = (file: string) => path.relative(buildDir, file);

/**
 * Texts that only the development files have: React Router's, inside its
 * `ENABLE_DEV_WARNINGS` branches (false in dist/production, so the minifier drops them);
 * React's and react-dom's, in their *.development.js files only.
 */
const DEV_ONLY = [
  "You should not include both `Component` and `element` on your route",
  "You rendered descendant <Routes> (or called `useRoutes()`)",
  "Error handled by React Router default ErrorBoundary:",
  "Each child in a list should have a unique",
  "Download the React DevTools",
];

describe("the production build", () => {
  const files = scripts(buildDir);

  it("has its server and client bundles", () => {
    expect(files.some((f) => relative(f).startsWith(`server${path.sep}`))).toBe(true);
    expect(files.some((f) => relative(f).startsWith(`client${path.sep}`))).toBe(true);
  });

  it("carries no development-only text of React Router or React", () => {
    const found = files.flatMap((file) => {
      const text = read(file);
      return DEV_ONLY.filter((s) => text.includes(s)).map((s) => `${relative(file)}: ${s}`);
    });
    expect(found).toEqual([]);
  });

  it("bundles React Router into the server, so Node never resolves its development files", () => {
    const imports = files
      .filter((f) => relative(f).startsWith(`server${path.sep}`))
      .flatMap((file) => [...read(file).matchAll(/(?:import|from)\s*["']((?:@react-router|react-router)[^"']*)["']/g)].map((m) => m[1]));
    expect(imports).toEqual([]);
  });

  it("holds one copy of React Router in the browser", () => {
    // An invariant's message, kept in the production build: in one client file only.
    const marker = "may be used only in the context of a <Router> component";
    const client = files.filter((f) => relative(f).startsWith(`client${path.sep}`) && read(f).includes(marker));
    expect(client.map(relative)).toHaveLength(1);
  });
});
