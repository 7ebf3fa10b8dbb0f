import http from "node:http";
import fc from "fast-check";
import type { JsonSchema, OpenApiDocument } from "~/openapi/document";

/**
 * Generated requests for every operation of the OpenAPI document: each path
 * parameter, query parameter and body field gets values from the edges of its
 * type (dates past the calendar, numbers past the integers, strings with NUL,
 * control characters, RTL marks and URL metacharacters, ids of other entities,
 * malformed UUIDs, arrays where objects are expected, missing fields...). Used
 * by tests/api/generated-requests.test.ts; FUZZ_SEED and FUZZ_RUNS make a run
 * repeatable and longer.
 */

export type FuzzRole = "Administrator" | "Team" | "Client" | "anonymous";
export const FUZZ_ROLES: FuzzRole[] = ["Administrator", "Team", "Client", "anonymous"];

/** One operation of the document, as the generator needs it. */
export interface FuzzOperation {
  method: string;
  /** OpenAPI style: /api/classes/{id}/sessions */
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema, when the operation takes one. */
  jsonBody: JsonSchema | null;
  bodyRequired: boolean;
  /** Binary bodies (the upload URL): their media types. */
  binaryTypes: string[];
}

export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema, required: p.required })),
        jsonBody: content["application/json"]?.schema ? resolve(doc, content["application/json"].schema!) : null,
        bodyRequired: op.requestBody?.required ?? false,
        binaryTypes: Object.keys(content).filter((t) => t !== "application/json"),
      });
    }
  }
  return out;
}

/** Inlines `#/components/schemas/...` references (request schemas are small and not recursive). */
function resolve(doc: OpenApiDocument, schema: JsonSchema, depth = 0): JsonSchema {
  if (depth > 8) return schema;
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/")) {
    return resolve(doc, doc.components.schemas[ref.slice("#/components/schemas/".length)] ?? {}, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, JsonSchema>).map(([k, v]) => [k, resolve(doc, v, depth + 1)]),
    );
  }
  if (schema.items) out.items = resolve(doc, schema.items as JsonSchema, depth + 1);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    if (Array.isArray(schema[key])) out[key] = (schema[key] as JsonSchema[]).map((s) => resolve(doc, s, depth + 1));
  }
  return out;
}

/* ------------------------------------------------------------------------- */
/* The edges of each type.                                                   */
/* ------------------------------------------------------------------------- */

/** About a megabyte of text: just under the JSON body limit once quoted, far over any field's. */
export const ONE_MB = "a".repeat(1_000_000);

export function dateEdges(today: string): string[] {
  return [
    "0001-01-01",
    "9999-12-31",
    "2100-02-29",
    "+010000-01-01",
    "2015-02-30",
    "2024-02-29",
    "2023-02-29",
    "1900-02-29",
    "1899-12-31",
    "2101-01-01",
    "0000-00-00",
    "2026-13-01",
    "-000001-01-01",
    "2026-1-1",
    `${today}T00:00:00+16:00`,
    today,
  ];
}

export const MONTH_EDGES = ["0001-01", "9999-12", "+10000-01", "2026-13", "2026-00", "2100-02", "0000-01"];

export const NUMBER_EDGES: unknown[] = [
  0,
  -1,
  2 ** 53,
  1e308,
  "NaN",
  2 ** 53 + 2,
  0.5,
  2_147_483_648,
  1,
  -1e308,
  "Infinity",
  "-0",
  "1e308",
  "0x10",
  " 7 ",
  "١٢",
  "9".repeat(400),
];

export const STRING_EDGES: string[] = [
  "",
  "\u0000",
  "a\u0000b",
  "\u0001\u0007\b\t\n\r\u001b\u007f\u0085",
  "\u202Eabc\u202C",
  "..",
  "%",
  "%00",
  "#",
  "\u200F\u200E\u2066x\u2069",
  "../../etc/passwd",
  "a#b",
  " ",
  "\uFEFF",
  "%E0%A4%A",
  "?",
  "??",
  "&x=1",
  "\uD800",
  "😀👩‍👩‍👧",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "null",
  "[]",
  "x".repeat(10_000),
  "Nome Válido",
  "teste@escola.com",
  "11987654321",
  "123.456.789-09",
];

