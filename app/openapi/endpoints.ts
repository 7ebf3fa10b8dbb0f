import { z } from "zod";
import { avatarSchema, loginSchema, registerSchema, userCreateSchema, userUpdateSchema } from "~/domain/users/schema";
import { courseSchema, courseUpdateSchema } from "~/domain/courses/schema";
import { branchSchema, branchUpdateSchema } from "~/domain/branches/schema";
import { offerSchema, offerUpdateSchema } from "~/domain/offers/schema";
import { classroomSchema, classroomUpdateSchema } from "~/domain/classrooms/schema";
import { scheduleSchema, scheduleUpdateSchema } from "~/domain/schedules/schema";
import { classSchema, classUpdateSchema } from "~/domain/classes/schema";
import { guardianPersonUpdateSchema, guardianSchema } from "~/domain/guardians/schema";
import { trialSchema, trialUpdateSchema } from "~/domain/trials/schema";
import type { ResponseSchemaName } from "./dto";

/**
 * The catalogue of the JSON API (SPEC §7): one entry per operation. Request
 * bodies are the very zod schemas the services validate with; responses name
 * the DTO schemas of ./dto. The OpenAPI document and the /api-docs page are
 * both generated from this list, and a test checks it against app/routes.ts.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * Who may call it. `public`: anyone; `signed-in`: any session (401 without);
 * `admin`: Administrator only (403 for Team and Client); `trials`: Team and
 * Administrator; `upload-token`: the signed URL itself is the permission.
 */
export type Access = "public" | "signed-in" | "admin" | "trials" | "upload-token";

export interface QueryParam {
  name: string;
  description: string;
  schema: z.ZodType;
}

export interface Answer {
  status: 200 | 201 | 204;
  description: string;
  /** A named DTO schema, or an array of one. Absent for 204. */
  schema?: ResponseSchemaName | { arrayOf: ResponseSchemaName };
  headers?: Record<string, string>;
}

