import { familyExport } from "~/domain/family/lgpd/queries.server";
import { familyExportDto } from "~/domain/family/lgpd/schema";
import { apiRead } from "~/server/api.server";
import { familyExportAnswer } from "~/server/export.server";
import { toResponse } from "~/server/answer.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "exportGuardian",
    tag: "Responsáveis",
    summary: "Baixa os dados da família (LGPD)",
    description:
      "Um arquivo JSON (`Content-Disposition: attachment`) com tudo o que o sistema guarda da família: responsável, pessoas, usuário (sem senha nem tokens), alunos, matrículas, chamadas, reposições, experimentais ligadas às matrículas e as entradas de auditoria sobre elas, uma tabela por membro de `tables`. Enviado aos poucos (nunca montado inteiro na memória). Administrador: qualquer família; Cliente: a sua; Equipe: 403.",
    access: "admin",
    client: "family-item",
    success: { status: 200, description: "O arquivo", schema: familyExportDto },
    errors: { 403: "Equipe: só o Administrador (qualquer família) e o Cliente (a sua) baixam" },
  },
});

/** GET /api/guardians/{id}/export → the family's file (attachment), streamed. */
export const loader = apiRead(async ({ actor, params }) => toResponse(familyExportAnswer(await familyExport(actor, params.id))));