/** Values of the wrong JSON type: arrays where objects are expected, objects where strings are. */
export const CONFUSION_EDGES: unknown[] = [null, [], {}, [{}], { a: 1 }, true, false, 0, ["a", "b"], { $gt: "" }];

export const MALFORMED_IDS = [
  "00000000-0000-0000-0000-000000000000",
  "00000000-0000-4000-8000-000000000000",
  "not-a-uuid",
  "1",
  "-1",
  "0",
  "ffffffff-ffff-ffff-ffff-fffffffffffff",
  "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF",
  "{00000000-0000-4000-8000-000000000000}",
  "00000000-0000-4000-8000-00000000000\u0000",
];

/** Raw path segments (sent as they are, not percent-encoded). */
export const RAW_SEGMENTS = ["..", ".", "%", "%00", "%2e%2e", "a%2Fb", "%E0%A4%A", ";", "a;b=c", "~", "%20", "%C0%AE"];
/** Raw query values (sent as they are). */
export const RAW_QUERY_VALUES = ["%", "%00", "%zz", "a%", "a#b", "a&b=c", "?", "=", "+", "%2B", "%E0%A4%A"];

/* ------------------------------------------------------------------------- */
/* What a case is.                                                           */
/* ------------------------------------------------------------------------- */

/** The seeded entities whose ids the generator hands out (every one a real row). */
export type FixtureIds = Record<string, string>;

export interface FuzzContext {
  ids: FixtureIds;
  today: string;
  /** Forged and real cursors of this operation's list, when it is one. */
  cursors: string[];
  /** A fresh upload token for the upload URL, when there is one. */
  uploadTokens: string[];
}

export interface GeneratedRequest {
  role: FuzzRole;
  method: string;
  /** The request target: path and query exactly as sent. */
  target: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
}

/** A one-line (plus body) description: what a failure prints. */
export function describeRequest(r: GeneratedRequest): string {
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
    .join("; ");
  let body = "(no body)";
  if (r.body !== null) {
    const text = typeof r.body === "string" ? r.body : `<${r.body.length} bytes> ${r.body.subarray(0, 32).toString("hex")}`;
    body = text.length > 600 ? `${JSON.stringify(text.slice(0, 600))}… (${text.length} chars)` : JSON.stringify(text);
  }
  return `as ${r.role}: ${r.method} ${JSON.stringify(r.target)} headers {${headers}} body ${body}`;
}

type Kind = "date" | "month" | "number" | "string" | "id" | "bool";

/** A case's theme: one value per kind that most fields of that kind share (so from=to=9999-12-31 is drawn together). */
interface Theme {
  /** How often a field is valid in this case: 0 (every field hostile) to mostly valid (a few hostile fields). */
  validWeight: number;
  /** How often an optional query parameter is sent in this case (against 5 for absent): few parameters, or most of them. */
  presentWeight: number;
  date: string;
  month: string;
  number: unknown;
  string: string;
}

/** The first dates of dateEdges: past the calendar, the range and the text ordering. */
const THEME_DATES = 6;

/** Which seeded entity an id names, from the parameter's name and the path it is in. */
export function entityOf(name: string, path: string): string | null {
  const singular: Record<string, string> = {
    users: "user",
    branches: "branch",
    offers: "offer",
    classrooms: "classroom",
    "classroom-schedules": "classroomSchedule",
    courses: "course",
    classes: "class",
    guardians: "guardian",
    "guardian-persons": "guardianPerson",
    trials: "trial",
    students: "student",
    enrollments: "enrollment",
    makeups: "makeup",
  };
  if (name === "id") {
    const segment = path.split("/{id}")[0].split("/").pop() ?? "";
    return singular[segment] ?? null;
  }
  const m = /^(\w+?)Ids?$/.exec(name);
  if (!m) return null;
  const base = m[1];
  const aliases: Record<string, string> = { schedule: "classroomSchedule", absence: "absence", responsible: "staff" };
  return aliases[base] ?? base;
}

