import { retryJob } from "~/domain/jobs/service.server";
import { JOB_NOT_FAILED, jobDto } from "~/domain/jobs/schema";
import { operations } from "~/openapi/operation";
import { apiWrites } from "~/server/api.server";

export const openapi = operations({
  POST: {
    operationId: "retryJob",
    tag: "Integrações",
    summary: "Tenta de novo um trabalho com falha",
    description: "O trabalho volta à fila agora, com 10 novas tentativas; fica na auditoria quem pediu.",
    access: "admin",
    success: { status: 200, description: "O trabalho, de volta à fila", schema: jobDto },
    errors: { 404: "Trabalho não encontrado", 409: JOB_NOT_FAILED },
  },
});

/** POST /api/jobs/{id}/retry → 200 with the job */
export const action = apiWrites({ POST: ({ actor, params }) => retryJob(actor, params.id) });
