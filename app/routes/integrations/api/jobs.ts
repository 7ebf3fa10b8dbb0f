import { z } from "zod";
import { jobList } from "~/domain/jobs/queries.server";
import { JOB_STATUSES, JOB_STATUS_INVALID, jobDto } from "~/domain/jobs/schema";
import { operations } from "~/openapi/operation";
import { apiList } from "~/server/api.server";

export const openapi = operations({
  GET: {
    operationId: "listJobs",
    tag: "Integrações",
    summary: "Lista os trabalhos em segundo plano",
    description:
      "A fila de trabalhos (ADR 023), os mais recentes primeiro: o tipo (e em português), a situação, as tentativas (no máximo 10, " +
      "com espera de 1, 2, 4 … 32 minutos e depois 1 hora), quando roda a próxima e o último erro. Trabalhos concluídos são " +
      "apagados depois de alguns dias.",
    access: "admin",
    query: [{ name: "status", description: "Só os desta situação", schema: z.enum(JOB_STATUSES) }],
    success: { status: 200, description: "Trabalhos", schema: z.array(jobDto) },
    errors: { 400: JOB_STATUS_INVALID },
  },
});

/** GET /api/jobs?status=pending|running|done|failed: Administrator only; whole (streamed) or by cursor (`limit`, `cursor`). */
export const loader = apiList(({ actor, search }) => jobList(actor, { status: search.get("status") ?? undefined }));