function kindOf(name: string, schema: JsonSchema): Kind | "enum" | "array" | "object" | "any" {
  if (Array.isArray(schema.enum)) return "enum";
  const anyOf = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (anyOf) {
    const first = anyOf.find((s) => s.type !== "null");
    return first ? kindOf(name, first) : "any";
  }
  const pattern = typeof schema.pattern === "string" ? schema.pattern : "";
  if (name === "month") return "month";
  if (schema.format === "date" || pattern.includes("(0[1-9]|1[0-2])-") || /(^|[a-z])(date|Date)$|^(from|to)$/.test(name)) return "date";
  if (/^(id|token)$|Ids?$/.test(name)) return "id";
  switch (schema.type) {
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "bool";
    case "array":
      return "array";
    case "object":
      return "object";
    case "string":
      return "string";
  }
  return "any";
}

/**
 * Percent-encoding that also carries a lone surrogate (which encodeURIComponent
 * refuses): as its three WTF-8 bytes, i.e. invalid UTF-8 on the wire.
 */
export function percentEncode(text: string): string {
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]|[^]/g, (c) => {
    if (c.length === 2 || !/[\uD800-\uDFFF]/.test(c)) return encodeURIComponent(c);
    const u = c.charCodeAt(0);
    return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
  });
}

/** Arbitraries built for one operation and one fixture. */
export class RequestGenerator {
  constructor(
    private readonly op: FuzzOperation,
    private readonly ctx: FuzzContext,
  ) {}

