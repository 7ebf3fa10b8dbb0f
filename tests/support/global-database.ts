import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    dialect: "sqlite" | "postgres";
  }
}

/** One fresh database per run (SERVICE_TEST_DB: sqlite or postgres), dropped afterwards. */
export default async function setup(project: TestProject) {
  const kind = process.env.SERVICE_TEST_DB === "postgres" ? "postgres" : "sqlite";
  const database = await createTestDatabase(kind);
  project.provide("databaseUrl", database.url);
  project.provide("dialect", kind);
  console.log(`Service tests on ${kind}`);
  return () => database.drop();
}
