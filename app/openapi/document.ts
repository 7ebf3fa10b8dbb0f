import { z } from "zod";
import { errorDto } from "~/domain/dto-fields";
import { MAX_LIMIT } from "~/domain/paging";
import { ACCESS_LABELS, CLIENT_SCOPE_NOTES, TAGS, type Answer, type Method, type Operation, type Operations } from "./operation";
import { SESSION_COOKIE } from "../lib/session-cookie";

/**
 * Builds the OpenAPI 3.1 document of the JSON API from the route table: each
 * `/api` route gives the path, its module's `openapi` export the operations
 * (./operation.ts). Request bodies are converted from the services' own zod
 * schemas (input side, so defaults and transforms describe what a client may
 * send); responses from the DTO schemas of app/domain/<entity>/schema.ts,
 * each named one once in `components.schemas`. Nothing here is written twice.
 */

/** One route of the table under /api: its React Router path and its module's declared operations. */
export interface ApiRoute {
  /** "/api/courses/:id" */
  path: string;
  operations: Operations | undefined;
}

/** One operation with its place: what the builder works on. */
export interface Endpoint extends Operation {
  method: Lowercase<Method>;
  /** OpenAPI style: `/api/courses/{id}`. */
  path: string;
}

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  tags: Array<{ name: string; description?: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    securitySchemes: Record<string, JsonSchema>;
    schemas: Record<string, JsonSchema>;
  };
}

export interface OperationObject {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: "path" | "query"; required: boolean; description: string; schema: JsonSchema }>;
  requestBody?: { required: boolean; description?: string; content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
  /** Who may call it, for people reading the document (the same words as /api-docs). */
  "x-access": string;
}

const COMPONENTS = "#/components/schemas/";

/**
 * What a JSON Schema cannot say about an input field that a transform or a
 * preprocess accepts (masks, numbers as text...). Shown next to the field.
 */
const FIELD_NOTES: Record<string, string> = {
  cpf: "11 dígitos, com ou sem máscara (000.000.000-00)",
  phone: "Pelo menos 10 dígitos, com ou sem máscara",
  whatsappNumber: "10 ou 11 dígitos (DDD + número), com ou sem máscara",
  monthlyValue: 'Maior que zero, arredondado a duas casas: número (189.9) ou texto ("189,90")',
  capacity: "Número inteiro maior que zero (número ou texto)",
  birthDate: "AAAA-MM-DD, uma data que existe",
  checkoutLink: "URL http(s) absoluta",
  scheduleIds: "Horários da sala escolhida (ids repetidos contam uma vez)",
  avatarUrl:
    "O `objectPath` devolvido pelo upload (`/uploads/{id}`) ou a própria `uploadURL` cujo upload terminou (relativa, ou absoluta na origem deste servidor); null para remover. Guarda-se sempre o `objectPath`",
  email: "Guardado em minúsculas",
};

/**
 * Defaults hidden behind a preprocess (the JSON checkboxes) do not reach the
 * JSON Schema: ask the zod schema itself what an absent field becomes.
 */
function annotate(json: JsonSchema, schema: z.ZodType): void {
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  if (!properties || !shape) return;
  for (const [name, property] of Object.entries(properties)) {
    const field = shape[name];
    if (!field) continue;
    if (!("default" in property)) {
      const absent = field.safeParse(undefined);
      if (absent.success && absent.data !== undefined) property.default = absent.data;
    }
    if (FIELD_NOTES[name] && !property.description) property.description = FIELD_NOTES[name];
    // Arrays of objects (a guardian's persons): the same for their fields.
    const element = (field as { element?: z.ZodType }).element ?? (field as { unwrap?: () => { element?: z.ZodType } }).unwrap?.().element;
    if (element && property.items) annotate(property.items as JsonSchema, element);
  }
}

/** A zod request schema as JSON Schema 2020-12, input side (what the client sends). */
export function requestSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  annotate(json, schema);
  return json;
}

/**
 * The response schemas, converted one by one: every DTO named with
 * `.meta({ id })` (also when nested in another) lands once in `components`,
 * and the answers refer to it by name.
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};

  /** The JSON Schema of an answer: a `$ref`, an array of `$ref`s, or an inline schema referring to named ones. */
  add(schema: z.ZodType): JsonSchema {
    const { $defs, ...json } = z.toJSONSchema(schema, { io: "output", target: "draft-2020-12" }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    delete json.$schema;
    for (const [name, def] of Object.entries($defs ?? {})) {
      const converted = retarget(def);
      const known = this.schemas[name];
      if (known && JSON.stringify(known) !== JSON.stringify(converted)) {
        throw new Error(`Two different response schemas are named ${name}`);
      }
      this.schemas[name] = converted;
    }
    return retarget(json);
  }
}

