import { readFile } from "node:fs/promises";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, endpointsOf, openApiPath, requestSchema } from "~/openapi/document";
import type { Access, ClientScope } from "~/openapi/operation";
import { courseSchema } from "~/domain/courses/schema";
import { trialSchema } from "~/domain/trials/schema";
import { anonymous } from "../support/http";
import { flattenRoutes } from "../support/route-table";
import { apiRoutesFromSources } from "../contract/document";
import { matrix, type Caller } from "./authorization-matrix";

// Built here from app/routes.ts and the route modules; the server builds its own from its build's route table.
const sources = await apiRoutesFromSources();
const doc = buildOpenApiDocument(sources);
const endpoints = endpointsOf(sources);
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every `/api` route of the route table: OpenAPI path → route module file. */
function apiRoutes(): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of flattenRoutes()) {
    if (r.path.startsWith("/api/") && !r.path.endsWith("*")) out.set(openApiPath(r.path), r.file);
  }
  return out;
}

/** The methods a route module answers, read from its handlers (GET: a loader that is not a 405). */
async function implementedMethods(file: string): Promise<string[]> {
  const source = await readFile(path.join("app", file), "utf8");
  const route = flattenRoutes().find((r) => r.file === file)!;
  const loader = /export (async )?function loader[\s\S]*?\n}/.exec(source)?.[0];
  return route.methods.filter((m) => m !== "GET" || !loader?.includes("405")).map((m) => m.toLowerCase());
}

/**
 * What each kind of caller gets from an operation with this access, per the
 * permission model. The matrix's Client has no family and its rows are
 * others': it reads no item of a family, no other user and no class's people (404).
 */
function expectedAnswers(access: Access, ok: number, client?: ClientScope): Record<Caller, number> {
  if (access === "signed-in" && (client === "family-item" || client === "self-item" || client === "class-people")) {
    return { anonymous: 401, Client: 404, Team: ok, Administrator: ok };
  }
  // The Administrator, or the family's own Client (the matrix's has none): Team is refused.
  if (access === "admin" && client === "family-item") return { anonymous: 401, Client: 404, Team: 403, Administrator: ok };
  // Nobody of the matrix has a family.
  if (access === "signed-in" && client === "own-family") return { anonymous: 401, Client: 404, Team: 404, Administrator: 404 };
  switch (access) {
    case "public":
    case "upload-token":
      return { anonymous: ok, Client: ok, Team: ok, Administrator: ok };
    case "webhook-secret":
      // The matrix knows no branch's webhook secret: its call is a wrong secret's, 404 for anyone (tests/api/pix-received.test.ts sends the right one).
      return { anonymous: 404, Client: 404, Team: 404, Administrator: 404 };
    case "signed-in":
      return { anonymous: 401, Client: ok, Team: ok, Administrator: ok };
    case "staff":
      return { anonymous: 401, Client: 403, Team: ok, Administrator: ok };
    case "admin":
      return { anonymous: 401, Client: 403, Team: 403, Administrator: ok };
  }
}

