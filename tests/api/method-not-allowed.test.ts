import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/test-db";
import { startServer, type RunningServer } from "../support/server";
import { ApiClient, uniqueEmail } from "../support/http";
import { rawRequest } from "../support/raw-http";
import { flattenRoutes } from "../support/route-table";

/**
 * A GET (or HEAD) of an API route that only takes writes (an action, no
 * loader): 405 'Método não permitido' with the route's methods in `Allow`, one
 * log line and no stack trace. Every such route, found twice: in the route
 * table (the modules' exports) and in the OpenAPI document (paths without a
 * GET); both lists must agree. Its own server, to read its log.
 */
let database: { url: string; drop: () => Promise<void> };
let server: RunningServer;
let admin: ApiClient;

const stackLines = (log: string) => log.split("\n").filter((l) => /^\s+at\s/.test(l)).length;
const ORDER = ["POST", "PUT", "PATCH", "DELETE"];

/** The action-only API paths of the route table, as the OpenAPI document writes them ('/api/x/{id}'), with their methods. */
function fromRouteTable(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const route of flattenRoutes()) {
    if (!route.path.startsWith("/api/") || route.path.endsWith("*") || route.methods.length === 0 || route.methods.includes("GET"))
      continue;
    found.set(
      route.path.replace(/:(\w+)/g, "{$1}"),
      ORDER.filter((m) => route.methods.includes(m as never)),
    );
  }
  return found;
}

beforeAll(async () => {
  database = await createTestDatabase(process.env.API_TEST_DB === "postgres" ? "postgres" : "sqlite");
  server = await startServer(database.url);
  admin = new ApiClient(server.baseUrl);
  const res = await admin.post("/api/register", {
    name: "Admin Métodos",
    email: uniqueEmail("metodos"),
    password: "segredo123",
    userType: "Administrator",
  });
  expect(res.status).toBe(201);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("GET on an API route that only takes writes", () => {
  it("the route table and the OpenAPI document name the same routes, each declaring its methods", async () => {
    const document = (await admin.get("/api/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const fromDocument = new Map(
      Object.entries(document.paths)
        .filter(([, operations]) => !("get" in operations))
        .map(([path, operations]) => [path, ORDER.filter((m) => m.toLowerCase() in operations)]),
    );
    const table = fromRouteTable();
    expect([...fromDocument.keys()].sort()).toEqual([...table.keys()].sort());
    expect(table.size).toBeGreaterThanOrEqual(18);
    for (const [path, methods] of table) expect(fromDocument.get(path), path).toEqual(methods);
  });

  it("answers each with 405 'Método não permitido' (JSON) and Allow listing its methods, in one log line without a stack trace", async () => {
    const routes = fromRouteTable();
    for (const [path, methods] of routes) {
      const target = path.replace(/\{\w+\}/g, () => randomUUID());
      for (const method of ["GET", "HEAD"]) {
        for (const who of [admin.cookieHeader(), undefined]) {
          const before = server.output();
          const res = await rawRequest(server.baseUrl, { method, target, headers: who ? { Cookie: who } : {} });
          const label = `${method} ${path}${who ? "" : " (sem sessão)"}`;
          expect(res.status, label).toBe(405);
          expect(res.headers.allow, label).toBe(methods.join(", "));
          if (method === "GET") {
            expect(res.headers["content-type"], label).toMatch(/^application\/json/);
            expect(JSON.parse(res.text), label).toEqual({ message: "Método não permitido" });
          }
          await new Promise((r) => setTimeout(r, 50));
          const added = server.output().slice(before.length);
          expect(stackLines(added), added).toBe(0);
          expect(added.trim().split("\n").length, added).toBe(1);
        }
      }
    }
  });

  it("a route that reads and writes still answers its GET, and its writes still answer as before", async () => {
    expect((await admin.get("/api/courses")).status).toBe(200);
    const res = await admin.post("/api/logout");
    expect(res.status).toBe(200);
  });
});
