import { z } from "zod";
import { id, timestamp } from "../dto-fields";
import { calendarDate } from "../fields";
import { AUDIT_ENTITY_INVALID, AUDIT_PERIOD_INVALID, AUDIT_RECORD_INVALID, AUDIT_SIGN_INS_INVALID, AUDIT_USER_INVALID } from "./labels";

export * from "./labels";

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
    /** Sign-ins, failed sign-ins and sign-outs: shown (default) or left out (the screen's default). */
    signIns: z.preprocess(blankToUndefined, z.enum(["show", "hide"], { error: AUDIT_SIGN_INS_INVALID }).optional()),
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
