import { randomUUID } from "node:crypto";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { JsonSchema, OpenApiDocument } from "~/openapi/document";
import { anonymous, signIn, type ApiClient } from "../support/http";
import {
  makeClass,
  makeClassroom,
  makeGuardian,
  makeOffer,
  makeStudent,
  makeTrial,
  makeBranch,
  makeEnrollment,
  makeUser,
} from "../support/factories";
import { addDays, enrolled, notSunday, sessionClass, TODAY } from "../support/attendance";

/**
 * The request bodies against the document the server answers: each operation's
 * example, then each field set to values just inside and just outside its
 * documented bounds and patterns. Whether the body is valid is asked of the
 * operation's request schema in GET /api/openapi.json (ajv, with formats);
 * the server must agree: a 2xx for a valid body, a 400 for an invalid one.
 */

const baseUrl = inject("baseUrl");
const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDocument;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
function requestValidator(method: string, path: string): ValidateFunction {
  const key = `${method} ${path}`;
  let v = validators.get(key);
  if (!v) {
    const schema = doc.paths[path]?.[method]?.requestBody?.content["application/json"]?.schema as JsonSchema | undefined;
    if (!schema) throw new Error(`${key} has no JSON request body in the document`);
    validators.set(key, (v = ajv.compile(schema)));
  }
  return v;
}

const ABSENT = Symbol("absent");
type Value = unknown | (() => unknown);
const tag = () => randomUUID().slice(0, 8);
let cpfCounter = Math.floor(Math.random() * 1e9);
const cpf = () => String(10_000_000_000 + (cpfCounter++ % 89_999_999_999)).slice(0, 11);
const email = () => `borda.${tag()}@exemplo.com`;

// ---- Values on both sides of each kind of rule ----
const name = (max = 200): Value[] => [
  "",
  " ",
  "\u0001",
  () => `N ${tag()}`,
  () => `N${tag()}`.padEnd(max, "a"),
  () => `N${tag()}`.padEnd(max + 1, "a"),
];
const BOOLEAN: Value[] = [true, false, "true", "on", 1, null];
const DATE: Value[] = [
  "1900-01-01",
  "1899-12-31",
  "2100-12-31",
  "2101-01-01",
  "2016-02-29",
  "2015-02-29",
  "2015-02-30",
  "2015-2-03",
  "",
  null,
  20150203,
];
/** Birth dates are not after today (a rule of the service the document describes in words): no upper edge. */
const BIRTH_DATE: Value[] = ["1900-01-01", "1899-12-31", "2016-02-29", "2015-02-29", "2015-04-31", "", null, ABSENT];
const CPF: Value[] = [
  cpf,
  () => cpf().replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, "$1.$2.$3-$4"),
  "1234567890",
  "123456789012",
  "123.456.789-0a",
  "",
];
const PHONE: Value[] = ["1198765432", "119876543", "(11) 98765-4321", "123456789012345", "1234567890123456", ""];
const WHATSAPP: Value[] = ["1198765432", "119876543", "(11) 98765-4321", "119876543210", ""];
const CAPACITY: Value[] = [
  1,
  0,
  100_000,
  100_001,
  1.5,
  -1,
  "1",
  "0",
  " 12 ",
  "100000",
  "100001",
  "000000012",
  "0000000012",
  "12a",
  "",
  null,
];
const MONEY: Value[] = [
  0.005,
  0.0049,
  189.9,
  99_999_999.99,
  99_999_999.995,
  0,
  -1,
  "189,90",
  "0,005",
  "0,0049",
  ".5",
  "1.",
  "+1",
  "-1",
  "99999999.994",
  "99999999.995",
  "0099999999.99",
  "199999999",
  "1e2",
  "abc",
  "",
  null,
];
const LINK: Value[] = [
  "https://pagamento.exemplo.com/x",
  "http://a.co",
  "ftp://a.co/x",
  "javascript:alert(1)",
  "não é url",
  "https://",
  "",
];
const START_TIME: Value[] = ["00:00", "17:59", "24:00", "9:00", "18:60", ""];
const END_TIME: Value[] = ["23:59", "18:01", "24:00", "19:5", ""];
const SCHEDULED_TIME: Value[] = ["00:00", "23:59", "24:00", "7:00", "", ABSENT];
const PASSWORD: Value[] = ["segred", "segre", "", "a".repeat(200), "a".repeat(201), null];
const EMAIL: Value[] = [
  email,
  "sem-arroba",
  () => `${tag()}${"a".repeat(233)}@exemplo.com`,
  () => `${tag()}${"a".repeat(234)}@exemplo.com`,
  "",
];

