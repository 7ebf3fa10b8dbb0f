import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import createClient, { type Middleware } from "openapi-fetch";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { JsonSchema, OpenApiDocument } from "~/openapi/document";
// Generated, not committed: `npm run typecheck` writes it first (scripts/openapi-types.ts).
import type { paths } from "../../.tmp/contract/schema";
import { CONTRACT_TYPES_FILE, contractTypesSource } from "../contract/generate";
import { makeAttendance, makeCharge, makeFailedJob, makeGuardian, makeStudent } from "../support/factories";
import { startFakeApiPixBank } from "../support/fake-api-pix-bank";
import { testCertificates } from "../support/test-certificates";
import { addDays, enrolled, notSunday, sessionClass, TODAY } from "../support/attendance";

/**
 * The contract: a client typed from the OpenAPI document (openapi-typescript +
 * openapi-fetch) drives the running app through one full scenario per entity.
 * Every answer must be a documented status of the operation it came from, and
 * its body must match the documented schema (checked with ajv). At the end
 * every documented operation must have been called with success. The document
 * is the one the server answers (GET /api/openapi.json).
 */

const baseUrl = inject("baseUrl");
const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;

// ---- Response checking against the document ----
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const COMPONENTS_ID = "openapi-components";
const retarget = (schema: unknown): JsonSchema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`));
ajv.addSchema({ $id: COMPONENTS_ID, $defs: retarget(doc.components.schemas) });
const validators = new Map<string, ValidateFunction>();

function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.compile(retarget(schema))));
  return v;
}

/** Operations answered with their success status: "get /api/courses". */
const succeeded = new Set<string>();
/** Every "method path status" seen, for the report at the end. */
const seen = new Set<string>();

const checkAgainstDocument: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const method = request.method.toLowerCase();
    const where = `${request.method} ${schemaPath}`;
    const op = doc.paths[schemaPath]?.[method];
    if (!op) throw new Error(`${where} is not in the document`);
    const status = String(response.status);
    const answer = op.responses[status];
    if (!answer) throw new Error(`${where} answered ${status}, which the document does not list`);
    const text = await response.clone().text();
    const schema = answer.content?.["application/json"]?.schema;
    if (!schema) {
      if (text) throw new Error(`${where} ${status} has a body the document does not describe: ${text.slice(0, 200)}`);
    } else {
      expect(response.headers.get("content-type"), `${where} ${status}`).toMatch(/^application\/json/);
      const validate = validatorFor(`${method} ${schemaPath} ${status}`, schema);
      if (!validate(JSON.parse(text))) {
        throw new Error(
          `${where} ${status} does not match its documented schema: ${ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`,
        );
      }
    }
    for (const header of Object.keys(answer.headers ?? {})) {
      // Headers documented for a success answer are always sent, except X-Total-Count (only with ?page).
      if (header === "X-Total-Count" && !new URL(request.url).searchParams.has("page")) continue;
      // Link only on a page (limit/cursor) that has a next one.
      if (header === "Link") {
        const link = response.headers.get("Link");
        if (link !== null) expect(link, `${where} Link`).toMatch(/^<\/api\/[^>]*[?&]cursor=[A-Za-z0-9_-]+>; rel="next"$/);
        continue;
      }
      if (header === "Set-Cookie") expect(response.headers.getSetCookie().length, `${where} Set-Cookie`).toBeGreaterThan(0);
      else expect(response.headers.get(header), `${where} ${header}`).not.toBeNull();
    }
    seen.add(`${method} ${schemaPath} ${status}`);
    if (response.ok) succeeded.add(`${method} ${schemaPath}`);
    return undefined;
  },
};

function typed(cookie?: string) {
  const client = createClient<paths>({ baseUrl, headers: cookie ? { Cookie: cookie } : {} });
  client.use(checkAgainstDocument);
  return client;
}
type Client = ReturnType<typeof typed>;

function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!line) throw new Error("no session cookie");
  return line.split(";")[0];
}

const email = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@contrato.com`;
let cpfCounter = Math.floor(Math.random() * 1e9);
const cpf = () => String(10_000_000_000 + (cpfCounter++ % 89_999_999_999)).slice(0, 11);

/** Registers through the typed client and returns a typed client carrying the session cookie. */
async function signedIn(userType: "Administrator" | "Team" | "Client"): Promise<{ api: Client; id: string }> {
  const { data, response } = await typed().POST("/api/register", {
    body: { name: `Contrato ${userType}`, email: email(userType.toLowerCase()), password: "segredo123", userType },
  });
  expect(response.status).toBe(201);
  return { api: typed(sessionCookie(response)), id: data!.id };
}

let admin: Client;
let adminId: string;
let team: Client;
let client: Client;
let clientId: string;
const anon = typed();
const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  const [a, t, c] = await Promise.all([signedIn("Administrator"), signedIn("Team"), signedIn("Client")]);
  admin = a.api;
  adminId = a.id;
  team = t.api;
  client = c.api;
  clientId = c.id;
});

/** The whole chain a class needs, created through the API. */
async function classSetup() {
  const course = (await admin.POST("/api/courses", { body: { name: "Jazz Contrato" } })).data!;
  const branch = (await admin.POST("/api/branches", { body: { name: "Unidade Contrato", address: "Rua A, 1" } })).data!;
  const room = (await admin.POST("/api/classrooms", { body: { branchId: branch.id, name: "Sala 1", capacity: 12 } })).data!;
  const slot = (
    await admin.POST("/api/classroom-schedules", {
      body: { classroomId: room.id, dayOfWeek: "Terça", startTime: "18:00", endTime: "19:00" },
    })
  ).data!;
  return { course, branch, room, slot };
}

