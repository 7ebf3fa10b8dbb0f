import { anonymizeFamily } from "~/domain/family/lgpd/service.server";
import { anonymizedFamilyDto, anonymizeSchema } from "~/domain/family/lgpd/schema";
import { apiWrites } from "~/server/api.server";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  POST: {
    operationId: "anonymizeGuardian",
    tag: "Responsáveis",
    summary: "Anonimiza a família (LGPD, irreversível)",
    description:
      "Numa transação: nomes, CPFs, e-mails, telefones, endereço e datas de nascimento da família (pessoas, alunos, experimentais ligadas, usuário cliente) trocados por valores neutros; o usuário cliente desativado e suas sessões encerradas; as matrículas canceladas (a lista de espera anda); chamadas e reposições mantidas, sem identidade; as entradas de auditoria sem os dados pessoais. `confirmName` deve ser o nome da família (o da pessoa principal).",
    access: "admin",
    body: anonymizeSchema,
    success: { status: 200, description: "O que foi anonimizado", schema: anonymizedFamilyDto },
    errors: {
      400: "Motivo em branco, ou `confirmName` diferente do nome da família",
      409: "'Família com cobranças em aberto', ou família já anonimizada",
    },
  },
});

/** POST /api/guardians/{id}/anonymize { reason, confirmName } */
export const action = apiWrites({ POST: ({ actor, params, body }) => anonymizeFamily(actor, params.id, body) });