interface Example {
  url: string;
  body: Record<string, unknown>;
}
interface Case {
  method: "post" | "patch" | "put";
  /** As the document names it. */
  path: string;
  who: () => ApiClient;
  /** A fresh valid request (its own records where a success changes the state). */
  example: () => Promise<Example>;
  /** "field" or "persons.0.field" → values. */
  edges: Record<string, Value[]>;
}

function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split(".");
  let target = copy as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (value === ABSENT) delete target[last];
  else target[last] = value;
  return copy;
}

let admin: ApiClient;
let team: ApiClient;
beforeAll(async () => {
  [admin, team] = await Promise.all([signIn("Administrator"), signIn("Team")]);
});

const aDay = () => notSunday(addDays(TODAY(), 7), 1);

/** A class (capacity large enough for every success) with an active offer of its branch. */
async function roomyClass() {
  const made = await makeClass({ classroomId: undefined });
  const offer = await makeOffer(made.branchId);
  return { cls: made.cls, branchId: made.branchId, classroomId: made.classroomId, schedules: made.schedules, offer };
}

const personBody = () => ({ fullName: `Pessoa ${tag()}`, cpf: cpf(), email: email(), birthDate: "1990-05-17", phone: "11987654321" });

const CASES: Case[] = [
  {
    method: "post",
    path: "/api/users",
    who: () => admin,
    example: async () => ({
      url: "/api/users",
      body: { name: `U ${tag()}`, email: email(), password: "segredo123", userType: "Team", cpf: cpf() },
    }),
    edges: { name: name(), email: EMAIL, password: PASSWORD, cpf: [...CPF, null, "...", ABSENT], userType: ["Client", "Equipe"] },
  },
  {
    method: "patch",
    path: "/api/users/{id}",
    who: () => admin,
    example: async () => ({ url: `/api/users/${(await makeUser()).id}`, body: { name: `U ${tag()}` } }),
    edges: { password: [...PASSWORD, ABSENT], cpf: [...CPF, null], name: name() },
  },
  {
    method: "post",
    path: "/api/login",
    // Its own client: a sign-in replaces the cookie of the client that sends it.
    who: anonymous,
    example: async () => {
      const address = email();
      expect((await admin.post("/api/users", { name: "Entrar", email: address, password: "segredo123", userType: "Team" })).status).toBe(
        201,
      );
      return { url: "/api/login", body: { email: address, password: "segredo123", remember: true } };
    },
    edges: { remember: [true, false, "true", "on", ABSENT] },
  },
  {
    method: "post",
    path: "/api/branches",
    who: () => admin,
    example: async () => ({ url: "/api/branches", body: { name: `Unidade ${tag()}`, address: "Rua A, 1" } }),
    edges: { name: name(), address: name(500), active: BOOLEAN, isDefault: [false, "false", 0] },
  },
  {
    method: "post",
    path: "/api/offers",
    who: () => admin,
    example: async () => ({
      url: "/api/offers",
      body: {
        name: `Plano ${tag()}`,
        monthlyValue: 189.9,
        checkoutLink: "https://pagamento.exemplo.com/p",
        branchId: (await makeBranch()).id,
      },
    }),
    edges: { monthlyValue: MONEY, checkoutLink: LINK, active: BOOLEAN, name: name() },
  },
  {
    method: "patch",
    path: "/api/offers/{id}",
    who: () => admin,
    example: async () => ({ url: `/api/offers/${(await makeOffer((await makeBranch()).id)).id}`, body: { monthlyValue: "150,00" } }),
    edges: { monthlyValue: MONEY, checkoutLink: LINK, active: BOOLEAN },
  },
  {
    method: "post",
    path: "/api/classrooms",
    who: () => admin,
    example: async () => ({ url: "/api/classrooms", body: { branchId: (await makeBranch()).id, name: `Sala ${tag()}`, capacity: 12 } }),
    edges: { capacity: CAPACITY, name: name() },
  },
  {
    method: "patch",
    path: "/api/classrooms/{id}",
    who: () => admin,
    example: async () => ({ url: `/api/classrooms/${(await makeClassroom((await makeBranch()).id)).id}`, body: { capacity: 30 } }),
    edges: { capacity: CAPACITY },
  },
  {
    method: "post",
    path: "/api/classroom-schedules",
    who: () => admin,
    example: async () => ({
      url: "/api/classroom-schedules",
      body: { classroomId: (await makeClassroom((await makeBranch()).id)).id, dayOfWeek: "Terça", startTime: "18:00", endTime: "19:00" },
    }),
    edges: { startTime: START_TIME, endTime: END_TIME, dayOfWeek: ["Sábado", "Domingo", ABSENT] },
  },
  {
    method: "post",
    path: "/api/courses",
    who: () => admin,
    example: async () => ({ url: "/api/courses", body: { name: `Curso ${tag()}` } }),
    edges: { name: name(), active: BOOLEAN },
  },
  {
    method: "patch",
    path: "/api/classes/{id}",
    who: () => admin,
    example: async () => ({ url: `/api/classes/${(await makeClass()).cls.id}`, body: { active: false } }),
    edges: { active: BOOLEAN },
  },
  {
    method: "post",
    path: "/api/guardians",
    who: () => admin,
    example: async () => ({ url: "/api/guardians", body: { address: "Rua B, 2", persons: [personBody()] } }),
    edges: {
      "persons.0.cpf": CPF,
      "persons.0.phone": PHONE,
      "persons.0.birthDate": BIRTH_DATE,
      "persons.0.email": EMAIL,
      "persons.0.fullName": name(),
      "persons.0.isPrimary": BOOLEAN,
      address: name(500),
    },
  },
  {
    method: "patch",
    path: "/api/guardian-persons/{id}",
    who: () => admin,
    example: async () => ({ url: `/api/guardian-persons/${(await makeGuardian(1)).persons[0].id}`, body: { phone: "11912345678" } }),
    edges: { phone: PHONE, birthDate: BIRTH_DATE, cpf: CPF, isPrimary: [true, "true", "on"] },
  },
  {
    method: "post",
    path: "/api/trials",
    who: () => team,
    example: async () => ({
      url: "/api/trials",
      body: {
        guardianName: "Mãe",
        studentName: "Filha",
        classId: (await makeClass()).cls.id,
        whatsappNumber: "11987654321",
        scheduledDate: aDay(),
        scheduledTime: "08:00",
      },
    }),
    edges: {
      scheduledDate: DATE,
      scheduledTime: SCHEDULED_TIME,
      whatsappNumber: WHATSAPP,
      guardianName: name(),
      origin: ["Indicação", "Instagram", ABSENT],
    },
  },
  {
    method: "patch",
    path: "/api/trials/{id}",
    who: () => team,
    example: async () => ({ url: `/api/trials/${(await makeTrial((await makeClass()).cls.id)).id}`, body: { scheduledTime: "09:00" } }),
    edges: { scheduledDate: DATE, scheduledTime: SCHEDULED_TIME, whatsappNumber: WHATSAPP, status: ["Compareceu", "compareceu"] },
  },
  {
    method: "post",
    path: "/api/students",
    who: () => admin,
    example: async () => ({
      url: "/api/students",
      body: { guardianId: (await makeGuardian(1)).guardian.id, fullName: `Aluno ${tag()}`, birthDate: "2016-03-10" },
    }),
    edges: { birthDate: BIRTH_DATE, active: BOOLEAN, fullName: name(), notes: ["", null, "a".repeat(2000), "a".repeat(2001)] },
  },
  {
    method: "patch",
    path: "/api/students/{id}",
    who: () => admin,
    example: async () => {
      const { guardian } = await makeGuardian(1);
      return { url: `/api/students/${(await makeStudent(guardian.id)).id}`, body: { fullName: `Aluno ${tag()}` } };
    },
    edges: { birthDate: BIRTH_DATE, active: BOOLEAN },
  },
  {
    method: "post",
    path: "/api/trials/{id}/enroll",
    who: () => team,
    example: async () => {
      const { cls, offer } = await roomyClass();
      const { guardian } = await makeGuardian(1);
      const trial = await makeTrial(cls.id);
      return { url: `/api/trials/${trial.id}/enroll`, body: { guardianId: guardian.id, offerId: offer.id, startDate: aDay() } };
    },
    edges: {
      guardianId: [ABSENT],
      guardian: [() => ({ address: "Rua C, 3", persons: [personBody()] })],
      birthDate: BIRTH_DATE,
      startDate: DATE,
      waitlist: BOOLEAN,
    },
  },
  {
    method: "post",
    path: "/api/enrollments",
    who: () => admin,
    example: async () => {
      const { cls, offer } = await roomyClass();
      const { guardian } = await makeGuardian(1);
      return {
        url: "/api/enrollments",
        body: { studentId: (await makeStudent(guardian.id)).id, classId: cls.id, offerId: offer.id, startDate: aDay() },
      };
    },
    edges: { startDate: DATE, waitlist: BOOLEAN },
  },
  {
    method: "patch",
    path: "/api/enrollments/{id}",
    who: () => admin,
    example: async () => {
      const { cls, offer } = await roomyClass();
      const { guardian } = await makeGuardian(1);
      const student = await makeStudent(guardian.id);
      const enrollment = await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id, startDate: aDay() });
      return { url: `/api/enrollments/${enrollment.id}`, body: { startDate: aDay() } };
    },
    edges: { startDate: DATE },
  },
  {
    method: "put",
    path: "/api/classes/{id}/attendance",
    who: () => team,
    example: async () => {
      const cls = await sessionClass();
      const { pupils } = await enrolled(cls, 1);
      const date = notSunday(addDays(TODAY(), -1), -1);
      return {
        url: `/api/classes/${cls.id}/attendance`,
        body: { date, scheduleId: cls.scheduleOn(date), records: [{ enrollmentId: pupils[0].enrollment.id, status: "Presente" }] },
      };
    },
    // The day must be one of the class's sessions: only values no session date can be.
    edges: {
      date: ["1899-12-31", "2101-01-01", "2015-02-30", "2015-2-03", "", null],
      "records.0.note": ["", null, "a".repeat(500), "a".repeat(501)],
    },
  },
];