describe("GET /api/openapi.json", () => {
  it("serves to anyone, as JSON, the document of app/routes.ts and the route modules' declarations", async () => {
    const res = await anonymous().get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    // Same paths in the same order, same operations, same named schemas.
    expect(JSON.stringify(res.body)).toBe(JSON.stringify(doc));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every /api route of app/routes.ts, and only those", () => {
    const table = [...apiRoutes().keys()].sort();
    expect(table.length).toBeGreaterThan(30);
    expect(sources.filter((r) => !r.operations || Object.keys(r.operations).length === 0).map((r) => r.path)).toEqual([]);
    expect(Object.keys(doc.paths).sort()).toEqual(table);
  });

  it("documents exactly the methods each route module answers", async () => {
    for (const [apiPath, file] of apiRoutes()) {
      const documented = METHODS.filter((m) => doc.paths[apiPath]?.[m]);
      const implemented = (await implementedMethods(file)).sort();
      expect({ path: apiPath, methods: [...documented].sort() }).toEqual({ path: apiPath, methods: implemented });
    }
  });

  it("declares for each operation the access and success status the authorization matrix checks on the server", () => {
    // tests/api/authorization-matrix.test.ts holds the server to the matrix; this holds the declarations to it.
    const rows = new Map(matrix.map((row) => [`${row.method} ${openApiPath(row.path)}`, row]));
    const operation = (e: (typeof endpoints)[number]) => `${e.method.toUpperCase()} ${e.path}`;
    const declared = endpoints.map((e) => ({
      operation: operation(e),
      access: e.access,
      answers: expectedAnswers(e.access, e.success.status, e.client),
      public: e.access === "public" || e.access === "upload-token" || e.access === "webhook-secret",
    }));
    const inMatrix = endpoints.map((e) => ({
      operation: operation(e),
      access: e.access,
      answers: rows.get(operation(e))?.expect,
      public: rows.get(operation(e))?.public === true,
    }));
    expect(inMatrix).toEqual(declared);
    // And every /api row of the matrix other than the 404s and 405s is a documented operation.
    const undocumented = [...rows.entries()]
      .filter(([, row]) => row.path.startsWith("/api/") && !row.path.endsWith("*") && row.expect.Administrator !== 405)
      .map(([key]) => key)
      .filter((key) => !declared.some((d) => d.operation === key));
    expect(undocumented).toEqual([]);
  });

  it("takes request bodies from the services' zod schemas", () => {
    expect(doc.paths["/api/courses"].post.requestBody?.content["application/json"].schema).toEqual(requestSchema(courseSchema));
    const trial = doc.paths["/api/trials"].post.requestBody?.content["application/json"].schema as {
      required: string[];
      properties: Record<string, { enum?: string[] }>;
    };
    // scheduledTime may be left out: the class's first start time, as a blank one.
    expect(trial.required).toEqual(["guardianName", "studentName", "classId", "whatsappNumber", "scheduledDate"]);
    expect(trial.properties.origin.enum).toEqual([...trialSchema.shape.origin.unwrap().options]);
  });

  it("describes cookie auth, the error shape and the statuses", () => {
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie", name: "__session" });
    expect(doc.security).toEqual([{ cookieAuth: [] }]);
    expect(doc.paths["/api/login"].post.security).toEqual([]);
    expect(doc.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["message"],
      properties: { message: { type: "string" }, errors: { type: "object" } },
    });
    const create = doc.paths["/api/courses"].post.responses;
    expect(Object.keys(create).sort()).toEqual(["201", "400", "401", "403", "413", "415"]);
    expect(create["400"].content?.["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(Object.keys(doc.paths["/api/courses/{id}"].delete.responses).sort()).toEqual(["204", "401", "403", "404", "409"]);
    expect(doc.paths["/api/login"].post.responses).toHaveProperty("429");
    expect(doc.paths["/api/objects/upload/{token}"].put.responses).toHaveProperty("413");
    expect(doc.paths["/api/objects/upload/{token}"].put.responses).toHaveProperty("415");
  });

  it("has unique operation ids", () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.length).toBe(endpoints.length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("GET /api-docs", () => {
  it("renders every operation, its body fields and answers, without signing in", async () => {
    const res = await fetch(`${anonymous().baseUrl}/api-docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Referência da API");
    expect(html).toContain('href="/api/openapi.json"');
    for (const e of endpoints) {
      expect(html, `${e.method} ${e.path}`).toContain(`id="${e.operationId}"`);
      expect(html).toContain(`<code class="font-mono text-sm break-all">${e.path}</code>`);
    }
    // Body fields of POST /api/trials with their required flag.
    const trial = html.slice(html.indexOf('id="createTrial"'), html.indexOf('id="listAllTrialHistories"'));
    for (const field of ["guardianName", "studentName", "classId", "whatsappNumber", "scheduledDate", "scheduledTime", "origin"]) {
      expect(trial).toContain(`>${field}</th>`);
    }
    expect(trial).toMatch(/>origin<\/th>.*?<td[^>]*>não<\/td>/);
    expect(trial).toMatch(/>guardianName<\/th>.*?<td[^>]*>sim<\/td>/);
    expect(trial).toMatch(/>415<\/span>/);
    expect(html).toContain('href="#schema-Trial"');
  });
});