/** `#/$defs/Course` (one conversion) → `#/components/schemas/Course` (the document). */
function retarget(json: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${COMPONENTS}`)) as JsonSchema;
}

function answerSchema(answer: Answer, components: Components): JsonSchema | undefined {
  if (!answer.schema) return answer.status === 204 ? undefined : { type: "object" };
  return components.add(answer.schema);
}

/** A list endpoint: every GET answering an array, and the object-shaped lists marked `paged`. */
export function isPagedList(e: Endpoint): boolean {
  return e.method === "get" && (e.paged === true || e.success.schema instanceof z.ZodArray);
}

/** The paging parameters every list endpoint takes (docs/api.md, "Lists"). */
export const PAGING_PARAMETERS = [
  {
    name: "limit",
    in: "query" as const,
    required: false,
    description: `Responde só uma página com até \`limit\` itens (1 a ${MAX_LIMIT}; 100 quando só \`cursor\` é enviado). Sem \`limit\` nem \`cursor\`: a lista inteira.`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT },
  },
  {
    name: "cursor",
    in: "query" as const,
    required: false,
    description:
      'Opaco: a próxima página começa depois do item que ele marca. Use a URL do cabeçalho `Link` (rel="next") da página anterior.',
    schema: { type: "string" },
  },
];

export const LINK_HEADER_DESCRIPTION =
  'Só com `limit`/`cursor` e quando há mais itens: `<URL da próxima página>; rel="next"` (a mesma consulta com o próximo `cursor`).';

