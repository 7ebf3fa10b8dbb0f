import { z } from "zod";
import { id, timestamp } from "../dto-fields";

/**
 * The job queue as the Administrator sees it ('Integrações', /integrations;
 * GET /api/jobs, POST /api/jobs/{id}/retry). The queue itself is
 * app/platform/jobs.server.ts (ADR 023).
 */

export const JOB_STATUSES = ["pending", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  pending: "Na fila",
  running: "Em execução",
  done: "Concluído",
  failed: "Falhou",
};

export const JOB_STATUS_INVALID = "Situação inválida: use pending, running, done ou failed";
export const JOB_NOT_FOUND = "Trabalho não encontrado";
export const JOB_NOT_FAILED = "Trabalho não está com falha";
export const JOB_RETRIED = "Trabalho reenfileirado";

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** The list's filter (query string of GET /api/jobs); blank means every status. */
export const jobFilterSchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(JOB_STATUSES, { error: JOB_STATUS_INVALID }).optional()),
});
export type JobFilter = z.output<typeof jobFilterSchema>;

// ---- Responses ----

export const jobDto = z
  .object({
    id,
    kind: z.string().describe("O tipo do trabalho, por exemplo `bank.cobv.register`"),
    label: z.string().describe("O tipo, em português"),
    status: z.enum(JOB_STATUSES),
    attempts: z.int().describe("Tentativas começadas (no máximo 10)"),
    runAt: timestamp.describe("Quando roda (ou rodou) a próxima tentativa"),
    lastError: z.string().nullable().describe("A mensagem do último erro"),
    createdAt: timestamp,
    finishedAt: timestamp.nullable().describe("Quando terminou (concluído ou com falha)"),
  })
  .meta({ id: "Job" });
export type JobDTO = z.output<typeof jobDto>;

export const jobCountsDto = z.object({ pending: z.int(), running: z.int(), failed: z.int() });
export type JobCounts = z.output<typeof jobCountsDto>;

/** A recurring job on 'Integrações': its schedule and its last run. */
export interface RoutineDTO {
  name: string;
  label: string;
  cron: string;
  /** The schedule in words ('A cada 30 minutos'). */
  schedule: string;
  /** The next slot (ISO), null when there is none. */
  nextRunAt: string | null;
  lastRun: null | {
    slot: string;
    startedAt: string;
    finishedAt: string | null;
    result: Record<string, number> | null;
    error: string | null;
  };
}
