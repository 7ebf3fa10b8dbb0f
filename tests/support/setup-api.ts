import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { useFactoryDatabase } from "./factories";
import { testDb } from "./db";
import { invariantViolations } from "./invariants";

// The factories write into the database of this run's test server.
useFactoryDatabase(testDb);

// After each test file: the school's data still holds together (tests/support/invariants.ts). A
// violation that was not there when the file began fails the run and names the file (files run in
// parallel workers share the database, so a file that ran beside it is named by its own check too).
// (A hook's first argument is its fixtures; the second, this file's suite.)
let before = new Set<string>();
beforeAll(async () => {
  before = new Set(await invariantViolations(testDb()));
});
afterAll(async ({}, suite) => {
  const found = (await invariantViolations(testDb())).filter((v) => !before.has(v));
  if (found.length === 0) return;
  const { filepath, name } = suite as { filepath?: string; name?: string };
  const file = filepath ? path.relative(process.cwd(), filepath) : name;
  throw new Error(`${file} broke the data's invariants:\n- ${found.join("\n- ")}`);
});