  private idValues(name: string): fc.Arbitrary<string> {
    const all = Object.values(this.ctx.ids);
    const entity = entityOf(name, this.op.path);
    const own = entity ? this.ctx.ids[entity] : undefined;
    return fc.oneof(
      { weight: own ? 8 : 0, arbitrary: fc.constant(own ?? all[0]) },
      { weight: 3, arbitrary: fc.constantFrom(...all) },
      { weight: 2, arbitrary: fc.constantFrom(...MALFORMED_IDS) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }

  /** Edges of a kind, or the theme's value of that kind (most of the time). */
  private edge(kind: Kind, name: string, theme: Theme): fc.Arbitrary<unknown> {
    const own: Record<Kind | "id", fc.Arbitrary<unknown>> = {
      date: fc.constantFrom(...dateEdges(this.ctx.today)),
      month: fc.constantFrom(...MONTH_EDGES, this.ctx.today.slice(0, 7)),
      number: fc.constantFrom(...NUMBER_EDGES),
      string: fc.constantFrom(...STRING_EDGES),
      id: this.idValues(name),
      bool: fc.constantFrom<unknown>(true, false, "true", "on", 1, "sim"),
    };
    // Ids are mostly the right entity's (to reach the code behind the lookup), not the theme's.
    if (kind === "bool" || kind === "id") return own[kind];
    return fc.oneof({ weight: 4, arbitrary: fc.constant(theme[kind]) }, { weight: 1, arbitrary: own[kind] });
  }

  /**
   * A valid value for a field, so that a case has only some hostile fields and
   * gets past the first check to the code behind it.
   */
  private valid(kind: string, name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
    const today = this.ctx.today;
    switch (kind) {
      case "date":
        return fc.constantFrom(today, `${today.slice(0, 8)}01`, `${Number(today.slice(0, 4)) - 10}${today.slice(4)}`);
      case "month":
        return fc.constant(today.slice(0, 7));
      case "number": {
        // A valid value: a whole number inside the bounds (a bound may be fractional, e.g. monthlyValue's 0.005).
        const min = Math.ceil(typeof schema.minimum === "number" ? schema.minimum : 1);
        const max = Math.floor(Math.min(typeof schema.maximum === "number" ? schema.maximum : 20, min + 20));
        return fc.integer({ min, max: Math.max(min, max) });
      }
      case "id":
        return this.idValues(name);
      case "bool":
        return fc.boolean();
      case "enum":
        return fc.constantFrom(...(schema.enum as unknown[]));
    }
    const byName: Array<[RegExp, fc.Arbitrary<unknown>]> = [
      [/email/i, fc.uuid().map((u) => `gerado.${u.slice(0, 8)}@teste.com`)],
      [/password/i, fc.constant("segredo123")],
      [/Time$/, fc.constantFrom("08:00", "09:00", "18:30")],
      [/cpf/i, fc.constant("123.456.789-09")],
      [/phone|whatsapp/i, fc.constant("11987654321")],
      [/link|url/i, fc.constant("https://pagamento.exemplo.com/plano")],
      [/monthlyValue/, fc.constantFrom<unknown>(150, "189,90")],
      [/capacity/, fc.constantFrom(1, 2, 30)],
      [/q$/, fc.constantFrom("a", "Nome")],
    ];
    for (const [pattern, arbitrary] of byName) if (pattern.test(name)) return arbitrary;
    return fc.constantFrom("Nome Válido", "Rua A, 1");
  }

  /** A value for a field of this schema: valid, the edges of its type, or another type. */
  value(name: string, schema: JsonSchema, theme: Theme, depth = 0): fc.Arbitrary<unknown> {
    const kind = kindOf(name, schema);
    const plain = ["date", "month", "number", "id", "bool", "enum", "string", "any"].includes(kind)
      ? this.valid(kind, name, (schema.anyOf as JsonSchema[] | undefined)?.find((s) => s.type !== "null") ?? schema)
      : null;
    return fc.oneof(
      { weight: plain ? theme.validWeight : 0, arbitrary: plain ?? fc.constant(null) },
      { weight: 10, arbitrary: this.hostile(kind, name, schema, theme, depth) },
    );
  }

  private hostile(kind: ReturnType<typeof kindOf>, name: string, schema: JsonSchema, theme: Theme, depth: number): fc.Arbitrary<unknown> {
    const confusion = fc.constantFrom(...CONFUSION_EDGES);
    const string = fc.constantFrom<unknown>(...STRING_EDGES);
    let main: fc.Arbitrary<unknown>;
    switch (kind) {
      case "enum":
        main = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(schema.enum as unknown[])) }, { weight: 1, arbitrary: string });
        break;
      case "array": {
        const items = (schema.items as JsonSchema | undefined) ?? {};
        const item = this.value(name.replace(/s$/, ""), items, theme, depth + 1);
        main = fc.oneof(
          { weight: 4, arbitrary: fc.array(item, { maxLength: 3 }) },
          // Longer than any list the API takes (maxItems 500).
          { weight: 1, arbitrary: item.map((v) => Array.from({ length: 501 }, () => v)) },
        );
        break;
      }
      case "object":
        main = depth > 3 ? fc.constant({}) : this.object(schema, theme, depth + 1);
        break;
      case "any":
        main = string;
        break;
      default:
        main = this.edge(kind, name, theme);
    }
    return fc.oneof({ weight: 10, arbitrary: main }, { weight: 1, arbitrary: confusion }, { weight: 1, arbitrary: string });
  }

  /** An object of the schema's properties, each present or missing (required ones too). */
  object(schema: JsonSchema, theme: Theme, depth = 0): fc.Arbitrary<Record<string, unknown>> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, field] of Object.entries(properties)) {
      const value = this.value(name, field, theme, depth);
      const missing = { weight: required.has(name) ? 1 : 3, arbitrary: fc.constant(MISSING) };
      fields[name] = fc.oneof({ weight: 8, arbitrary: value }, missing);
    }
    return fc.record(fields).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== MISSING)));
  }

  private theme(): fc.Arbitrary<Theme> {
    // The sharpest edges of each kind (a field still draws from all of them on its own).
    return fc.record({
      validWeight: fc.constantFrom(0, 4, 12),
      presentWeight: fc.constantFrom(1, 5, 25),
      date: fc.constantFrom(...dateEdges(this.ctx.today).slice(0, THEME_DATES)),
      month: fc.constantFrom(...MONTH_EDGES.slice(0, 4)),
      number: fc.constantFrom(...NUMBER_EDGES.slice(0, 8)),
      string: fc.constantFrom(...STRING_EDGES.slice(0, 12)),
    });
  }

  private pathSegment(name: string, schema: JsonSchema, theme: Theme): fc.Arbitrary<string> {
    const value = this.value(name, schema, theme).map((v) => percentEncode(typeof v === "string" ? v : JSON.stringify(v)));
    // The real row (or upload token) the path names, most of the time: the code behind the lookup is what is tested.
    const entity = entityOf(name, this.op.path);
    const real =
      name === "token" && this.ctx.uploadTokens.length
        ? fc.constantFrom(...this.ctx.uploadTokens)
        : entity && this.ctx.ids[entity]
          ? fc.constant(this.ctx.ids[entity])
          : null;
    return fc.oneof(
      { weight: real ? 6 : 0, arbitrary: real ?? fc.constant("x") },
      { weight: 8, arbitrary: value },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    );
  }

  private queryPair(name: string, schema: JsonSchema, theme: Theme): fc.Arbitrary<string> {
    const cursors = name === "cursor" && this.ctx.cursors.length ? fc.constantFrom(...this.ctx.cursors) : null;
    const encoded = this.value(name, schema, theme).map((v) => {
      // Query strings carry text: numbers and booleans as themselves, the rest as JSON.
      const text = typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
      return `${name}=${percentEncode(text)}`;
    });
    return fc.oneof(
      { weight: cursors ? 6 : 0, arbitrary: (cursors ?? fc.constant("")).map((c) => `${name}=${c}`) },
      { weight: 8, arbitrary: encoded },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_VALUES).map((v) => `${name}=${v}`) },
      { weight: 1, arbitrary: fc.constantFrom(name, `${name}=`, `${name}[]=1`, `${name}[a]=1`) },
    );
  }

  private body(theme: Theme): fc.Arbitrary<{ contentType: string | null; body: string | Buffer | null }> {
    const op = this.op;
    if (op.binaryTypes.length) {
      const png = Buffer.from(
        "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a0000000000049454e44ae426082",
        "hex",
      );
      return fc.record({
        contentType: fc.constantFrom<string | null>(...op.binaryTypes, "application/json", "text/html", "image/svg+xml", null),
        body: fc.oneof(
          fc.constant(png),
          fc.constant(Buffer.alloc(0)),
          fc.constant(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")),
          fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
          fc.constant<string | Buffer | null>(null),
        ),
      });
    }
    if (!op.jsonBody) {
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant({ contentType: null, body: null }) },
        { weight: 1, arbitrary: fc.constant({ contentType: "application/json", body: '{"a":' }) },
      );
    }
    const json = op.jsonBody;
    const object = this.object(json, theme);
    const anyJson = fc.oneof(
      { weight: 12, arbitrary: object },
      // An array where an object is expected, and other wrong shapes.
      { weight: 1, arbitrary: object.map((o) => [o]) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, "texto", 42, [], true) },
    );
    // The megabyte string: rare, so the run stays fast.
    // A body that is one of several objects (a bank connection's) names no properties: then never drawn (weight 0 below).
    const keys = Object.keys((json.properties ?? {}) as object);
    const huge = fc.constantFrom(...(keys.length ? keys : ["-"])).map((k) => JSON.stringify({ [k]: ONE_MB }));
    return fc.oneof(
      { weight: 20, arbitrary: anyJson.map((v) => ({ contentType: "application/json", body: JSON.stringify(v) })) },
      {
        weight: keys.length ? 1 : 0,
        arbitrary: huge.map((b) => ({ contentType: "application/json", body: b })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          { contentType: "application/json", body: "" },
          { contentType: "application/json", body: "{" },
          { contentType: "application/json", body: '{"a":1,"a":2}' },
          { contentType: "application/json", body: "\u0000" },
          { contentType: "application/json; charset=utf-16", body: "{}" },
          { contentType: "text/plain", body: "{}" },
          { contentType: "application/x-www-form-urlencoded", body: "name=a&name=b" },
          { contentType: "multipart/form-data; boundary=x", body: "--x\r\n" },
          { contentType: null, body: "{}" },
        ),
      },
    );
  }

  request(): fc.Arbitrary<GeneratedRequest> {
    const op = this.op;
    return this.theme().chain((theme) => {
      const segments = Object.fromEntries(op.pathParams.map((p) => [p.name, this.pathSegment(p.name, p.schema, theme)]));
      const pairs = op.queryParams.map((p) =>
        fc.oneof(
          { weight: p.required ? 1 : 5, arbitrary: fc.constant(null) },
          { weight: theme.presentWeight, arbitrary: this.queryPair(p.name, p.schema, theme) },
        ),
      );
      return fc
        .record({
          role: fc.constantFrom(...FUZZ_ROLES),
          segments: fc.record(segments),
          pairs: fc.tuple(...pairs),
          // The query string's own edges: a repeated parameter, an unknown one, `??`.
          extra: fc.constantFrom("", "", "", "", "&unknown=1", "&&", "??", "?", "#frag"),
          doubled: fc.boolean(),
          body: this.body(theme),
        })
        .map(({ role, segments, pairs, extra, doubled, body }) => {
          const present = pairs.filter((p): p is string => p !== null);
          if (doubled && present.length) present.push(present[0]);
          return this.build(role, segments, present, extra, body);
        });
    });
  }

  private build(
    role: FuzzRole,
    segments: Record<string, string>,
    pairs: string[],
    extra: string,
    body: { contentType: string | null; body: string | Buffer | null },
  ): GeneratedRequest {
    const path = this.op.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name]);
    let query = pairs.join("&");
    if (extra.startsWith("&")) query += extra;
    let target = query ? `${path}?${query}` : path;
    if (!extra.startsWith("&") && extra) target = extra.startsWith("#") ? `${target}${extra}` : `${path}${extra}${query}`;
    const headers: Record<string, string> = {};
    if (body.contentType) headers["Content-Type"] = body.contentType;
    const request: GeneratedRequest = { role, method: this.op.method, target, headers, body: body.body };
    // fast-check prints a counterexample with this (a megabyte body is shortened).
    Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
    return request;
  }

  /**
   * The sweep, sent before the random cases: for each kind of input the
   * operation has (dates, numbers, strings, ids...) and each of that kind's
   * sharpest edges, one request (as Administrator, who reaches the most code)
   * where every input of that kind has that value, the required others are
   * valid and a different subset of the optional others is sent (valid) with
   * each edge. So from=to=9999-12-31 or q=NUL with page=1 is sent on every
   * run, whatever the seed.
   */
  sweep(seed: number): GeneratedRequest[] {
    const op = this.op;
    const edges: Record<string, unknown[]> = {
      date: dateEdges(this.ctx.today).slice(0, THEME_DATES),
      month: MONTH_EDGES.slice(0, 4),
      number: NUMBER_EDGES.slice(0, 8),
      string: STRING_EDGES.slice(0, 12),
      id: MALFORMED_IDS.slice(0, 4),
      confusion: CONFUSION_EDGES.slice(0, 5),
    };
    const bodyFields = Object.entries((op.jsonBody?.properties ?? {}) as Record<string, JsonSchema>);
    const required = new Set((op.jsonBody?.required ?? []) as string[]);
    const kinds = new Set([
      ...op.pathParams.map((p) => kindOf(p.name, p.schema)),
      ...op.queryParams.map((p) => kindOf(p.name, p.schema)),
      ...bodyFields.map(([n, f]) => kindOf(n, f)),
    ]);
    const text = (v: unknown) =>
      typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v);
    const out: GeneratedRequest[] = [];
    for (const [kind, values] of Object.entries(edges)) {
      // "confusion": every body field gets a value of the wrong type.
      // The cursor has a sweep of its own (below): a bad cursor would hide a bad search term.
      const hits = (name: string, schema: JsonSchema) => name !== "cursor" && (kind === "confusion" ? true : kindOf(name, schema) === kind);
      if (kind === "confusion" ? bodyFields.length === 0 : !kinds.has(kind as Kind)) continue;
      values.forEach((value, i) => {
        const segments = Object.fromEntries(
          op.pathParams.map((p, j) => {
            const real = p.name === "token" ? this.ctx.uploadTokens[0] : this.ctx.ids[entityOf(p.name, op.path) ?? ""];
            const chosen =
              kind !== "confusion" && hits(p.name, p.schema) ? text(value) : (real ?? text(this.validOne(p.name, p.schema, seed + j)));
            return [p.name, percentEncode(String(chosen))];
          }),
        );
        // The optional others: a different subset with each edge (bit k of the edge's index sends the k-th), valid.
        const optional = [
          ...op.queryParams.filter((p) => !p.required && p.name !== "cursor").map((p) => p.name),
          ...bodyFields.filter(([n]) => !required.has(n)).map(([n]) => n),
        ].filter(
          (name) =>
            !hits(
              name,
              op.queryParams.find((p) => p.name === name)?.schema ?? (op.jsonBody?.properties as Record<string, JsonSchema>)[name],
            ),
        );
        const sendOptional = (name: string) => optional.includes(name) && ((i + 1) >> optional.indexOf(name)) % 2 === 1;
        const pairs = op.queryParams.flatMap((p, j) => {
          if (kind !== "confusion" && hits(p.name, p.schema)) return [`${p.name}=${percentEncode(text(value))}`];
          return p.required || sendOptional(p.name)
            ? [`${p.name}=${percentEncode(text(this.validOne(p.name, p.schema, seed + 100 + j)))}`]
            : [];
        });
        let body: { contentType: string | null; body: string | null } = { contentType: null, body: null };
        if (op.jsonBody) {
          const object: Record<string, unknown> = {};
          bodyFields.forEach(([name, field], j) => {
            if (hits(name, field)) object[name] = value;
            else if (required.has(name) || sendOptional(name)) object[name] = this.validOne(name, field, seed + 200 + j + i);
          });
          body = { contentType: "application/json", body: JSON.stringify(object) };
        }
        out.push(this.build("Administrator", segments, pairs, "", body));
      });
    }
    // Each cursor (the real one, its forgeries, garbage) alone.
    if (op.queryParams.some((p) => p.name === "cursor")) {
      const segments = Object.fromEntries(
        op.pathParams.map((p) => [p.name, percentEncode(this.ctx.ids[entityOf(p.name, op.path) ?? ""] ?? "x")]),
      );
      for (const cursor of this.ctx.cursors)
        out.push(this.build("Administrator", segments, [`cursor=${cursor}`], "", { contentType: null, body: null }));
    }
    return out;
  }

  /** One valid value for a field (the row of the right entity for an id). */
  private validOne(name: string, schema: JsonSchema, seed: number): unknown {
    const kind = kindOf(name, schema);
    const entity = entityOf(name, this.op.path);
    if (kind === "id" && entity && this.ctx.ids[entity]) return this.ctx.ids[entity];
    const plain = (schema.anyOf as JsonSchema[] | undefined)?.find((s) => s.type !== "null") ?? schema;
    if (kind === "object") return fc.sample(this.object(plain, FRIENDLY_THEME), { seed, numRuns: 1 })[0];
    if (kind === "array") return [];
    return fc.sample(this.valid(kind, name, plain), { seed, numRuns: 1 })[0];
  }
}