export interface Endpoint {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style: `/api/courses/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The JSON body, validated by the service with this schema. */
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

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const TOTAL_HEADER = { "X-Total-Count": "Total de registros da busca (só com `page`)" };
const SESSION_COOKIE = { "Set-Cookie": "O cookie de sessão `__session` (HttpOnly, SameSite=Lax)" };

/** CRUD of a master-data entity shaped like courses: list, create, read, update, delete. */
function masterData(opts: {
  tag: string;
  base: string;
  schema: ResponseSchemaName;
  singular: string;
  plural: string;
  name: string;
  create: z.ZodType;
  update: z.ZodType;
  deleteConflict?: string;
  createConflict?: string;
  updateConflict?: string;
  listQuery?: QueryParam[];
  listDescription?: string;
}): Endpoint[] {
  const { tag, base, schema, singular, plural, name } = opts;
  return [
    {
      operationId: `list${name}s`,
      method: "get",
      path: base,
      tag,
      summary: `Lista ${plural}`,
      description: opts.listDescription,
      access: "signed-in",
      query: opts.listQuery,
      success: { status: 200, description: `Lista de ${plural}`, schema: { arrayOf: schema } },
    },
    {
      operationId: `create${name}`,
      method: "post",
      path: base,
      tag,
      summary: `Cria ${singular}`,
      access: "admin",
      body: opts.create,
      success: { status: 201, description: "Criado", schema },
      errors: opts.createConflict ? { 409: opts.createConflict } : undefined,
    },
    {
      operationId: `get${name}`,
      method: "get",
      path: `${base}/{id}`,
      tag,
      summary: `Lê ${singular}`,
      access: "signed-in",
      success: { status: 200, description: "O registro", schema },
    },
    {
      operationId: `update${name}`,
      method: "patch",
      path: `${base}/{id}`,
      tag,
      summary: `Atualiza ${singular}`,
      description: "Mesmas regras da criação, todos os campos opcionais: só os enviados mudam.",
      access: "admin",
      body: opts.update,
      success: { status: 200, description: "O registro atualizado", schema },
      errors: opts.updateConflict ? { 409: opts.updateConflict } : undefined,
    },
    {
      operationId: `delete${name}`,
      method: "delete",
      path: `${base}/{id}`,
      tag,
      summary: `Exclui ${singular}`,
      access: "admin",
      success: { status: 204, description: "Excluído" },
      errors: opts.deleteConflict ? { 409: opts.deleteConflict } : undefined,
    },
  ];
}

export const endpoints: Endpoint[] = [
  // ---- Auth ----
  {
    operationId: "getCurrentUser",
    method: "get",
    path: "/api/user",
    tag: "Autenticação",
    summary: "Usuário da sessão",
    description: "401 significa que não há usuário conectado.",
    access: "signed-in",
    success: { status: 200, description: "O usuário conectado", schema: "User" },
  },
  {
    operationId: "login",
    method: "post",
    path: "/api/login",
    tag: "Autenticação",
    summary: "Entra no sistema",
    description: "Abre a sessão e devolve o cookie `__session`. `remember: true` mantém a sessão por 30 dias (senão, 12 horas).",
    access: "public",
    body: loginSchema,
    success: { status: 200, description: "O usuário, com o cookie de sessão", schema: "User", headers: SESSION_COOKIE },
    errors: { 401: "E-mail ou senha inválidos", 429: "Muitas tentativas de login: aguarde (veja `Retry-After`)" },
  },
  {
    operationId: "register",
    method: "post",
    path: "/api/register",
    tag: "Autenticação",
    summary: "Cadastra um usuário e entra",
    description:
      "Quem pode se cadastrar depende de `REGISTRATION`: `open` (qualquer tipo), `client` (só Cliente; `userType` pode ser omitido) ou `closed` (403). A primeira conta de um banco vazio sempre pode se cadastrar, como Administrador.",
    access: "public",
    body: registerSchema,
    success: { status: 201, description: "O usuário criado, já conectado", schema: "User", headers: SESSION_COOKIE },
    errors: { 403: "Cadastro fechado ou tipo que o cadastro não permite (`REGISTRATION`), ou requisição de outra origem", 409: "E-mail já cadastrado" },
  },
  {
    operationId: "logout",
    method: "post",
    path: "/api/logout",
    tag: "Autenticação",
    summary: "Sai do sistema",
    description: "Encerra a sessão no servidor: o cookie antigo deixa de valer.",
    access: "public",
    success: { status: 200, description: "Sessão encerrada", schema: "LogoutResult", headers: SESSION_COOKIE },
  },

  // ---- Users and avatar upload ----
  ...masterData({
    tag: "Usuários",
    base: "/api/users",
    schema: "User",
    singular: "um usuário",
    plural: "usuários",
    name: "User",
    create: userCreateSchema,
    update: userUpdateSchema,
    createConflict: "E-mail já cadastrado",
    updateConflict: "E-mail já cadastrado, ou tirar o tipo Administrador do último administrador",
    deleteConflict: "O próprio usuário, o último administrador, ou um responsável por turmas",
    listDescription: "Todos os usuários; com `page`, uma página e o total em `X-Total-Count`.",
    listQuery: [
      { name: "q", description: "Busca em nome e e-mail", schema: z.string() },
      { name: "page", description: "Página (a partir de 1)", schema: z.int().min(1) },
      { name: "pageSize", description: "Tamanho da página (até 200; padrão 50)", schema: z.int().min(1).max(200) },
    ],
  }).map((e) => (e.operationId === "listUsers" ? { ...e, success: { ...e.success, headers: TOTAL_HEADER } } : e)),
  {
    operationId: "setUserAvatar",
    method: "put",
    path: "/api/users/{id}/avatar",
    tag: "Usuários",
    summary: "Define (ou remove, com null) o avatar",
    description:
      "Passo 3 do avatar. `avatarUrl` pode ser o `objectPath` devolvido pelo upload (`/uploads/{id}`) ou a própria `uploadURL` do passo 1, depois que o `PUT` do arquivo terminou (sem ler a resposta do `PUT`). Uma URL absoluta só vale na origem deste servidor. A resposta traz sempre o `objectPath`, que serve a imagem. Recusa (400) URLs de outra origem, caminhos inventados, uploads não concluídos ou recusados (não imagem, grande demais).",
    access: "admin",
    body: avatarSchema,
    success: { status: 200, description: "O usuário com o novo avatarUrl", schema: "User" },
  },
  {
    operationId: "requestUploadUrl",
    method: "post",
    path: "/api/objects/upload",
    tag: "Usuários",
    summary: "Pede uma URL de upload",
    description: "Passo 1 do avatar: devolve uma URL assinada, de uso único, para o `PUT` do arquivo.",
    access: "admin",
    success: { status: 200, description: "A URL de upload", schema: "UploadUrl" },
  },
  {
    operationId: "uploadObject",
    method: "put",
    path: "/api/objects/upload/{token}",
    tag: "Usuários",
    summary: "Envia o arquivo para a URL assinada",
    description:
      "Passo 2 do avatar: o arquivo como corpo cru (sem multipart), até 5242880 bytes. O tipo é decidido pelos bytes (PNG, JPEG, WebP ou GIF). Não precisa de cookie: a URL assinada é a permissão.",
    access: "upload-token",
    rawBody: { mediaTypes: ["image/png", "image/jpeg", "image/webp", "image/gif"], description: "Os bytes da imagem" },
    success: { status: 200, description: "Arquivo guardado", schema: "UploadedObject" },
    errors: {
      400: "Arquivo vazio",
      403: "Link de upload inválido, ou requisição de outra origem",
      409: "Este link de upload já foi utilizado",
      410: "A solicitação de upload expirou",
    },
  },

  // ---- Branches, offers, classrooms, schedules, courses ----
  ...masterData({
    tag: "Unidades",
    base: "/api/branches",
    schema: "Branch",
    singular: "uma unidade",
    plural: "unidades",
    name: "Branch",
    create: branchSchema,
    update: branchUpdateSchema,
    deleteConflict: "A unidade possui turmas, ofertas ou outros registros vinculados",
  }).map((e) => (e.operationId === "listBranchs" ? { ...e, operationId: "listBranches" } : e)),
  ...masterData({
    tag: "Ofertas",
    base: "/api/offers",
    schema: "Offer",
    singular: "uma oferta",
    plural: "ofertas",
    name: "Offer",
    create: offerSchema,
    update: offerUpdateSchema,
  }),
  ...masterData({
    tag: "Salas",
    base: "/api/classrooms",
    schema: "Classroom",
    singular: "uma sala",
    plural: "salas",
    name: "Classroom",
    create: classroomSchema,
    update: classroomUpdateSchema,
    deleteConflict: "A sala possui turmas vinculadas",
  }),
  {
    operationId: "listBranchClassrooms",
    method: "get",
    path: "/api/classrooms/branch/{branchId}",
    tag: "Salas",
    summary: "Lista as salas de uma unidade",
    access: "signed-in",
    success: { status: 200, description: "As salas da unidade", schema: { arrayOf: "Classroom" } },
  },
  ...masterData({
    tag: "Horários das salas",
    base: "/api/classroom-schedules",
    schema: "ClassroomSchedule",
    singular: "um horário",
    plural: "horários",
    name: "ClassroomSchedule",
    create: scheduleSchema,
    update: scheduleUpdateSchema,
    createConflict: "O horário se sobrepõe a outro da mesma sala",
    updateConflict: "O horário se sobrepõe a outro da mesma sala",
    listDescription: "De segunda a sábado, por horário de início.",
  }),
  {
    operationId: "listClassroomSchedulesOfClassroom",
    method: "get",
    path: "/api/classroom-schedules/classroom/{classroomId}",
    tag: "Horários das salas",
    summary: "Lista os horários de uma sala",
    access: "signed-in",
    success: { status: 200, description: "Os horários da sala", schema: { arrayOf: "ClassroomSchedule" } },
  },
  ...masterData({
    tag: "Cursos",
    base: "/api/courses",
    schema: "Course",
    singular: "um curso",
    plural: "cursos",
    name: "Course",
    create: courseSchema,
    update: courseUpdateSchema,
    deleteConflict: "O curso possui turmas vinculadas",
  }),

  // ---- Classes ----
  ...masterData({
    tag: "Turmas",
    base: "/api/classes",
    schema: "Class",
    singular: "uma turma",
    plural: "turmas",
    name: "Class",
    create: classSchema,
    update: classUpdateSchema,
    createConflict: "Não foi possível numerar a turma (tente novamente)",
    deleteConflict: "A turma possui experimentais vinculados",
    listDescription: "Cada turma com seus ids, `scheduleIds` e os nomes a que apontam. O número da turma é do servidor.",
    listQuery: [{ name: "branchId", description: "Só as turmas desta unidade", schema: z.string() }],
  }).map((e) => (e.operationId === "listClasss" ? { ...e, operationId: "listClasses" } : e)),
  {
    operationId: "listClassScheduleLinks",
    method: "get",
    path: "/api/classes/{id}/schedules",
    tag: "Turmas",
    summary: "Vínculos de horário de uma turma",
    access: "signed-in",
    success: { status: 200, description: "Os vínculos, com `scheduleId`", schema: { arrayOf: "ClassScheduleLink" } },
  },
  {
    operationId: "listAllClassScheduleLinks",
    method: "get",
    path: "/api/class-schedules",
    tag: "Turmas",
    summary: "Todos os vínculos turma-horário",
    access: "signed-in",
    success: { status: 200, description: "Todos os vínculos", schema: { arrayOf: "ClassScheduleLink" } },
  },

  // ---- Guardians ----
  {
    operationId: "listGuardians",
    method: "get",
    path: "/api/guardians",
    tag: "Responsáveis",
    summary: "Lista responsáveis com suas pessoas",
    description: "Todos; com `page`, uma página de 24 e o total em `X-Total-Count`.",
    access: "signed-in",
    query: [
      { name: "q", description: "Busca no nome, e-mail ou CPF de uma pessoa", schema: z.string() },
      { name: "page", description: "Página (a partir de 1)", schema: z.int().min(1) },
    ],
    success: { status: 200, description: "Responsáveis, mais recentes primeiro", schema: { arrayOf: "Guardian" }, headers: TOTAL_HEADER },
  },
  {
    operationId: "createGuardian",
    method: "post",
    path: "/api/guardians",
    tag: "Responsáveis",
    summary: "Cadastra um responsável",
    description:
      "Com suas pessoas e o usuário cliente criado a partir da pessoa principal, numa transação. Sem principal marcada, a primeira é a principal; mais de uma é 400.",
    access: "admin",
    body: guardianSchema,
    success: { status: 201, description: "O responsável criado, com as pessoas", schema: "Guardian" },
    errors: { 409: "Já existe um usuário com o e-mail da pessoa principal" },
  },
  {
    operationId: "getGuardian",
    method: "get",
    path: "/api/guardians/{id}",
    tag: "Responsáveis",
    summary: "Lê um responsável com suas pessoas",
    access: "signed-in",
    success: { status: 200, description: "O responsável", schema: "Guardian" },
  },
  {
    operationId: "deleteGuardian",
    method: "delete",
    path: "/api/guardians/{id}",
    tag: "Responsáveis",
    summary: "Remove um responsável",
    description: "As pessoas vão junto; o usuário cliente fica.",
    access: "admin",
    success: { status: 204, description: "Removido" },
  },
  {
    operationId: "listGuardianPersons",
    method: "get",
    path: "/api/guardians/{id}/persons",
    tag: "Responsáveis",
    summary: "Lista as pessoas de um responsável",
    access: "signed-in",
    success: { status: 200, description: "A principal primeiro", schema: { arrayOf: "GuardianPerson" } },
  },
  {
    operationId: "getGuardianPerson",
    method: "get",
    path: "/api/guardian-persons/{id}",
    tag: "Responsáveis",
    summary: "Lê uma pessoa",
    access: "signed-in",
    success: { status: 200, description: "A pessoa", schema: "GuardianPerson" },
  },
  {
    operationId: "updateGuardianPerson",
    method: "patch",
    path: "/api/guardian-persons/{id}",
    tag: "Responsáveis",
    summary: "Atualiza uma pessoa",
    description: "Campos opcionais. `isPrimary: true` desmarca as outras pessoas do responsável.",
    access: "admin",
    body: guardianPersonUpdateSchema,
    success: { status: 200, description: "A pessoa atualizada", schema: "GuardianPerson" },
    errors: { 409: "Desmarcar a principal sem marcar outra" },
  },
  {
    operationId: "deleteGuardianPerson",
    method: "delete",
    path: "/api/guardian-persons/{id}",
    tag: "Responsáveis",
    summary: "Remove uma pessoa",
    access: "admin",
    success: { status: 204, description: "Removida" },
    errors: { 409: "A pessoa principal, ou a última pessoa do responsável" },
  },

  // ---- Trials ----
  {
    operationId: "listTrials",
    method: "get",
    path: "/api/trials",
    tag: "Experimentais",
    summary: "Lista experimentais",
    description: "Por data e horário.",
    access: "signed-in",
    query: [{ name: "month", description: "Só este mês (AAAA-MM)", schema: month }],
    success: { status: 200, description: "Os experimentais", schema: { arrayOf: "Trial" } },
    errors: { 400: "Mês inválido" },
  },
  {
    operationId: "createTrial",
    method: "post",
    path: "/api/trials",
    tag: "Experimentais",
    summary: "Agenda um experimental",
    description: "Começa como 'Agendado', com a primeira entrada do histórico.",
    access: "trials",
    body: trialSchema,
    success: { status: 201, description: "O experimental criado", schema: "Trial" },
  },
  {
    operationId: "listAllTrialHistories",
    method: "get",
    path: "/api/trials/all-histories",
    tag: "Experimentais",
    summary: "Históricos de todos os experimentais",
    description: "Alimenta os indicadores: id do experimental → entradas, da mais antiga à mais recente.",
    access: "signed-in",
    query: [{ name: "month", description: "Só os experimentais deste mês (AAAA-MM)", schema: month }],
    paged: true,
    success: { status: 200, description: "Os históricos", schema: "TrialHistories" },
    errors: { 400: "Mês inválido" },
  },
  {
    operationId: "getTrial",
    method: "get",
    path: "/api/trials/{id}",
    tag: "Experimentais",
    summary: "Lê um experimental",
    access: "signed-in",
    success: { status: 200, description: "O experimental", schema: "Trial" },
  },
  {
    operationId: "updateTrial",
    method: "patch",
    path: "/api/trials/{id}",
    tag: "Experimentais",
    summary: "Atualiza um experimental (edição completa ou só o status)",
    description: "Uma mudança de `status` acrescenta uma entrada ao histórico.",
    access: "trials",
    body: trialUpdateSchema,
    success: { status: 200, description: "O experimental atualizado", schema: "Trial" },
  },
  {
    operationId: "deleteTrial",
    method: "delete",
    path: "/api/trials/{id}",
    tag: "Experimentais",
    summary: "Remove um experimental",
    description: "O histórico vai junto.",
    access: "trials",
    success: { status: 204, description: "Removido" },
  },
  {
    operationId: "getTrialHistory",
    method: "get",
    path: "/api/trials/{id}/history",
    tag: "Experimentais",
    summary: "Histórico de status de um experimental",
    access: "signed-in",
    success: { status: 200, description: "Entradas, da mais antiga à mais recente", schema: { arrayOf: "TrialHistoryEntry" } },
  },

  // ---- This document ----
  {
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/api/openapi.json",
    tag: "Documentação",
    summary: "Este documento OpenAPI 3.1",
    description: "Gerado dos mesmos schemas zod que os endpoints usam para validar. A versão legível está em /api-docs.",
    access: "public",
    success: { status: 200, description: "O documento OpenAPI" },
  },
];