describe("each operation's examples and edge values: the server's verdict is the document's", () => {
  for (const c of CASES) {
    it(`${c.method.toUpperCase()} ${c.path}`, async () => {
      const validate = requestValidator(c.method, c.path);
      const first = await c.example();
      expect(validate(first.body), `the example is valid: ${ajv.errorsText(validate.errors)}`).toBe(true);
      const answer = await c.who().request(c.method.toUpperCase(), first.url, first.body);
      expect(answer.status, `example: ${JSON.stringify(answer.body)}`).toBeLessThan(300);

      const disagreements: string[] = [];
      for (const [field, values] of Object.entries(c.edges)) {
        for (const given of values) {
          const value = typeof given === "function" ? (given as () => unknown)() : given;
          const { url, body: example } = await c.example();
          const body = withValue(example, field, value);
          const valid = validate(body);
          const res = await c.who().request(c.method.toUpperCase(), url, body);
          const agrees = valid ? res.status >= 200 && res.status < 300 : res.status === 400;
          const shown = value === ABSENT ? "(absent)" : JSON.stringify(value).slice(0, 40);
          if (!agrees) {
            disagreements.push(
              `${field}=${shown}: document ${valid ? "accepts" : `refuses (${ajv.errorsText(validate.errors)})`}, server ${res.status} ${JSON.stringify(res.body?.errors ?? res.body?.message)}`,
            );
          }
        }
      }
      expect(disagreements).toEqual([]);
    });
  }
});