/** A theme that keeps fields valid: for the sweep's other fields. */
const FRIENDLY_THEME: Theme = {
  validWeight: 1_000_000,
  presentWeight: 25,
  date: "2026-01-05",
  month: "2026-01",
  number: 1,
  string: "Nome Válido",
};

const MISSING = Symbol("missing");

/* ------------------------------------------------------------------------- */
/* Sending.                                                                  */
/* ------------------------------------------------------------------------- */

export interface TimedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
}

/**
 * Sends one request exactly as given (raw target, raw bytes) on a fresh
 * connection and reads the whole answer; rejects after `deadlineMs`.
 */
export function send(
  baseUrl: string,
  r: { method: string; target: string; headers: Record<string, string>; body: string | Buffer | null },
  deadlineMs: number,
): Promise<TimedAnswer> {
  const url = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const body = r.body === null ? null : typeof r.body === "string" ? Buffer.from(r.body, "utf8") : r.body;
    const headers: Record<string, string> = { Connection: "close", ...r.headers };
    if (body) headers["Content-Length"] = String(body.length);
    let req: http.ClientRequest;
    const timer = setTimeout(() => {
      req?.destroy();
      reject(new Error(`no complete answer within ${deadlineMs} ms`));
    }, deadlineMs);
    try {
      req = http.request(
        { host: url.hostname, port: url.port, method: r.method, path: r.target, headers, insecureHTTPParser: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            clearTimeout(timer);
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString("utf8"),
              ms: Date.now() - started,
            });
          });
          res.on("error", (e) => {
            clearTimeout(timer);
            reject(e);
          });
        },
      );
    } catch (error) {
      // Node refuses to send some targets (e.g. with a space or a control character): no request was made.
      clearTimeout(timer);
      reject(Object.assign(new Error(`not sendable: ${(error as Error).message}`), { unsendable: true }));
      return;
    }
    req.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end(body ?? undefined);
  });
}