describe("typed client contract (openapi-typescript + openapi-fetch)", () => {
  it("the client types this scenario was type-checked against are those of the served document", async () => {
    const generated = await readFile(CONTRACT_TYPES_FILE, "utf8").catch(() => {
      throw new Error(`${CONTRACT_TYPES_FILE} is missing: run \`npm run typecheck\` (or \`npx tsx scripts/openapi-types.ts\`)`);
    });
    expect(generated, "stale client types: run `npm run typecheck`").toBe(await contractTypesSource(doc));
  });

  it("auth: register, current user, logout revokes the cookie, login errors and success", async () => {
    const address = email("auth");
    const reg = await anon.POST("/api/register", {
      body: { name: "Ana Contrato", email: address, password: "segredo123", userType: "Team" },
    });
    expect(reg.response.status).toBe(201);
    const api = typed(sessionCookie(reg.response));
    expect((await api.GET("/api/user")).data).toMatchObject({ email: address, userType: "Team" });

    expect((await api.POST("/api/logout")).data).toEqual({ ok: true });
    expect((await api.GET("/api/user")).response.status).toBe(401);

    const dup = await anon.POST("/api/register", { body: { name: "Outra", email: address, password: "segredo123", userType: "Client" } });
    expect(dup.response.status).toBe(409);
    const invalid = await anon.POST("/api/register", { body: { name: "", email: "x", password: "1", userType: "Team" } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.errors).toMatchObject({ name: ["Nome é obrigatório"], email: ["Por favor, insira um e-mail válido"] });

    const wrong = await anon.POST("/api/login", { body: { email: address, password: "errada123" } });
    expect(wrong.response.status).toBe(401);
    const blank = await anon.POST("/api/login", { body: { email: address, password: "" } });
    expect(blank.error).toEqual({ message: "Senha é obrigatória", errors: { password: ["Senha é obrigatória"] } });
    const notJson = await anon.POST("/api/login", {
      body: { email: address, password: "segredo123" },
      bodySerializer: () => "email=a",
      headers: { "Content-Type": "text/plain" },
    });
    expect(notJson.response.status).toBe(415);

    const login = await anon.POST("/api/login", { body: { email: address, password: "segredo123", remember: true } });
    expect(login.data?.email).toBe(address);
    expect((await typed(sessionCookie(login.response)).GET("/api/user")).data?.name).toBe("Ana Contrato");
    expect((await anon.GET("/api/user")).response.status).toBe(401);
  });

  it("users: CRUD, pages, conflicts, roles and the three-step avatar upload", async () => {
    const created = await admin.POST("/api/users", {
      body: { name: "Bruno Contrato", email: email("bruno"), password: "segredo123", userType: "Team", cpf: "123.456.789-09" },
    });
    expect(created.response.status).toBe(201);
    const user = created.data!;
    expect(user.cpf).toBe("12345678909");

    expect((await team.GET("/api/users")).data?.some((u) => u.id === user.id)).toBe(true);
    const page = await team.GET("/api/users", { params: { query: { q: "Bruno Contrato", page: 1, pageSize: 10 } } });
    expect(page.data?.map((u) => u.id)).toContain(user.id);
    expect(Number(page.response.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    expect((await team.GET("/api/users/{id}", { params: { path: { id: user.id } } })).data?.name).toBe("Bruno Contrato");
    // A Client reads itself only, and no other user (its family's rows: tests/api/client-scope.test.ts).
    expect((await client.GET("/api/users")).data?.map((u) => u.id)).toEqual([clientId]);
    expect((await client.GET("/api/users/{id}", { params: { path: { id: user.id } } })).response.status).toBe(404);

    const updated = await admin.PATCH("/api/users/{id}", { params: { path: { id: user.id } }, body: { name: "Bruno C." } });
    expect(updated.data).toMatchObject({ name: "Bruno C.", userType: "Team" });
    const taken = await admin.PATCH("/api/users/{id}", {
      params: { path: { id: user.id } },
      body: { email: (await admin.GET("/api/user")).data!.email },
    });
    expect(taken.response.status).toBe(409);
    expect(taken.error?.errors?.email).toEqual(["E-mail já cadastrado"]);
    const bad = await admin.POST("/api/users", { body: { name: "X", email: email("x"), password: "123", userType: "Team" } });
    expect(bad.error?.errors?.password).toEqual(["A senha deve ter pelo menos 6 caracteres"]);
    expect(
      (await team.POST("/api/users", { body: { name: "X", email: email("x"), password: "segredo123", userType: "Team" } })).response.status,
    ).toBe(403);
    expect((await anon.GET("/api/users")).response.status).toBe(401);
    expect((await admin.GET("/api/users/{id}", { params: { path: { id: MISSING } } })).response.status).toBe(404);

    // Avatar: signed URL, raw PUT of the bytes, then the user's avatarUrl.
    const issued = await admin.POST("/api/objects/upload");
    const token = issued.data!.uploadURL.split("/").pop()!;
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
    const put = await anon.PUT("/api/objects/upload/{token}", {
      params: { path: { token } },
      body: "",
      bodySerializer: () => png,
      headers: { "Content-Type": "image/png" },
    });
    expect(put.response.status).toBe(200);
    const again = await anon.PUT("/api/objects/upload/{token}", {
      params: { path: { token } },
      body: "",
      bodySerializer: () => png,
      headers: { "Content-Type": "image/png" },
    });
    expect(again.response.status).toBe(409);
    const avatar = await admin.PUT("/api/users/{id}/avatar", {
      params: { path: { id: user.id } },
      body: { avatarUrl: put.data!.objectPath },
    });
    expect(avatar.data?.avatarUrl).toBe(put.data!.objectPath);
    // The uploadURL itself, as a client that does not read the PUT's answer sends it.
    const viaUploadUrl = await admin.PUT("/api/users/{id}/avatar", {
      params: { path: { id: user.id } },
      body: { avatarUrl: issued.data!.uploadURL },
    });
    expect(viaUploadUrl.response.status).toBe(200);
    expect(viaUploadUrl.data?.avatarUrl).toBe(put.data!.objectPath);
    const foreign = await admin.PUT("/api/users/{id}/avatar", {
      params: { path: { id: user.id } },
      body: { avatarUrl: "https://example.com/a.png" },
    });
    expect(foreign.response.status).toBe(400);

    expect((await admin.DELETE("/api/users/{id}", { params: { path: { id: adminId } } })).response.status).toBe(409);
    expect((await admin.DELETE("/api/users/{id}", { params: { path: { id: user.id } } })).response.status).toBe(204);
    expect((await admin.GET("/api/users/{id}", { params: { path: { id: user.id } } })).response.status).toBe(404);
  });

  it("courses: create, list, read, update, validation, roles, delete", async () => {
    const created = await admin.POST("/api/courses", { body: { name: "Ballet Contrato" } });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect(created.data!.active).toBe(true);
    expect((await client.GET("/api/courses")).data?.some((c) => c.id === id)).toBe(true);
    expect((await team.GET("/api/courses/{id}", { params: { path: { id } } })).data?.name).toBe("Ballet Contrato");
    expect((await admin.PATCH("/api/courses/{id}", { params: { path: { id } }, body: { active: false } })).data?.active).toBe(false);
    const invalid = await admin.POST("/api/courses", { body: { name: " " } });
    expect(invalid.error).toEqual({ message: "Nome do curso é obrigatório", errors: { name: ["Nome do curso é obrigatório"] } });
    expect((await client.PATCH("/api/courses/{id}", { params: { path: { id } }, body: { name: "X" } })).response.status).toBe(403);
    expect((await admin.DELETE("/api/courses/{id}", { params: { path: { id } } })).response.status).toBe(204);
    expect((await admin.GET("/api/courses/{id}", { params: { path: { id } } })).response.status).toBe(404);
  });

  it("branches: create, list, read, update, validation, delete", async () => {
    const created = await admin.POST("/api/branches", { body: { name: "Unidade Centro", address: "Av. Brasil, 10", isDefault: false } });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect(created.data).toMatchObject({ active: true, isDefault: false });
    expect((await team.GET("/api/branches")).data?.some((b) => b.id === id)).toBe(true);
    expect((await client.GET("/api/branches/{id}", { params: { path: { id } } })).data?.address).toBe("Av. Brasil, 10");
    expect((await admin.PATCH("/api/branches/{id}", { params: { path: { id } }, body: { name: "Unidade Sul" } })).data?.name).toBe(
      "Unidade Sul",
    );
    const invalid = await admin.POST("/api/branches", { body: { name: "", address: "" } });
    expect(invalid.error?.errors).toEqual({ name: ["Nome da unidade é obrigatório"], address: ["Endereço é obrigatório"] });
    expect((await team.DELETE("/api/branches/{id}", { params: { path: { id } } })).response.status).toBe(403);
    expect((await admin.DELETE("/api/branches/{id}", { params: { path: { id } } })).response.status).toBe(204);
  });

  it("offers: create (money as text), list, read, update, validation, delete", async () => {
    const branch = (await admin.POST("/api/branches", { body: { name: "Unidade Ofertas", address: "Rua B, 2" } })).data!;
    const created = await admin.POST("/api/offers", {
      body: { name: "Mensal", monthlyValue: "189.9", checkoutLink: "https://pagamento.example.com/mensal", branchId: branch.id },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect(created.data).toMatchObject({ monthlyValue: "189.90", branchName: "Unidade Ofertas", active: true });
    expect((await client.GET("/api/offers")).data?.some((o) => o.id === id)).toBe(true);
    expect((await client.GET("/api/offers/{id}", { params: { path: { id } } })).data?.name).toBe("Mensal");
    expect((await admin.PATCH("/api/offers/{id}", { params: { path: { id } }, body: { monthlyValue: 200 } })).data?.monthlyValue).toBe(
      "200.00",
    );
    const invalid = await admin.POST("/api/offers", { body: { name: "X", monthlyValue: "0", checkoutLink: "nada", branchId: branch.id } });
    expect(invalid.error?.errors).toMatchObject({
      monthlyValue: ["Valor mensal deve ser maior que zero"],
      checkoutLink: ["Por favor, insira um link válido"],
    });
    expect((await admin.DELETE("/api/offers/{id}", { params: { path: { id } } })).response.status).toBe(204);
  });

  it("classrooms and classroom schedules: CRUD, per-parent lists, overlap conflict, validation", async () => {
    const branch = (await admin.POST("/api/branches", { body: { name: "Unidade Salas", address: "Rua C, 3" } })).data!;
    const room = await admin.POST("/api/classrooms", { body: { branchId: branch.id, name: "Sala Azul", capacity: "20" } });
    expect(room.response.status).toBe(201);
    const roomId = room.data!.id;
    expect(room.data!.capacity).toBe(20);
    expect((await client.GET("/api/classrooms")).data?.some((r) => r.id === roomId)).toBe(true);
    expect(
      (await client.GET("/api/classrooms/branch/{branchId}", { params: { path: { branchId: branch.id } } })).data?.map((r) => r.id),
    ).toEqual([roomId]);
    expect((await client.GET("/api/classrooms/{id}", { params: { path: { id: roomId } } })).data?.name).toBe("Sala Azul");
    expect((await admin.PATCH("/api/classrooms/{id}", { params: { path: { id: roomId } }, body: { capacity: 25 } })).data?.capacity).toBe(
      25,
    );
    const badRoom = await admin.POST("/api/classrooms", { body: { branchId: branch.id, name: "Sala", capacity: "0" } });
    expect(badRoom.error?.errors?.capacity).toEqual(["Capacidade deve ser maior que zero"]);
    expect((await admin.GET("/api/classrooms/branch/{branchId}", { params: { path: { branchId: MISSING } } })).response.status).toBe(404);

    const slot = await admin.POST("/api/classroom-schedules", {
      body: { classroomId: roomId, dayOfWeek: "Quarta", startTime: "08:00", endTime: "09:00" },
    });
    expect(slot.response.status).toBe(201);
    const slotId = slot.data!.id;
    expect((await team.GET("/api/classroom-schedules")).data?.some((s) => s.id === slotId)).toBe(true);
    expect(
      (await team.GET("/api/classroom-schedules/classroom/{classroomId}", { params: { path: { classroomId: roomId } } })).data?.map(
        (s) => s.id,
      ),
    ).toEqual([slotId]);
    expect((await team.GET("/api/classroom-schedules/{id}", { params: { path: { id: slotId } } })).data?.dayOfWeek).toBe("Quarta");
    const overlap = await admin.POST("/api/classroom-schedules", {
      body: { classroomId: roomId, dayOfWeek: "Quarta", startTime: "08:30", endTime: "09:30" },
    });
    expect(overlap.response.status).toBe(409);
    const backwards = await admin.PATCH("/api/classroom-schedules/{id}", { params: { path: { id: slotId } }, body: { endTime: "07:00" } });
    expect(backwards.error?.errors?.endTime).toEqual(["Horário final deve ser maior que o horário inicial"]);
    expect(
      (
        await admin.PATCH("/api/classroom-schedules/{id}", {
          params: { path: { id: slotId } },
          body: { startTime: "10:00", endTime: "11:00" },
        })
      ).data,
    ).toMatchObject({ startTime: "10:00", endTime: "11:00" });
    expect((await admin.DELETE("/api/classroom-schedules/{id}", { params: { path: { id: slotId } } })).response.status).toBe(204);
    expect((await admin.DELETE("/api/classrooms/{id}", { params: { path: { id: roomId } } })).response.status).toBe(204);
  });

  it("classes: numbered by the server, schedule links, references in use, validation", async () => {
    const { course, branch, room, slot } = await classSetup();
    const created = await admin.POST("/api/classes", {
      body: { courseId: course.id, responsibleId: adminId, branchId: branch.id, classroomId: room.id, scheduleIds: [slot.id] },
    });
    expect(created.response.status).toBe(201);
    const cls = created.data!;
    expect(cls).toMatchObject({ courseName: "Jazz Contrato", scheduleIds: [slot.id], active: true });
    expect(cls.schedules[0].label).toBe("Terça 18:00-19:00");

    expect((await client.GET("/api/classes")).data?.some((c) => c.id === cls.id)).toBe(true);
    expect((await client.GET("/api/classes", { params: { query: { branchId: branch.id } } })).data?.map((c) => c.id)).toEqual([cls.id]);
    expect((await client.GET("/api/classes/{id}", { params: { path: { id: cls.id } } })).data?.classNumber).toBe(cls.classNumber);
    expect((await client.GET("/api/classes/{id}/schedules", { params: { path: { id: cls.id } } })).data?.map((l) => l.scheduleId)).toEqual([
      slot.id,
    ]);
    expect((await client.GET("/api/class-schedules")).data?.some((l) => l.classId === cls.id)).toBe(true);
    expect((await admin.PATCH("/api/classes/{id}", { params: { path: { id: cls.id } }, body: { active: false } })).data?.active).toBe(
      false,
    );
    const empty = await admin.PATCH("/api/classes/{id}", { params: { path: { id: cls.id } }, body: { scheduleIds: [] } });
    expect(empty.error?.errors?.scheduleIds).toEqual(["Selecione pelo menos um horário"]);
    expect((await admin.DELETE("/api/courses/{id}", { params: { path: { id: course.id } } })).response.status).toBe(409);
    expect((await team.DELETE("/api/classes/{id}", { params: { path: { id: cls.id } } })).response.status).toBe(403);
    expect((await admin.DELETE("/api/classes/{id}", { params: { path: { id: cls.id } } })).response.status).toBe(204);
    expect((await admin.GET("/api/classes/{id}/schedules", { params: { path: { id: cls.id } } })).response.status).toBe(404);
  });

  it("guardians and guardian persons: create with the client user, pages, primary rules, delete", async () => {
    const person = (over: Record<string, unknown> = {}) => ({
      fullName: "Maria Contrato",
      cpf: cpf(),
      email: email("maria"),
      birthDate: "1985-04-12",
      phone: "(11) 98765-4321",
      ...over,
    });
    const primary = person({ isPrimary: true });
    const created = await admin.POST("/api/guardians", {
      body: { address: "Rua das Flores, 100", persons: [primary, person({ fullName: "João Contrato" })] },
    });
    expect(created.response.status).toBe(201);
    const g = created.data!;
    expect(g.userId).toEqual(expect.any(String));
    const [first, second] = g.persons;
    expect(first).toMatchObject({ email: primary.email, isPrimary: true, phone: "11987654321" });

    expect((await team.GET("/api/guardians")).data?.some((x) => x.id === g.id)).toBe(true);
    const page = await team.GET("/api/guardians", { params: { query: { q: primary.email, page: 1 } } });
    expect(page.data?.map((x) => x.id)).toEqual([g.id]);
    expect(page.response.headers.get("X-Total-Count")).toBe("1");
    expect((await team.GET("/api/guardians/{id}", { params: { path: { id: g.id } } })).data?.address).toBe("Rua das Flores, 100");
    expect((await team.GET("/api/guardians/{id}/persons", { params: { path: { id: g.id } } })).data?.length).toBe(2);
    expect((await team.GET("/api/guardian-persons/{id}", { params: { path: { id: second.id } } })).data?.fullName).toBe("João Contrato");

    const bad = await admin.PATCH("/api/guardian-persons/{id}", { params: { path: { id: second.id } }, body: { birthDate: "1985-02-30" } });
    expect(bad.error?.errors?.birthDate).toEqual(["Data de nascimento inválida"]);
    const promoted = await admin.PATCH("/api/guardian-persons/{id}", { params: { path: { id: second.id } }, body: { isPrimary: true } });
    expect(promoted.data?.isPrimary).toBe(true);
    expect((await admin.DELETE("/api/guardian-persons/{id}", { params: { path: { id: second.id } } })).response.status).toBe(409);
    expect((await admin.DELETE("/api/guardian-persons/{id}", { params: { path: { id: first.id } } })).response.status).toBe(204);

    const none = await admin.POST("/api/guardians", { body: { address: "Rua X", persons: [] } });
    expect(none.error?.errors?.persons).toEqual(["Adicione pelo menos uma pessoa"]);
    const taken = await admin.POST("/api/guardians", { body: { address: "Rua Y", persons: [person({ email: primary.email })] } });
    expect(taken.response.status).toBe(409);
    expect((await client.DELETE("/api/guardians/{id}", { params: { path: { id: g.id } } })).response.status).toBe(403);
    expect((await admin.DELETE("/api/guardians/{id}", { params: { path: { id: g.id } } })).response.status).toBe(204);
    expect((await admin.GET("/api/guardians/{id}", { params: { path: { id: g.id } } })).response.status).toBe(404);
  });

  it("trials and their histories: Team creates and moves status, months, validation, delete", async () => {
    const { course, branch, room, slot } = await classSetup();
    const cls = (
      await admin.POST("/api/classes", {
        body: { courseId: course.id, responsibleId: adminId, branchId: branch.id, classroomId: room.id, scheduleIds: [slot.id] },
      })
    ).data!;
    const created = await team.POST("/api/trials", {
      body: {
        guardianName: "Paula Contrato",
        studentName: "Lia Contrato",
        classId: cls.id,
        whatsappNumber: "(11) 91234-5678",
        scheduledDate: "2031-03-18",
        scheduledTime: "18:00",
      },
    });
    expect(created.response.status).toBe(201);
    const trial = created.data!;
    expect(trial).toMatchObject({ status: "Agendado", origin: "Outros", whatsappNumber: "11912345678" });

    expect((await team.GET("/api/trials")).data?.some((t) => t.id === trial.id)).toBe(true);
    expect((await team.GET("/api/trials", { params: { query: { month: "2031-03" } } })).data?.map((t) => t.id)).toEqual([trial.id]);
    expect((await team.GET("/api/trials", { params: { query: { month: "março" } } })).response.status).toBe(400);
    // One page through the typed client: limit is a documented integer, the next page comes in Link.
    const everyTrial = (await team.GET("/api/trials")).data!;
    const page = await team.GET("/api/trials", { params: { query: { limit: 1 } } });
    expect(page.data).toEqual(everyTrial.slice(0, 1));
    expect(page.response.headers.get("Link") !== null).toBe(everyTrial.length > 1);
    expect((await team.GET("/api/trials", { params: { query: { limit: 0 } } })).error?.message).toMatch(/^Limite inválido/);
    expect((await team.GET("/api/trials/{id}", { params: { path: { id: trial.id } } })).data?.studentName).toBe("Lia Contrato");

    const moved = await team.PATCH("/api/trials/{id}", { params: { path: { id: trial.id } }, body: { status: "Compareceu" } });
    expect(moved.data?.status).toBe("Compareceu");
    const edited = await admin.PATCH("/api/trials/{id}", {
      params: { path: { id: trial.id } },
      body: { origin: "Indicação", scheduledTime: "18:30" },
    });
    expect(edited.data).toMatchObject({ origin: "Indicação", scheduledTime: "18:30", status: "Compareceu" });
    const history = (await team.GET("/api/trials/{id}/history", { params: { path: { id: trial.id } } })).data!;
    expect(history.map((h) => h.status)).toEqual(["Agendado", "Compareceu"]);
    expect((await team.GET("/api/trials/all-histories")).data?.[trial.id]?.length).toBe(2);
    expect(Object.keys((await team.GET("/api/trials/all-histories", { params: { query: { month: "2031-03" } } })).data ?? {})).toEqual([
      trial.id,
    ]);

    const invalid = await team.POST("/api/trials", {
      body: {
        guardianName: "",
        studentName: "Lia",
        classId: cls.id,
        whatsappNumber: "123",
        scheduledDate: "2031-13-01",
        scheduledTime: "25:00",
      },
    });
    expect(invalid.error?.errors).toMatchObject({
      guardianName: ["Nome do responsável é obrigatório"],
      whatsappNumber: ["Número do WhatsApp é obrigatório"],
      scheduledDate: ["Data inválida"],
      scheduledTime: ["Horário inválido"],
    });
    expect(
      (await client.PATCH("/api/trials/{id}", { params: { path: { id: trial.id } }, body: { status: "Reagendado" } })).response.status,
    ).toBe(403);
    expect((await admin.DELETE("/api/classes/{id}", { params: { path: { id: cls.id } } })).response.status).toBe(409);
    expect((await team.DELETE("/api/trials/{id}", { params: { path: { id: trial.id } } })).response.status).toBe(204);
    expect((await team.GET("/api/trials/{id}/history", { params: { path: { id: trial.id } } })).response.status).toBe(404);
  });

  it("students and enrolments: Team registers and enrols, the waiting list, Administrator cancels, enrolment from a trial", async () => {
    const { course, branch, slot } = await classSetup();
    const room = (await admin.POST("/api/classrooms", { body: { branchId: branch.id, name: "Sala Pequena", capacity: 1 } })).data!;
    const small = (
      await admin.POST("/api/classroom-schedules", {
        body: { classroomId: room.id, dayOfWeek: "Quarta", startTime: "18:00", endTime: "19:00" },
      })
    ).data!;
    expect(slot.id).toBeTruthy();
    const cls = (
      await admin.POST("/api/classes", {
        body: { courseId: course.id, responsibleId: adminId, branchId: branch.id, classroomId: room.id, scheduleIds: [small.id] },
      })
    ).data!;
    const offer = (
      await admin.POST("/api/offers", {
        body: { name: "Plano Contrato", monthlyValue: "180.00", checkoutLink: "https://pagar.exemplo.com/c", branchId: branch.id },
      })
    ).data!;
    const guardian = (
      await admin.POST("/api/guardians", {
        body: {
          address: "Rua dos Alunos, 5",
          persons: [
            {
              fullName: "Rita Contrato",
              cpf: "52998224725",
              email: email("rita"),
              birthDate: "1982-04-05",
              phone: "11911112222",
              isPrimary: true,
            },
          ],
        },
      })
    ).data!;

    const created = await team.POST("/api/students", {
      body: { guardianId: guardian.id, fullName: "Nina Contrato", birthDate: "2017-08-09" },
    });
    expect(created.response.status).toBe(201);
    const nina = created.data!;
    const second = (await team.POST("/api/students", { body: { guardianId: guardian.id, fullName: "Olga Contrato" } })).data!;
    expect((await team.GET("/api/students", { params: { query: { guardianId: guardian.id } } })).data?.map((s) => s.id)).toEqual([
      nina.id,
      second.id,
    ]);
    expect((await team.GET("/api/students/{id}", { params: { path: { id: nina.id } } })).data?.birthDate).toBe("2017-08-09");
    const renamed = await admin.PATCH("/api/students/{id}", { params: { path: { id: second.id } }, body: { notes: "Alergia a amendoim" } });
    expect(renamed.data?.notes).toBe("Alergia a amendoim");
    expect((await team.POST("/api/students", { body: { guardianId: guardian.id, fullName: "" } })).error?.errors).toEqual({
      fullName: ["Nome do aluno é obrigatório"],
    });

    const enrolled = await team.POST("/api/enrollments", {
      body: { studentId: nina.id, classId: cls.id, offerId: offer.id, startDate: "2031-03-19" },
    });
    expect(enrolled.response.status).toBe(201);
    expect(enrolled.data?.status).toBe("Ativa");
    const full = await team.POST("/api/enrollments", {
      body: { studentId: second.id, classId: cls.id, offerId: offer.id, startDate: "2031-03-19" },
    });
    expect([full.response.status, full.error?.message]).toEqual([409, "Turma lotada"]);
    const waiting = await team.POST("/api/enrollments", {
      body: { studentId: second.id, classId: cls.id, offerId: offer.id, startDate: "2031-03-19", waitlist: true },
    });
    expect([waiting.data?.status, waiting.data?.waitlistPosition]).toEqual(["Em espera", 1]);
    expect((await team.GET("/api/enrollments", { params: { query: { classId: cls.id } } })).data?.length).toBe(2);
    expect((await team.GET("/api/enrollments/{id}", { params: { path: { id: enrolled.data!.id } } })).data?.offerId).toBe(offer.id);
    const roster = (await team.GET("/api/classes/{id}/enrollments", { params: { path: { id: cls.id } } })).data!;
    expect([roster.capacity, roster.active, roster.waitlist.map((e) => e.studentName)]).toEqual([1, 1, ["Olga Contrato"]]);

    const cancelled = await admin.PATCH("/api/enrollments/{id}", {
      params: { path: { id: enrolled.data!.id } },
      body: { status: "Cancelada", cancelReason: "Mudança de horário" },
    });
    expect(cancelled.data?.status).toBe("Cancelada");
    expect((await team.GET("/api/enrollments/{id}", { params: { path: { id: waiting.data!.id } } })).data?.status).toBe("Ativa");
    expect((await admin.DELETE("/api/students/{id}", { params: { path: { id: nina.id } } })).response.status).toBe(409);
    const loose = (await team.POST("/api/students", { body: { guardianId: guardian.id, fullName: "Sem Matrícula" } })).data!;
    expect((await admin.DELETE("/api/students/{id}", { params: { path: { id: loose.id } } })).response.status).toBe(204);

    // From a trial, with a new family.
    const bigRoom = (await admin.POST("/api/classrooms", { body: { branchId: branch.id, name: "Sala Grande", capacity: 10 } })).data!;
    const bigSlot = (
      await admin.POST("/api/classroom-schedules", {
        body: { classroomId: bigRoom.id, dayOfWeek: "Sexta", startTime: "18:00", endTime: "19:00" },
      })
    ).data!;
    const big = (
      await admin.POST("/api/classes", {
        body: { courseId: course.id, responsibleId: adminId, branchId: branch.id, classroomId: bigRoom.id, scheduleIds: [bigSlot.id] },
      })
    ).data!;
    const trial = (
      await team.POST("/api/trials", {
        body: {
          guardianName: "Vera Contrato",
          studentName: "Yara Contrato",
          classId: big.id,
          whatsappNumber: "11933334444",
          scheduledDate: "2031-03-21",
          scheduledTime: "18:00",
        },
      })
    ).data!;
    const fromTrial = await team.POST("/api/trials/{id}/enroll", {
      params: { path: { id: trial.id } },
      body: {
        guardian: {
          address: "Rua Nova, 10",
          persons: [
            {
              fullName: "Vera Contrato",
              cpf: "11144477735",
              email: email("vera"),
              birthDate: "1985-01-01",
              phone: "11933334444",
              isPrimary: true,
            },
          ],
        },
        offerId: offer.id,
        startDate: "2031-03-21",
      },
    });
    expect(fromTrial.response.status).toBe(201);
    expect(fromTrial.data?.student.fullName).toBe("Yara Contrato");
    expect(fromTrial.data?.trial.enrollmentId).toBe(fromTrial.data?.enrollment.id);
  });

  it("attendance and make-ups: sessions, a roll call saved by Team, a student's attendance, a make-up booked, moved and cancelled", async () => {
    // Classes with past sessions need a creation date in the past: written directly.
    const cls = await sessionClass({ daysAgo: 40 });
    const target = await sessionClass({ courseId: cls.courseId, daysAgo: 40 });
    const { pupils } = await enrolled(cls, 2, { prefix: "Contrato" });
    const date = notSunday(addDays(TODAY(), -2), -1);
    const scheduleId = cls.scheduleOn(date);

    const sessions = await team.GET("/api/classes/{id}/sessions", {
      params: { path: { id: cls.id }, query: { from: addDays(TODAY(), -7), to: TODAY() } },
    });
    expect(sessions.data?.some((s) => s.date === date && s.scheduleId === scheduleId && s.enrolled === 2)).toBe(true);
    const empty = await team.GET("/api/classes/{id}/attendance", { params: { path: { id: cls.id }, query: { date, scheduleId } } });
    expect(empty.data?.records.map((r) => r.status)).toEqual([null, null]);
    const saved = await team.PUT("/api/classes/{id}/attendance", {
      params: { path: { id: cls.id } },
      body: {
        date,
        scheduleId,
        records: [
          { enrollmentId: pupils[0].enrollment.id, status: "Falta", note: "Avisou" },
          { enrollmentId: pupils[1].enrollment.id, status: "Presente" },
        ],
      },
    });
    expect(saved.data?.taken).toBe(true);
    const future = await team.PUT("/api/classes/{id}/attendance", {
      params: { path: { id: cls.id } },
      body: { date: notSunday(addDays(TODAY(), 1), 1), scheduleId: cls.scheduleOn(notSunday(addDays(TODAY(), 1), 1)), records: [] },
    });
    expect([future.response.status, future.error?.message]).toEqual([400, "Não é possível registrar presença em data futura"]);

    const history = (await team.GET("/api/students/{id}/attendance", { params: { path: { id: pupils[0].student.id } } })).data!;
    expect([history.presenceRate, history.absences.length]).toEqual([0, 1]);
    const absenceId = history.absences[0].id;
    const options = (await team.GET("/api/makeups/options", { params: { query: { absenceId } } })).data!;
    expect(options.length).toBeGreaterThan(1);
    expect(options.every((o) => o.classId === target.id)).toBe(true);
    const booked = await team.POST("/api/makeups", {
      body: { absenceId, classId: options[0].classId, scheduleId: options[0].scheduleId, date: options[0].date },
    });
    expect(booked.response.status).toBe(201);
    const again = await team.POST("/api/makeups", {
      body: { absenceId, classId: options[1].classId, scheduleId: options[1].scheduleId, date: options[1].date },
    });
    expect([again.response.status, again.error?.message]).toEqual([409, "Esta falta já tem reposição"]);
    const id = booked.data!.id;
    expect((await team.GET("/api/makeups", { params: { query: { studentId: pupils[0].student.id } } })).data?.map((m) => m.id)).toEqual([
      id,
    ]);
    expect((await team.GET("/api/makeups/{id}", { params: { path: { id } } })).data?.status).toBe("Agendada");
    const moved = await team.PATCH("/api/makeups/{id}", {
      params: { path: { id } },
      body: { scheduleId: options[1].scheduleId, date: options[1].date },
    });
    expect(moved.data?.date).toBe(options[1].date);
    expect((await team.DELETE("/api/makeups/{id}", { params: { path: { id } } })).response.status).toBe(204);
    expect((await team.GET("/api/makeups/{id}", { params: { path: { id } } })).response.status).toBe(404);
    // An absence written directly is listed too.
    const before = notSunday(addDays(date, -1), -1);
    await makeAttendance({
      enrollmentId: pupils[1].enrollment.id,
      classId: cls.id,
      scheduleId: cls.scheduleOn(before),
      date: before,
      status: "Falta",
    });
    expect((await team.GET("/api/students/{id}/attendance", { params: { path: { id: pupils[1].student.id } } })).data?.records.length).toBe(
      2,
    );
  });

  it("the funnel's end: owner, lost and reopened, outcome filters, follow-up tasks", async () => {
    const { course, branch, room, slot } = await classSetup();
    const cls = (
      await admin.POST("/api/classes", {
        body: { courseId: course.id, responsibleId: adminId, branchId: branch.id, classroomId: room.id, scheduleIds: [slot.id] },
      })
    ).data!;
    const trial = (
      await team.POST("/api/trials", {
        body: {
          guardianName: "Rita Funil",
          studentName: "Bia Funil",
          classId: cls.id,
          whatsappNumber: "11912345678",
          scheduledDate: "2031-04-15",
          scheduledTime: "18:00",
          ownerId: adminId,
        },
      })
    ).data!;
    expect(trial).toMatchObject({ ownerId: adminId, outcome: null });
    const lost = await team.POST("/api/trials/{id}/lose", { params: { path: { id: trial.id } }, body: { lostReason: "Distância" } });
    expect(lost.data).toMatchObject({ outcome: "Perdido", lostReason: "Distância", lostNote: null });
    const filtered = await team.GET("/api/trials", { params: { query: { month: "2031-04", outcome: "Perdido", ownerId: adminId } } });
    expect(filtered.data?.map((t) => t.id)).toEqual([trial.id]);
    const reopened = await team.POST("/api/trials/{id}/reopen", { params: { path: { id: trial.id } } });
    expect(reopened.data?.outcome).toBeNull();

    const task = await admin.POST("/api/tasks", { body: { trialId: trial.id, dueAt: "2031-04-16", note: "Ligar" } });
    expect(task.response.status).toBe(201);
    expect(task.data).toMatchObject({ ownerId: adminId, dueAt: "2031-04-16", doneAt: null });
    const listed = await admin.GET("/api/tasks", { params: { query: { ownerId: adminId, due: "next", done: "false" } } });
    expect(listed.data?.some((t) => t.id === task.data!.id)).toBe(true);
    const done = await admin.PATCH("/api/tasks/{id}", { params: { path: { id: task.data!.id } }, body: { done: true } });
    expect(done.data?.doneAt).toEqual(expect.any(String));
    expect((await client.GET("/api/tasks")).response.status).toBe(403);
    expect((await admin.DELETE("/api/tasks/{id}", { params: { path: { id: task.data!.id } } })).response.status).toBe(204);
  });

  it("the audit trail: an administrator reads it whole, filtered and by page; Team is refused", async () => {
    const course = (await admin.POST("/api/courses", { body: { name: `Curso Auditoria ${randomUUID().slice(0, 6)}` } })).data!;
    const entries = (await admin.GET("/api/audit", { params: { query: { entity: "courses", entityId: course.id } } })).data!;
    expect(entries.map((e) => [e.action, e.userId])).toEqual([["create", adminId]]);
    const page = await admin.GET("/api/audit", { params: { query: { userId: adminId, page: 1, pageSize: 5 } } });
    expect(page.data!.length).toBeGreaterThan(0);
    expect((await team.GET("/api/audit")).response.status).toBe(403);
  });

  it("the job queue: an administrator lists the failed jobs and retries one; Team is refused", async () => {
    const job = await makeFailedJob({ lastError: "Banco não respondeu em 10 s" });
    const failed = (await admin.GET("/api/jobs", { params: { query: { status: "failed" } } })).data!;
    expect(failed.find((j) => j.id === job.id)?.lastError).toBe("Banco não respondeu em 10 s");
    const retried = await admin.POST("/api/jobs/{id}/retry", { params: { path: { id: job.id } } });
    expect(retried.data?.status).toBe("pending");
    expect((await team.GET("/api/jobs")).response.status).toBe(403);
  });

  it("the reports: Team reads the funnel, the students, the attendance and the finance of a period; a Client is refused", async () => {
    const period = { from: "2019-01-01", to: "2019-12-31" };
    const funnel = await team.GET("/api/reports/funnel", { params: { query: { ...period, by: "course" } } });
    expect(funnel.data!.steps.map((s) => s.step)).toEqual(["Experimentais", "Compareceu", "Quer Matricular", "Matriculado"]);
    const students = await admin.GET("/api/reports/students", { params: { query: period } });
    expect(students.data!.months).toHaveLength(12);
    const attendance = await team.GET("/api/reports/attendance", { params: { query: { ...period, by: "teacher" } } });
    expect(attendance.data!.by).toBe("teacher");
    const finance = await team.GET("/api/reports/finance", { params: { query: period } });
    expect(finance.data!.months).toHaveLength(12);
    expect(finance.data!.overdue.buckets.map((b) => b.bucket)).toEqual(["1–30", "31–60", "61–90", "90+"]);
    expect(finance.data!.byMethod.map((m) => m.method)).toEqual(["Pix", "Dinheiro", "Cartão", "Transferência", "Boleto"]);
    const tooLong = await team.GET("/api/reports/funnel", { params: { query: { from: "2019-01-01", to: "2021-12-31" } } });
    expect(tooLong.response.status).toBe(400);
    expect((await client.GET("/api/reports/students")).response.status).toBe(403);
  });

  it("the document itself is served to anyone", async () => {
    const res = await anon.GET("/api/openapi.json");
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ openapi: "3.1.0" });
  });

  it("the family's space: a Client reads its own family (404 without one)", async () => {
    expect((await client.GET("/api/family")).response.status).toBe(404);
    const { guardian } = await makeGuardian(1);
    await guardian.update({ userId: clientId });
    const student = await makeStudent(guardian.id, { fullName: "Caio Contrato" });
    const family = await client.GET("/api/family");
    expect(family.data?.guardian.id).toBe(guardian.id);
    expect(family.data?.students.map((s) => s.student.fullName)).toEqual([student.fullName]);
    expect((await team.GET("/api/family")).response.status).toBe(404);
    const finance = await client.GET("/api/family/finance");
    expect(finance.data).toMatchObject({ overdue: [], upcoming: [], history: [], dueToday: "0.00" });
    expect((await team.GET("/api/family/finance")).response.status).toBe(404);
  });

  it("the family's LGPD requests: its file, then its anonymisation (Administrator)", async () => {
    const { guardian, persons } = await makeGuardian(2);
    await makeStudent(guardian.id, { fullName: "Lia Contrato" });
    const file = await admin.GET("/api/guardians/{id}/export", { params: { path: { id: guardian.id } } });
    expect(file.response.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(file.data?.tables.guardian_persons.length).toBe(2);
    const done = await admin.POST("/api/guardians/{id}/anonymize", {
      params: { path: { id: guardian.id } },
      body: { reason: "Pedido da família", confirmName: persons[0].fullName },
    });
    expect(done.data).toMatchObject({ guardianId: guardian.id, persons: 2, students: 1 });
    expect((await team.GET("/api/guardians/{id}/export", { params: { path: { id: guardian.id } } })).response.status).toBe(403);
  });

  it("the family's own actions: warn of an absence and withdraw it, book a make-up, edit a phone and the address", async () => {
    const cls = await sessionClass({ daysAgo: 40 });
    const other = await sessionClass({ courseId: cls.courseId, startTime: "15:00", daysAgo: 40 });
    // A second Client, so the first one's family above stays as it is.
    const parent = await signedIn("Client");
    const own = parent.api;
    const { guardian, persons, pupils } = await enrolled(cls, 1);
    await guardian.update({ userId: parent.id });
    const enrollmentId = pupils[0].enrollment.id;
    const next = notSunday(addDays(TODAY(), 1), 1);
    const warned = await own.POST("/api/family/absences", {
      body: { enrollmentId, date: next, scheduleId: cls.scheduleOn(next), note: "Consulta" },
    });
    expect(warned.response.status).toBe(201);
    const withdrawn = await own.DELETE("/api/family/absences/{id}", { params: { path: { id: warned.data!.id } } });
    expect(withdrawn.response.status).toBe(204);
    const past = notSunday(addDays(TODAY(), -1), -1);
    const absence = await makeAttendance({ enrollmentId, classId: cls.id, scheduleId: cls.scheduleOn(past), date: past, status: "Falta" });
    const booked = await own.POST("/api/family/makeups", {
      body: { absenceId: absence.id, classId: other.id, scheduleId: other.scheduleOn(next), date: next },
    });
    expect(booked.response.status).toBe(201);
    const person = await own.PATCH("/api/family/persons/{id}", {
      params: { path: { id: persons[0].id } },
      body: { phone: "(11) 91234-5678" },
    });
    expect(person.data?.phone).toBe("11912345678");
    const address = await own.PATCH("/api/family/address", { body: { address: "Rua Nova da Família, 7" } });
    expect(address.data?.address).toBe("Rua Nova da Família, 7");
  });

  it("money: settings, a month generated, a one-off charge, a payment reversed, the Pix code, the overdue and the summary", async () => {
    const cls = await sessionClass();
    const { pupils } = await enrolled(cls, 2);
    const branchId = cls.branchId;
    expect((await team.GET("/api/branches/{id}/billing-settings", { params: { path: { id: branchId } } })).data?.dueDay).toBe(10);
    const settings = await admin.PUT("/api/branches/{id}/billing-settings", {
      params: { path: { id: branchId } },
      body: { pixKey: "+5511987654321", payeeName: "Escola Contrato", payeeCity: "Campinas", dueDay: 5 },
    });
    expect(settings.data?.pixKeyKind).toBe("phone");
    const month = "2032-02";
    const preview = await admin.GET("/api/charges/generate", { params: { query: { month, branchId } } });
    expect(preview.data?.count).toBe(2);
    const generated = await admin.POST("/api/charges/generate", { body: { month, branchId } });
    expect(generated.data).toMatchObject({ created: 2, skipped: 0 });
    const list = await team.GET("/api/charges", { params: { query: { branchId, month } } });
    expect(list.data).toHaveLength(2);
    const oneOff = await admin.POST("/api/charges", {
      body: {
        guardianId: pupils[0].student.guardianId,
        branchId,
        description: "Figurino",
        amount: "120.00",
        dueDate: addDays(TODAY(), -3),
      },
    });
    expect(oneOff.response.status).toBe(201);
    const id = oneOff.data!.id;
    const due = await team.GET("/api/charges/{id}/due", { params: { path: { id }, query: { date: TODAY() } } });
    expect(due.data?.fine).toBe("2.40");
    const paid = await team.POST("/api/charges/{id}/payments", {
      params: { path: { id } },
      body: { amount: "50.00", paidOn: TODAY(), method: "Pix" },
    });
    expect(paid.response.status).toBe(201);
    // Reversing is the Administrator's (issue 39).
    const reversed = await admin.POST("/api/payments/{id}/reverse", {
      params: { path: { id: paid.data!.payments[0].id } },
      body: { reason: "Engano" },
    });
    expect(reversed.data?.paid).toBe("0.00");
    expect((await team.GET("/api/charges/{id}", { params: { path: { id } } })).data?.history.length).toBe(3);
    expect((await team.GET("/api/charges/{id}/pix", { params: { path: { id } } })).data?.txid).toBe(oneOff.data!.code);
    expect((await team.GET("/api/billing/overdue", { params: { query: { branchId } } })).data?.[0].guardianId).toBe(
      pupils[0].student.guardianId,
    );
    expect((await admin.GET("/api/billing/summary", { params: { query: { branchId } } })).response.status).toBe(200);
    expect((await admin.POST("/api/charges/{id}/waive", { params: { path: { id } }, body: { reason: "Acordo" } })).data?.feesWaived).toBe(
      true,
    );
    expect((await admin.POST("/api/charges/{id}/cancel", { params: { path: { id } }, body: { reason: "Desistência" } })).data?.status).toBe(
      "Cancelada",
    );
  });

  it("the bank connection: connect a branch (to a bank that does not listen), read it, check it, disconnect it", async () => {
    const { branchId } = await sessionClass();
    const { client } = testCertificates();
    const path = { params: { path: { id: branchId } } };
    const connected = await admin.PUT("/api/branches/{id}/pix-provider", {
      ...path,
      body: {
        provider: "api-pix",
        baseUrl: "https://127.0.0.1:9/api",
        tokenUrl: "https://127.0.0.1:9/oauth/token",
        clientId: "contrato",
        clientSecret: "segredo-do-contrato",
        certificatePem: client.certificatePem,
        privateKeyPem: client.privateKeyPem,
      },
    });
    expect(connected.data?.status).toBe("unchecked");
    expect((await admin.GET("/api/branches/{id}/pix-provider", path)).data?.clientId).toBe("contrato");
    expect((await admin.POST("/api/branches/{id}/pix-provider/check", path)).data?.ok).toBe(false);
    expect((await admin.PUT("/api/branches/{id}/pix-provider", { ...path, body: { provider: "none" } })).data?.provider).toBe("none");
  });

  it("money received from the bank: the webhook, 'Conciliar agora', the lists, a Pix linked, its refund", async () => {
    const bank = await startFakeApiPixBank();
    try {
      const { branchId } = await sessionClass();
      const pixKey = `contrato.${randomUUID().slice(0, 8)}@escola.com.br`;
      const connected = await admin.PUT("/api/branches/{id}/pix-provider", {
        params: { path: { id: branchId } },
        body: { provider: "api-pix", pixKey, ...bank.connection() },
      });
      const secretPath = new URL(connected.data!.webhookUrl!).pathname.split("/");
      const [secret] = secretPath.slice(-1);
      const received = bank.receivePix({ valor: "120.00", chave: pixKey, infoPagador: "Contrato" });
      const posted = await typed().POST("/api/webhooks/pix/{branchId}/{secret}/pix", {
        params: { path: { branchId, secret } },
        body: { pix: [{ endToEndId: received.endToEndId, valor: received.valor, horario: received.horario }] },
      });
      expect(posted.data?.received).toBe(1);
      const run = await team.POST("/api/billing/reconciliation/run", { body: { branchId } });
      expect(run.data?.runs[0].branchId).toBe(branchId);
      const listed = await team.GET("/api/billing/reconciliation", { params: { query: { branchId } } });
      expect(listed.data?.pixWithoutCharge.map((p) => p.endToEndId)).toEqual([received.endToEndId]);
      const { guardian } = await makeGuardian(1);
      const charge = await makeCharge({ guardianId: guardian.id, branchId, amountCents: 12_000, dueDate: addDays(TODAY(), 5) });
      const linked = await team.POST("/api/billing/reconciliation/pix/{e2eid}/link", {
        params: { path: { e2eid: received.endToEndId } },
        body: { chargeId: charge.id },
      });
      expect(linked.data?.status).toBe("Paga");
      const paid = await admin.GET("/api/charges/{id}", { params: { path: { id: charge.id } } });
      const refund = await admin.POST("/api/payments/{id}/refund", {
        params: { path: { id: paid.data!.payments[0].id } },
        body: { reason: "Pago por engano" },
      });
      expect(refund.response.status).toBe(202);
    } finally {
      await bank.close();
    }
  });

  // Last in the file (tests run in order): each documented operation was called and succeeded at least once.
  it("exercised every documented operation with success", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(documented.filter((op) => !succeeded.has(op))).toEqual([]);
    expect(seen.size).toBeGreaterThan(documented.length);
  });
});
