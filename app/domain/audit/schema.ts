import { z } from "zod";
import { id, timestamp } from "../dto-fields";
import { calendarDate } from "../fields";

/**
 * The audit trail (db/audit.ts writes it; migration 0014): one entry per
 * create, update and delete of a record, and per sign-in, failed sign-in and
 * sign-out. Read by administrators on 'Auditoria' (/audit) and GET /api/audit.
 */

/** The entities as the screen names them (an entity is its table); an unknown one is shown as it is. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  users: "Usuários",
  branches: "Filiais",
  classrooms: "Salas",
  classroom_schedules: "Horários",
  offers: "Ofertas",
  courses: "Cursos",
  classes: "Turmas",
  class_schedules: "Horários das turmas",
  guardians: "Responsáveis",
  guardian_persons: "Pessoas dos responsáveis",
  trials: "Aulas experimentais",
  trial_status_history: "Histórico das aulas experimentais",
  students: "Alunos",
  enrollments: "Matrículas",
  attendance_records: "Presenças",
  makeups: "Reposições",
  tasks: "Tarefas",
  billing_settings: "Configurações financeiras",
  charges: "Cobranças",
  payments: "Pagamentos",
  charge_history: "Histórico das cobranças",
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: "Criação",
  update: "Alteração",
  delete: "Exclusão",
  "sign-in": "Entrada",
  "sign-in-failed": "Entrada recusada",
  "sign-out": "Saída",
};

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export const AUDIT_ENTITY_INVALID = "Entidade inválida";
export const AUDIT_USER_INVALID = "Usuário inválido";
export const AUDIT_RECORD_INVALID = "Registro inválido";
export const AUDIT_PERIOD_INVALID = "O fim do período deve ser igual ou posterior ao início";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** The filters of the list (query string of /audit and GET /api/audit); blank means no filter. */
export const auditFilterSchema = z
  .object({
    entity: z.preprocess(
      blankToUndefined,
      z
        .string({ error: AUDIT_ENTITY_INVALID })
        .regex(/^[a-z_]{1,60}$/, AUDIT_ENTITY_INVALID)
        .optional(),
    ),
    entityId: z.preprocess(blankToUndefined, z.string({ error: AUDIT_RECORD_INVALID }).max(64, AUDIT_RECORD_INVALID).optional()),
    userId: z.preprocess(blankToUndefined, z.guid({ error: AUDIT_USER_INVALID }).optional()),
    from: z.preprocess(blankToUndefined, calendarDate().optional()),
    to: z.preprocess(blankToUndefined, calendarDate().optional()),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { path: ["to"], message: AUDIT_PERIOD_INVALID });

export type AuditFilter = z.output<typeof auditFilterSchema>;

// ---- Responses ----

export const auditChangesDto = z
  .record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }))
  .describe("Campos alterados, com o valor antes e depois (segredos nunca aparecem)");

export const auditEntryDto = z
  .object({
    id,
    createdAt: timestamp,
    userId: id.nullable().describe("Quem fez (nulo: o sistema, ou uma entrada recusada)"),
    userName: z.string().nullable(),
    entity: z.string().describe("A entidade (a tabela), por exemplo `students`"),
    entityId: z.string().nullable(),
    action: z.enum(["create", "update", "delete", "sign-in", "sign-in-failed", "sign-out"]),
    changes: auditChangesDto.nullable(),
    ip: z.string().nullable().describe("O endereço do cliente"),
  })
  .meta({ id: "AuditEntry" });

export type AuditEntryDTO = z.output<typeof auditEntryDto>;

export interface AuditPage {
  entries: AuditEntryDTO[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}