/**
 * Cases for one operation: FUZZ_RUNS for an operation of two inputs, fewer for
 * none, more (up to three times) for many; inputs are path and query parameters
 * and body fields.
 */
export function runsFor(op: FuzzOperation, runs: number): number {
  const inputs =
    op.pathParams.length + op.queryParams.length + Object.keys((op.jsonBody?.properties ?? {}) as object).length + op.binaryTypes.length;
  return Math.max(5, Math.round((runs * Math.min(Math.max(inputs, 0.5), 6)) / 2));
}

/** The run's seed and size: FUZZ_SEED (default fixed) and FUZZ_RUNS (cases for an operation of two inputs). */
export function fuzzSettings(defaultRuns: number): { seed: number; runs: number } {
  const seed = Number.parseInt(process.env.FUZZ_SEED ?? "", 10);
  const runs = Number.parseInt(process.env.FUZZ_RUNS ?? "", 10);
  return { seed: Number.isSafeInteger(seed) ? seed : 20_241_124, runs: Number.isSafeInteger(runs) && runs > 0 ? runs : defaultRuns };
}

/* ------------------------------------------------------------------------- */
/* Cursors: a real one of the list, and forgeries of it.                     */
/* ------------------------------------------------------------------------- */

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8").toString("base64url");

/** Key values a forged cursor carries instead of a real one, by the real value's look. */
function forgedKeyValues(real: unknown): unknown[] {
  if (typeof real === "number") return [2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1.5, -1, "1"];
  if (typeof real === "boolean") return ["true", 0, null];
  if (typeof real === "string" && /^\d{4}-\d{2}-\d{2}/.test(real)) {
    return [
      "2026-01-01T00:00:00+16:00",
      "2026-01-01 00:00:00.000 +16:00",
      "2026-01-01T00:00:00-16:00",
      "9999-12-31T23:59:59.999+14:00",
      "0001-01-01T00:00:00Z",
      "0001-01-01",
      "9999-12-31",
      "2100-02-29",
      "2026-02-30T00:00:00Z",
      "2026-01-01T23:59:59.123456789Z",
      "+010000-01-01",
    ];
  }
  return [
    "",
    "\u0000",
    "a\u0000b",
    "\u202E",
    "x".repeat(1000),
    "00000000-0000-4000-8000-000000000000",
    "ZZZZZZZZ-0000-4000-8000-000000000000",
    1,
    null,
  ];
}

/** Cursors to send: the real one, its key values swapped for edges one at a time, and plain garbage. */
export function forgeCursors(real: string | null): string[] {
  const garbage = ["!!!", "a".repeat(3000), "", b64(null), b64([]), b64({}), b64(["x"]), "AAAA", "%00"];
  if (!real) return garbage;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(real, "base64url").toString("utf8"));
  } catch {
    return [real, ...garbage];
  }
  if (!Array.isArray(decoded)) return [real, ...garbage];
  const [name, ...key] = decoded as unknown[];
  const forged: string[] = [];
  key.forEach((value, i) => {
    for (const edge of forgedKeyValues(value)) forged.push(b64([name, ...key.slice(0, i), edge, ...key.slice(i + 1)]));
  });
  forged.push(b64([name, ...key, "extra"]), b64(["outra-lista", ...key]), b64([name]));
  return [real, ...forged, ...garbage];
}
