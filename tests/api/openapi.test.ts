import { readFile } from "node:fs/promises";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { buildOpenApiDocument, requestSchema } from "~/openapi/document";
import { endpoints } from "~/openapi/endpoints";
import { courseSchema } from "~/domain/courses/schema";
import { trialSchema } from "~/domain/trials/schema";
import { anonymous } from "../support/http";

const doc = buildOpenApiDocument();
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every `/api` route of the route table: OpenAPI path → route module file. */
function apiRoutes(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
      if ((full === "api" || full.startsWith("api/")) && entry.path !== undefined && full !== "api/*") {
        // React Router `:id` is OpenAPI `{id}`.
        out.set(`/${full}`.replace(/:(\w+)/g, "{$1}"), entry.file);
      }
      if (entry.children) walk(entry.children, full);
    }
  };
  walk(routes, "");
  return out;
}

/** The methods a route module answers, read from its source (GET: a loader that is not a 405). */
async function implementedMethods(file: string): Promise<Set<string>> {
  const source = await readFile(path.join("app", file), "utf8");
  const methods = new Set<string>();
  const loader = /export (async )?function loader[\s\S]*?\n}/.exec(source)?.[0];
  if (loader && !loader.includes("405")) methods.add("get");
  if (/export (async )?function action/.test(source)) {
    const keys = [...source.matchAll(/\b(POST|PUT|PATCH|DELETE): /g)].map((m) => m[1].toLowerCase());
    // An action without byMethod takes any method through api(); §7 documents POST for those.
    for (const m of keys.length ? keys : ["post"]) methods.add(m);
  }
  return methods;
}

describe("GET /api/openapi.json", () => {
  it("serves the generated document to anyone, as JSON", async () => {
    const res = await anonymous().get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(doc)));
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
    expect(Object.keys(doc.paths).sort()).toEqual(table);
  });

  it("documents exactly the methods each route module answers", async () => {
    for (const [apiPath, file] of apiRoutes()) {
      const documented = METHODS.filter((m) => doc.paths[apiPath]?.[m]);
      const implemented = [...(await implementedMethods(file))].sort();
      expect({ path: apiPath, methods: [...documented].sort() }).toEqual({ path: apiPath, methods: implemented });
    }
  });

  it("takes request bodies from the services' zod schemas", () => {
    expect(doc.paths["/api/courses"].post.requestBody?.content["application/json"].schema).toEqual(requestSchema(courseSchema));
    const trial = doc.paths["/api/trials"].post.requestBody?.content["application/json"].schema as {
      required: string[];
      properties: Record<string, { enum?: string[] }>;
    };
    expect(trial.required).toEqual(["guardianName", "studentName", "classId", "whatsappNumber", "scheduledDate", "scheduledTime"]);
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
    const ids = endpoints.map((e) => e.operationId);
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
