import type { TestProject } from "vitest/node";
import { createTestDatabase } from "./test-db";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    dialect: "sqlite" | "postgres";
  }
}

/** One production server per run, on a fresh SQLite file or PostgreSQL database (API_TEST_DB). */
export default async function setup(project: TestProject) {
  const kind = process.env.API_TEST_DB === "postgres" ? "postgres" : "sqlite";
  const database = await createTestDatabase(kind);
  // Retries in half a second rather than a minute: a job that failed (a bank down) runs again within the test.
  const server = await startServer(database.url, { JOBS_RETRY_BASE_MS: "500" });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", database.url);
  project.provide("dialect", kind);
  console.log(`API tests on ${kind} at ${server.baseUrl}`);
  return async () => {
    await server.stop();
    if (process.env.DEBUG_SERVER_LOG) console.log(server.output());
    await database.drop();
  };
}
