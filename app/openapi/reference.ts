import type { JsonSchema, OpenApiDocument, OperationObject } from "./document";

/**
 * Turns the OpenAPI document into what the /api-docs page shows: endpoints by
 * tag, their fields as rows (name, type, required, rules) and their answers.
 * The page reads only the document, so it cannot say anything the document
 * does not.
 */

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  rules: string[];
  description?: string;
}

export interface AnswerRow {
  status: string;
  description: string;
  /** e.g. "Course[]"; the name links to the schema section. */
  schema?: { label: string; name?: string };
  headers: string[];
}

export interface EndpointView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  access: string;
  parameters: Array<FieldRow & { in: string }>;
  body?: { mediaTypes: string[]; fields: FieldRow[]; description?: string };
  answers: AnswerRow[];
}

export interface ApiReference {
  title: string;
  description: string;
  version: string;
  groups: Array<{ tag: string; description?: string; endpoints: EndpointView[] }>;
  schemas: Array<{ name: string; type: string; description?: string; fields: FieldRow[] }>;
}

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

function refName(schema: JsonSchema): string | undefined {
  const ref = schema.$ref;
  return typeof ref === "string" ? ref.split("/").pop() : undefined;
}

/** A short type for a person: `string`, `integer`, `"Segunda" | "Terça"`, `Course[]`, `string | null`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "qualquer";
  const name = refName(schema);
  if (name) return name;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map(typeLabel).join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array") return `${typeLabel(schema.items as JsonSchema)}[]`;
  if (type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `{ [chave]: ${typeLabel(schema.additionalProperties as JsonSchema)} }`;
  }
  if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
  return typeof type === "string" ? type : "qualquer";
}

function rulesOf(schema: JsonSchema): string[] {
  const rules: string[] = [];
  if (typeof schema.minLength === "number") rules.push(`mín. ${schema.minLength} caractere(s)`);
  if (typeof schema.maxLength === "number") rules.push(`máx. ${schema.maxLength} caracteres`);
  if (typeof schema.minimum === "number" && schema.minimum > -Number.MAX_SAFE_INTEGER) rules.push(`mínimo ${schema.minimum}`);
  if (typeof schema.exclusiveMinimum === "number") rules.push(`maior que ${schema.exclusiveMinimum}`);
  if (typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER) rules.push(`máximo ${schema.maximum}`);
  if (typeof schema.minItems === "number") rules.push(`pelo menos ${schema.minItems} item(ns)`);
  if (typeof schema.maxItems === "number") rules.push(`no máximo ${schema.maxItems} itens`);
  // Formats already say what their long generated patterns say.
  if (typeof schema.pattern === "string" && typeof schema.format !== "string") rules.push(`formato /${schema.pattern}/`);
  if ("default" in schema) rules.push(`padrão ${JSON.stringify(schema.default)}`);
  return rules;
}

/** The rows of an object schema; arrays of objects contribute `name[].field` rows. */
export function fieldRows(schema: JsonSchema | undefined, prefix = ""): FieldRow[] {
  if (!schema || typeof schema.properties !== "object" || !schema.properties) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows: FieldRow[] = [];
  for (const [name, raw] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    const full = `${prefix}${name}`;
    rows.push({
      name: full,
      type: typeLabel(raw),
      required: required.has(name),
      rules: rulesOf(raw),
      description: typeof raw.description === "string" ? raw.description : undefined,
    });
    const items = raw.type === "array" ? (raw.items as JsonSchema | undefined) : undefined;
    if (items && items.type === "object") rows.push(...fieldRows(items, `${full}[].`));
  }
  return rows;
}

function answerSchema(content: Record<string, { schema: JsonSchema }> | undefined): AnswerRow["schema"] {
  const schema = content?.["application/json"]?.schema;
  if (!schema) return undefined;
  const name = refName(schema) ?? (schema.type === "array" ? refName(schema.items as JsonSchema) : undefined);
  return { label: typeLabel(schema), name };
}

function endpointView(path: string, method: string, op: OperationObject): EndpointView {
  const content = op.requestBody?.content ?? {};
  const json = content["application/json"]?.schema;
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    description: op.description,
    access: op["x-access"],
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in === "path" ? "caminho" : "query",
      type: typeLabel(p.schema),
      required: p.required,
      rules: rulesOf(p.schema),
      description: p.description,
    })),
    body: op.requestBody
      ? { mediaTypes: Object.keys(content), fields: fieldRows(json), description: op.requestBody.description }
      : undefined,
    answers: Object.entries(op.responses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, r]) => ({
        status,
        description: r.description,
        schema: answerSchema(r.content),
        headers: Object.keys(r.headers ?? {}),
      })),
  };
}

export function apiReference(doc: OpenApiDocument): ApiReference {
  const groups = doc.tags.map((t) => ({ tag: t.name, description: t.description, endpoints: [] as EndpointView[] }));
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = Object.keys(item).sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
    for (const method of methods) {
      const op = item[method];
      const group = groups.find((g) => g.tag === op.tags[0]);
      group?.endpoints.push(endpointView(path, method, op));
    }
  }
  const schemas = Object.entries(doc.components.schemas).map(([name, schema]) => ({
    name,
    type: typeLabel(schema),
    description: typeof schema.description === "string" ? schema.description : undefined,
    fields: fieldRows(schema),
  }));
  return { title: doc.info.title, description: doc.info.description, version: doc.info.version, groups, schemas };
}
