import { z } from "zod";

/**
 * What an API route module says about itself, next to its handlers:
 *
 *   export const openapi = operations({
 *     GET: { operationId: "listCourses", tag: "Cursos", summary: "Lista cursos", access: "signed-in",
 *            success: { status: 200, description: "Lista de cursos", schema: z.array(courseDto) } },
 *   });
 *
 * The path is not repeated here: the OpenAPI document takes it from the route
 * table (app/routes.ts) and the operations from the module's `openapi` export.
 * Bodies are the zod schemas the services validate with; answers are the DTO
 * schemas of app/domain/<entity>/schema.ts. See docs/api.md.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call it. `public`: anyone; `signed-in`: any session (401 without);
 * `admin`: Administrator only (403 for Team and Client); `staff`: Team and
 * Administrator; `upload-token`: the signed URL itself is the permission;
 * `webhook-secret`: a branch's webhook secret in the URL is (the bank's calls).
 * tests/api/openapi.test.ts compares each declaration with the authorization matrix.
 */
export type Access = "public" | "signed-in" | "admin" | "staff" | "upload-token" | "webhook-secret";

/** How /api-docs and the `x-access` field say it. */
export const ACCESS_LABELS: Record<Access, string> = {
  public: "Público",
  "signed-in": "Qualquer usuário conectado",
  admin: "Administrador",
  staff: "Equipe ou Administrador",
  "upload-token": "Quem tem a URL assinada (sem cookie)",
  "webhook-secret": "O banco: o segredo da unidade no endereço (sem cookie)",
};

/**
 * What a Client reads of an operation (app/domain/access/family-scope.ts: a Client
 * reads its own family only). `family-list`: only its family's rows, empty
 * without a family; `family-item`: 404 unless the row is its family's;
 * `self-list` / `self-item`: of the users, itself only; `class-people`: 404
 * (a roster, a roll call or a class's sessions is a whole class's people, not
 * a family's); `own-family`: the Client's own family, 404 without one (and
 * for Administrator and Team, who have none). Absent: the catalogue, or what
 * a Client may not call.
 * tests/api/openapi.test.ts holds the declarations to the authorization matrix.
 */
export type ClientScope = "family-list" | "family-item" | "self-list" | "self-item" | "class-people" | "own-family";

/** How the document says it, at the end of the operation's description. */
export const CLIENT_SCOPE_NOTES: Record<ClientScope, string> = {
  "family-list":
    "Cliente: só os registros da sua família (o responsável cujo usuário é ele, suas pessoas, seus alunos, as matrículas, chamadas e reposições deles e as experimentais dessas matrículas); lista vazia quando não tem família.",
  "family-item": "Cliente: 404 quando o registro não é da sua família.",
  "self-list": "Cliente: só ele mesmo.",
  "self-item": "Cliente: 404 para outro usuário.",
  "class-people": "Cliente: 404 (as pessoas de uma turma inteira não são de uma família).",
  "own-family": "Só a família do usuário conectado (o responsável cujo usuário é ele); 404 para quem não tem família.",
};

/** The groups of the document, in the order /api-docs shows them. */
export const TAGS = {
  Autenticação: "Sessão por cookie: `POST /api/login` devolve o cookie `__session`, que as outras chamadas enviam.",
  Usuários: "Usuários do sistema e o envio do avatar em três passos (URL assinada, PUT do arquivo, PUT do avatar).",
  Unidades: "As unidades (filiais) da rede.",
  Ofertas: "Planos com valor mensal e link de pagamento, por unidade.",
  Salas: "Salas de cada unidade, com capacidade (vagas por hora).",
  "Horários das salas": "Horários semanais de cada sala (segunda a sábado, HH:MM).",
  Cursos: "Cursos oferecidos.",
  Turmas: "Turmas: curso, responsável, unidade, sala e um ou mais horários; o número é atribuído pelo servidor.",
  Responsáveis: "Responsáveis e suas pessoas; a pessoa principal gera um usuário cliente.",
  Experimentais: "Aulas experimentais, seus status e o histórico de mudanças.",
  Alunos: "Alunos, cada um de um responsável (a família).",
  Matrículas: "Matrículas de alunos em turmas: vagas pela capacidade da sala, lista de espera e matrícula a partir de um experimental.",
  Chamadas:
    "Aulas (derivadas dos horários da turma, desde a sua criação) e a chamada de cada aula: presenças, faltas e faltas justificadas.",
  Reposições: "Reposições de faltas em aulas de turmas do mesmo curso, até 30 dias depois da falta, se houver vaga.",
  Família:
    "O espaço da família: o Cliente conectado lê a sua família (responsável, pessoas, alunos, matrículas, próximas aulas e presenças).",
  Financeiro:
    "Mensalidades e cobranças avulsas, pagamentos (parciais, estornáveis), multa e juros, o Pix 'copia e cola' de cada cobrança, " +
    'a inadimplência e as configurações financeiras de cada unidade. Valores em reais como texto com duas casas ("189.90").',
  Tarefas: "Tarefas de acompanhamento dos experimentais ('Minhas tarefas'): atrasadas, de hoje e próximas.",
  Relatórios:
    "Os números da rede por período (no máximo 24 meses): funil dos experimentais, alunos (ativas, novas, canceladas, churn, ocupação) e frequência; cada um também em CSV (`?format=csv`).",
  Integrações:
    "A fila de trabalhos em segundo plano (feitos depois da gravação, com novas tentativas quando falham) e as rotinas periódicas.",
  Auditoria: "O registro de cada criação, alteração e exclusão, e das entradas e saídas, com quem, quando e de onde.",
  Documentação: "Este documento.",
} as const;