/** Does this operation go through `api()` and read a JSON body (POST/PUT/PATCH)? */
function readsJson(e: Endpoint): boolean {
  return !e.rawBody && (e.method === "post" || e.method === "put" || e.method === "patch");
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** The error answers an operation can give, each with when it happens. */
export function errorStatuses(e: Endpoint): Record<string, string> {
  const out: Record<string, string> = {};
  const invalid = e.body
    ? "Dados inválidos: `message` traz a primeira mensagem e `errors` as mensagens por campo; ou JSON malformado ou que não é um objeto"
    : readsJson(e)
      ? "JSON malformado"
      : undefined;
  const paging = isPagedList(e)
    ? "`limit` fora de 1 a " + MAX_LIMIT + " (`Limite inválido`) ou `cursor` que não é desta lista (`Cursor inválido`)"
    : undefined;
  const bad = [invalid, e.errors?.[400], paging].filter(Boolean);
  if (bad.length) out["400"] = bad.join("; ");
  if (e.errors?.[401]) out["401"] = e.errors[401];
  else if (e.access === "signed-in" || e.access === "admin" || e.access === "staff") out["401"] = "Não autenticado (sem sessão válida)";
  const otherOrigin = e.method !== "get" ? "requisição de outra origem recusada" : "";
  if (e.errors?.[403]) out["403"] = e.errors[403];
  else if (e.access === "admin") out["403"] = `Só administradores${otherOrigin ? `; ou ${otherOrigin}` : ""}`;
  else if (e.access === "staff") out["403"] = `Só Equipe ou Administrador${otherOrigin ? `; ou ${otherOrigin}` : ""}`;
  else if (otherOrigin) out["403"] = "Requisição de outra origem recusada";
  const params = pathParams(e.path).filter((p) => p !== "token");
  const missing = [
    params.length ? "Registro não encontrado (ids desconhecidos ou malformados)" : undefined,
    e.errors?.[404],
    e.client ? CLIENT_NOT_FOUND[e.client] : undefined,
  ].filter(Boolean);
  if (missing.length) out["404"] = missing.join("; ");
  if (e.errors?.[409]) out["409"] = e.errors[409];
  if (e.errors?.[410]) out["410"] = e.errors[410];
  if (readsJson(e) || e.rawBody)
    out["413"] = e.rawBody ? "Arquivo muito grande (limite 5242880 bytes)" : "Corpo da requisição muito grande";
  if (readsJson(e)) out["415"] = "O corpo não é JSON (`Content-Type: application/json`)";
  if (e.rawBody) out["415"] = "O arquivo não é uma imagem PNG, JPEG, WebP ou GIF";
  if (e.errors?.[429]) out["429"] = e.errors[429];
  return out;
}

/** When a Client gets a 404 (see `ClientScope`). */
const CLIENT_NOT_FOUND: Record<NonNullable<Endpoint["client"]>, string | undefined> = {
  "family-list": undefined,
  "self-list": undefined,
  "family-item": "Cliente: registro de outra família",
  "self-item": "Cliente: outro usuário",
  "class-people": "Cliente: sempre",
  "own-family": "Família não encontrada (usuário sem família)",
};

function operation(e: Endpoint, components: Components, errorContent: { "application/json": { schema: JsonSchema } }): OperationObject {
  const op: OperationObject = {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    "x-access": ACCESS_LABELS[e.access],
  } as OperationObject;
  const description = [e.description, e.client && CLIENT_SCOPE_NOTES[e.client]].filter(Boolean).join(" ");
  if (description) op.description = description;
  if (e.access === "public" || e.access === "upload-token" || e.access === "webhook-secret") op.security = [];

  const parameters: NonNullable<OperationObject["parameters"]> = pathParams(e.path).map((name) => ({
    name,
    in: "path",
    required: true,
    description: name === "token" ? "O token da URL assinada" : "Id (uuid)",
    schema: { type: "string" },
  }));
  for (const q of e.query ?? []) {
    parameters.push({ name: q.name, in: "query", required: false, description: q.description, schema: requestSchema(q.schema) });
  }
  if (isPagedList(e)) parameters.push(...PAGING_PARAMETERS);
  if (parameters.length) op.parameters = parameters;

  if (e.body) {
    op.requestBody = { required: true, content: { "application/json": { schema: requestSchema(e.body) } } };
  } else if (e.rawBody) {
    op.requestBody = {
      required: true,
      description: e.rawBody.description,
      content: Object.fromEntries(e.rawBody.mediaTypes.map((t) => [t, { schema: { type: "string", contentMediaType: t } }])),
    };
  }

  const success = answerSchema(e.success, components);
  const successHeaders = { ...e.success.headers, ...(isPagedList(e) ? { Link: LINK_HEADER_DESCRIPTION } : {}) };
  op.responses = {};
  op.responses[String(e.success.status)] = {
    description: e.success.description,
    ...(Object.keys(successHeaders).length
      ? { headers: Object.fromEntries(Object.entries(successHeaders).map(([h, d]) => [h, { description: d, schema: { type: "string" } }])) }
      : {}),
    ...(success ? { content: { "application/json": { schema: success } } } : {}),
  };
  for (const [status, description] of Object.entries(errorStatuses(e))) {
    op.responses[status] = { description, content: errorContent };
    if (status === "429") {
      op.responses[status].headers = { "Retry-After": { description: "Segundos até poder tentar de novo", schema: { type: "string" } } };
    }
  }
  return op;
}

/** "/api/courses/:id" (React Router) → "/api/courses/{id}" (OpenAPI). */
export function openApiPath(routePath: string): string {
  return routePath.replace(/:(\w+)/g, "{$1}");
}

const TAG_ORDER = Object.keys(TAGS);

/** Every declared operation with its path, grouped by tag in the order of TAGS, then in the order of the route table. */
export function endpointsOf(routes: ApiRoute[]): Endpoint[] {
  const list: Endpoint[] = [];
  for (const route of routes) {
    for (const [method, op] of Object.entries(route.operations ?? {}) as Array<[Method, Operation]>) {
      list.push({ ...op, method: method.toLowerCase() as Lowercase<Method>, path: openApiPath(route.path) });
    }
  }
  return list.sort((a, b) => TAG_ORDER.indexOf(a.tag) - TAG_ORDER.indexOf(b.tag));
}

export function buildOpenApiDocument(routes: ApiRoute[]): OpenApiDocument {
  const list = endpointsOf(routes);
  const components = new Components();
  const errorContent = { "application/json": { schema: components.add(errorDto) } };
  const paths: OpenApiDocument["paths"] = {};
  const ids = new Set<string>();
  for (const e of list) {
    if (ids.has(e.operationId)) throw new Error(`Duplicate operationId ${e.operationId}`);
    ids.add(e.operationId);
    const item = (paths[e.path] ??= {});
    if (item[e.method]) throw new Error(`Duplicate operation ${e.method.toUpperCase()} ${e.path}`);
    item[e.method] = operation(e, components, errorContent);
  }
  const tags = TAG_ORDER.filter((name) => list.some((e) => e.tag === name)).map((name) => ({
    name,
    description: TAGS[name as keyof typeof TAGS],
  }));
  return {
    openapi: "3.1.0",
    info: {
      title: "API do back office da rede de escolas",
      version: "1.0.0",
      description: [
        "A API JSON que as telas usam (SPEC §7).",
        "",
        "- **Autenticação**: `POST /api/login` devolve o cookie de sessão `__session`; envie-o nas outras chamadas. Sem sessão: 401.",
        "- **Corpo**: JSON com `Content-Type: application/json` (outro tipo: 415; JSON malformado, ou que não é um objeto: 400; mais de 1 MB: 413).",
        '- **Erros**: sempre `{ "message": string, "errors"?: { campo: [mensagens] } }`, com as mensagens em português.',
        "- **Origem**: chamadas que alteram dados vindas de outra origem (cabeçalho `Origin` ou `Sec-Fetch-Site: cross-site`) recebem 403.",
        "- **Papéis**: Administrador altera cadastros; Equipe e Administrador criam e alteram experimentais; Cliente só lê.",
        "- **Família**: um Cliente lê só a sua família (o responsável cujo usuário é ele, suas pessoas, seus alunos, as matrículas, chamadas e reposições deles e as experimentais dessas matrículas) e, dos usuários, só ele mesmo; um registro de outra família, uma lista de alunos de turma, uma chamada ou as aulas de uma turma respondem 404. O catálogo (unidades, salas, horários, cursos, turmas, ofertas) continua legível. Cada operação diz o que um Cliente lê dela.",
      ].join("\n"),
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags,
    security: [{ cookieAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "O cookie assinado que `POST /api/login` (ou `/api/register`) devolve.",
        },
      },
      schemas: components.schemas,
    },
  };
}