describe("the two leniencies of a trial, as the document says them", () => {
  it("POST /api/trials/{id}/enroll with neither guardianId nor guardian is 400 'Responsável é obrigatório'", async () => {
    const { cls, offer } = await roomyClass();
    const trial = await makeTrial(cls.id);
    const res = await team.post(`/api/trials/${trial.id}/enroll`, { offerId: offer.id, startDate: aDay() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Responsável é obrigatório", errors: { guardianId: ["Responsável é obrigatório"] } });
    // Both is still the other message.
    const both = await team.post(`/api/trials/${trial.id}/enroll`, {
      guardianId: (await makeGuardian(1)).guardian.id,
      guardian: { address: "Rua D, 4", persons: [personBody()] },
      offerId: offer.id,
      startDate: aDay(),
    });
    expect([both.status, both.body.message]).toEqual([400, "Escolha um responsável existente ou cadastre um novo"]);
  });

  it("POST /api/trials without scheduledTime takes the class's first start time, as the blank value does", async () => {
    const made = await makeClass({
      schedules: [
        { dayOfWeek: "Quarta", startTime: "16:30", endTime: "17:30" },
        { dayOfWeek: "Segunda", startTime: "18:00", endTime: "19:00" },
      ],
    });
    const body = { guardianName: "Mãe", studentName: "Filha", classId: made.cls.id, whatsappNumber: "11987654321", scheduledDate: aDay() };
    const absent = await team.post("/api/trials", body);
    const blank = await team.post("/api/trials", { ...body, scheduledTime: "" });
    expect([absent.status, blank.status]).toEqual([201, 201]);
    expect(absent.body.scheduledTime).toBe(blank.body.scheduledTime);
    expect(["16:30", "18:00"]).toContain(absent.body.scheduledTime);
  });
});