export type Tag = keyof typeof TAGS;

export interface QueryParam {
  name: string;
  description: string;
  schema: z.ZodType;
}

export interface Answer {
  status: 200 | 201 | 202 | 204;
  description: string;
  /**
   * A DTO schema named with `.meta({ id })`, or `z.array(dto)` for a list.
   * Absent for 204 (and for the document itself, any JSON object).
   */
  schema?: z.ZodType;
  /** Response headers sent with it: name → when and what. */
  headers?: Record<string, string>;
}

export interface Operation {
  /** Unique in the document; also the anchor of the operation on /api-docs. */
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** What a Client reads of it (see `ClientScope`). */
  client?: ClientScope;
  /** The JSON body, validated by the service with this very schema. */
  body?: z.ZodType;
  /** A raw (non-JSON) body: media types accepted. */
  rawBody?: { mediaTypes: string[]; description: string };
  query?: QueryParam[];
  /**
   * A list answered whole or by pages (`limit` + `cursor`, next page in `Link`).
   * Every GET answering an array is one; an object-shaped list says so here.
   */
  paged?: boolean;
  success: Answer;
  /** Error answers besides those implied by access, body and path parameters: status → when. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 429, string>>;
}

/** A route module's operations, by HTTP method. */
export type Operations = Partial<Record<Method, Operation>>;

/** Declares a route module's operations (checked against the types above, returned as given). */
export function operations(ops: Operations): Operations {
  return ops;
}

/** Response headers shared by several operations. */
export const TOTAL_COUNT_HEADER = { "X-Total-Count": "Total de registros da busca (só com `page`)" };
export const SESSION_COOKIE_HEADER = { "Set-Cookie": "O cookie de sessão `__session` (HttpOnly, SameSite=Lax)" };

/** The description of every PATCH of a master-data record. */
export const PARTIAL_UPDATE = "Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.";

/**
 * How the document names one kind of record in its standard operations: the
 * operationIds (`get` + `name`, `update` + `name`…) and the summaries
 * ('Lê uma turma', 'Atualiza uma turma'…).
 */
export interface RecordNames {
  tag: Tag;
  /** The operationIds' suffix: "Class" gives getClass, updateClass, deleteClass. */
  name: string;
  /** The record with its article, as the summaries say it: "uma turma". */
  noun: string;
  /** Its DTO schema. */
  dto: z.ZodType;
}

/** GET of one record, for any signed-in user: "O registro" (or `description`). */
export function readOperation(
  { tag, name, noun, dto }: RecordNames,
  { client, description = "O registro" }: { client?: ClientScope; description?: string } = {},
): Operation {
  return {
    operationId: `get${name}`,
    tag,
    summary: `Lê ${noun}`,
    access: "signed-in",
    ...(client && { client }),
    success: { status: 200, description, schema: dto },
  };
}

/** PATCH of a master-data record by the Administrator: the creation's rules, every field optional (PARTIAL_UPDATE). */
export function updateOperation(
  { tag, name, noun, dto }: RecordNames,
  { body, conflict, description = "O registro atualizado" }: { body: z.ZodType; conflict?: string; description?: string },
): Operation {
  return {
    operationId: `update${name}`,
    tag,
    summary: `Atualiza ${noun}`,
    description: PARTIAL_UPDATE,
    access: "admin",
    body,
    success: { status: 200, description, schema: dto },
    ...(conflict && { errors: { 409: conflict } }),
  };
}

/** DELETE of a record by the Administrator (204), `conflict` saying when it is refused (409). */
export function deleteOperation({ tag, name, noun }: RecordNames, { conflict }: { conflict?: string } = {}): Operation {
  return {
    operationId: `delete${name}`,
    tag,
    summary: `Exclui ${noun}`,
    access: "admin",
    success: { status: 204, description: "Excluído" },
    ...(conflict && { errors: { 409: conflict } }),
  };
}

/**
 * The operations of a record's own route (`/api/courses/{id}`): GET reads it, PATCH updates it, DELETE deletes
 * it, each with the options of `readOperation`, `updateOperation` and `deleteOperation`.
 */
export function recordOperations(
  record: RecordNames,
  {
    read,
    update,
    remove,
  }: {
    read?: Parameters<typeof readOperation>[1];
    update: Parameters<typeof updateOperation>[1];
    remove?: Parameters<typeof deleteOperation>[1];
  },
): Operations {
  return { GET: readOperation(record, read), PATCH: updateOperation(record, update), DELETE: deleteOperation(record, remove) };
}

/** POST of a new record by the Administrator (201 "Criado"), with the schema the service validates. */
export function createOperation(
  { tag, name, noun, dto }: RecordNames,
  { body, conflict }: { body: z.ZodType; conflict?: string },
): Operation {
  return {
    operationId: `create${name}`,
    tag,
    summary: `Cria ${noun}`,
    access: "admin",
    body,
    success: { status: 201, description: "Criado", schema: dto },
    ...(conflict && { errors: { 409: conflict } }),
  };
}

/** The `format` filter of a list that the screens export: the whole list, with the same filters, as a CSV file. */
export const CSV_FORMAT_QUERY: QueryParam = {
  name: "format",
  description: "`csv`: a lista inteira com os mesmos filtros, em CSV",
  schema: z.enum(["csv"]),
};

/**
 * GET of a list for any signed-in user: `listOperation({ tag: "Cursos", name: "Courses", plural: "cursos", dto })`,
 * with what a list adds (its description, who of the Clients reads what, its filters, its headers, the words
 * of its answer when not 'Lista de cursos', and what makes its filters invalid: the 400).
 */
export function listOperation(
  { tag, name, plural, dto }: { tag: Tag; name: string; plural: string; dto: z.ZodType },
  {
    description,
    client,
    query,
    headers,
    answer = `Lista de ${plural}`,
    invalid,
  }: Pick<Operation, "description" | "client" | "query"> & Pick<Answer, "headers"> & { answer?: string; invalid?: string } = {},
): Operation {
  return {
    operationId: `list${name}`,
    tag,
    summary: `Lista ${plural}`,
    ...(description && { description }),
    access: "signed-in",
    ...(client && { client }),
    ...(query && { query }),
    success: { status: 200, description: answer, schema: z.array(dto), ...(headers && { headers }) },
    ...(invalid && { errors: { 400: invalid } }),
  };
}

/**
 * GET of the list under one record (a branch's classrooms, a guardian's
 * persons…), for any signed-in user: its own words, `answer` the 200's.
 */
export function childListOperation({
  operationId,
  tag,
  summary,
  client,
  answer,
  dto,
}: Pick<Operation, "operationId" | "tag" | "summary" | "client"> & { answer: string; dto: z.ZodType }): Operation {
  return {
    operationId,
    tag,
    summary,
    access: "signed-in",
    ...(client && { client }),
    success: { status: 200, description: answer, schema: z.array(dto) },
  };
}

/**
 * A command on one record (pay, cancel, waive, reverse, lose, reopen…), at the
 * record's own URL: by the staff unless `access` says otherwise, with the body
 * the service validates, answering the record's `dto` (200, or 201 when it
 * records something new: `created`), `conflict` saying when it is refused (409).
 */
export function commandOperation(
  { tag, dto }: Pick<RecordNames, "tag" | "dto">,
  operationId: string,
  summary: string,
  {
    answer,
    description,
    access = "staff",
    body,
    created = false,
    conflict,
  }: Pick<Operation, "description" | "body"> & { answer: string; access?: Access; created?: boolean; conflict?: string },
): Operation {
  return {
    operationId,
    tag,
    summary,
    ...(description && { description }),
    access,
    ...(body && { body }),
    success: { status: created ? 201 : 200, description: answer, schema: dto },
    ...(conflict && { errors: { 409: conflict } }),
  };
}
