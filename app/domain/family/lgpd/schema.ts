import { z } from "zod";
import { day, id, timestamp } from "~/domain/dto-fields";
import { requiredString } from "~/domain/fields";

/**
 * The family's LGPD requests: 'Baixar meus dados' (the export, a JSON file of
 * everything the app holds about the family) and 'Anonimizar família'.
 */

export const REASON_REQUIRED = "Informe o motivo da anonimização";
export const CONFIRM_NAME_REQUIRED = "Digite o nome da família para confirmar";
export const CONFIRM_NAME_MISMATCH = "O nome digitado não é o nome da família";
export const FAMILY_HAS_OPEN_CHARGES = "Família com cobranças em aberto";
export const FAMILY_ALREADY_ANONYMIZED = "Família já anonimizada";
/** Who the family's file names in place of a member of staff (the author of an audit entry or of a charge's history entry). */
export const STAFF_AUTHOR = "Equipe da escola";

/**
 * The tables whose rows of a family 'Baixar meus dados' exports, in the
 * file's order (each, every column but secrets). A table of the database
 * that refers to a family's rows is either here or in `NOT_EXPORTED` with its
 * reason: tests/api/family-lgpd.test.ts reads the database's foreign keys and
 * columns and fails otherwise.
 */
export const FAMILY_TABLES = [
  "guardians",
  "guardian_persons",
  "users",
  "students",
  "enrollments",
  "attendance_records",
  "absence_notices",
  "makeups",
  "trials",
  "trial_status_history",
  "tasks",
  "charges",
  "payments",
  "charge_history",
  "audit_entries",
] as const;
export type FamilyTable = (typeof FAMILY_TABLES)[number];

/** Tables that refer to a family's rows but are not exported, and why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  sessions: "Identificadores de sessão são credenciais (segredos); a anonimização encerra as sessões",
  login_attempts: "Contadores de tentativas de entrada por 15 minutos, sem dado além do e-mail já exportado",
  uploads: "Registros técnicos de envio de arquivo, de quem os emitiu (a equipe); o avatar está em users.avatarUrl",
  guardian_person_search:
    "Índice de busca de responsáveis (SQLite): cópia do nome, e-mail e CPF de guardian_persons mantida por gatilhos, exportada como guardian_persons",
  classes: "Turmas do catálogo; a coluna de usuário é o professor responsável (equipe), nunca a família",
  pix_inbox:
    "Avisos de Pix recebidos do banco: cada Pix de uma cobrança da família já está em payments (valor, data e E2E); a anonimização apaga o texto do pagador",
};

/** POST /api/guardians/{id}/anonymize */
export const anonymizeSchema = z.object({
  reason: requiredString(REASON_REQUIRED, 500).describe("Por que a família é anonimizada (fica no registro de auditoria)"),
  confirmName: requiredString(CONFIRM_NAME_REQUIRED).describe(
    "O nome da família (o nome completo da pessoa principal), digitado para confirmar",
  ),
});
export type AnonymizeInput = z.output<typeof anonymizeSchema>;

/** The neutral values that take the place of a family's personal data. */
export const ANONYMIZED = {
  personName: "Pessoa anonimizada",
  studentName: "Aluno anonimizado",
  userName: "Cliente anonimizado",
  guardianName: "Responsável anonimizado",
  address: "Endereço removido",
  cpf: "00000000000",
  phone: "00000000000",
  emailDomain: "anonimizado.invalid",
  text: "[anonimizado]",
  cancelReason: "Família anonimizada",
} as const;

// ---- Responses ----

/** POST /api/guardians/{id}/anonymize */
export const anonymizedFamilyDto = z
  .object({
    guardianId: id,
    anonymizedAt: timestamp,
    persons: z.int().describe("Pessoas anonimizadas"),
    students: z.int().describe("Alunos anonimizados"),
    cancelledEnrollments: z.int().describe("Matrículas canceladas (a lista de espera das turmas anda)"),
    trials: z.int().describe("Experimentais anonimizadas"),
    userDisabled: z.boolean().describe("O usuário cliente foi desativado e suas sessões encerradas"),
  })
  .meta({ id: "AnonymizedFamily" });
export type AnonymizedFamilyDTO = z.output<typeof anonymizedFamilyDto>;

/**
 * GET /api/guardians/{id}/export: one member per table of the database that
 * holds the family's rows (its name → the rows, every column but secrets).
 */
export const familyExportDto = z
  .object({
    exportedOn: day.describe("O dia da exportação (fuso da escola)"),
    guardianId: id,
    tables: z
      .record(z.string(), z.array(z.record(z.string(), z.unknown())))
      .describe(
        "Tabela → linhas da família (sem senhas nem tokens). Autores que não são o usuário da família aparecem como 'Equipe da escola', sem id nem endereço IP",
      ),
  })
  .meta({ id: "FamilyExport" });
