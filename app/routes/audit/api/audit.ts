import { z } from "zod";
import { auditList, listAuditPage } from "~/domain/audit/queries.server";
import { auditEntryDto } from "~/domain/audit/schema";
import { calendarDate } from "~/domain/fields";
import { operations, TOTAL_COUNT_HEADER } from "~/openapi/operation";
import { jsonAnswer } from "~/server/answer.server";
import { apiList } from "~/server/api.server";
import { assertOnePagingStyle } from "~/server/list-response.server";

export const openapi = operations({
  GET: {
    operationId: "listAuditEntries",
    tag: "Auditoria",
    summary: "Lista a trilha de auditoria",
    description:
      "As entradas mais recentes primeiro: quem (id e nome), quando, a entidade e o registro, a ação, os campos alterados com o valor " +
      "antes e depois (senhas e tokens nunca aparecem) e o endereço do cliente. Filtros combináveis; com `page`, uma página e o total " +
      "em `X-Total-Count`.",
    access: "admin",
    query: [
      { name: "entity", description: "A entidade (a tabela), por exemplo `students`", schema: z.string() },
      { name: "entityId", description: "O id do registro", schema: z.string() },
      { name: "userId", description: "Quem fez", schema: z.guid() },
      { name: "from", description: "A partir deste dia (AAAA-MM-DD, no fuso da escola)", schema: calendarDate() },
      { name: "to", description: "Até este dia, inclusive (AAAA-MM-DD, no fuso da escola)", schema: calendarDate() },
      {
        name: "signIns",
        description: "`hide`: sem as entradas, entradas recusadas e saídas do sistema; `show` (padrão): com elas",
        schema: z.enum(["show", "hide"]),
      },
      { name: "page", description: "Página (a partir de 1)", schema: z.int().min(1) },
      { name: "pageSize", description: "Tamanho da página (até 200; padrão 50)", schema: z.int().min(1).max(200) },
    ],
    success: { status: 200, description: "Entradas da auditoria", schema: z.array(auditEntryDto), headers: TOTAL_COUNT_HEADER },
  },
});

const FILTERS = ["entity", "entityId", "userId", "from", "to", "signIns"] as const;

/**
 * GET /api/audit?entity=&entityId=&userId=&from=&to=&signIns=: Administrator only. Whole
 * (streamed), by cursor (`limit`, `cursor`) or by page number (`page`, `pageSize`). Read from
 * the read replica when there is one (ADR 019).
 */
export const loader = apiList(
  async ({ actor, search }) => {
    assertOnePagingStyle(search);
    const filter = Object.fromEntries(FILTERS.map((key) => [key, search.get(key) ?? undefined]));
    if (!search.has("page")) return auditList(actor, filter);
    const result = await listAuditPage(actor, filter, {
      page: Number(search.get("page")) || 1,
      pageSize: Number(search.get("pageSize")) || undefined,
    });
    return jsonAnswer(result.entries, 200, { "X-Total-Count": String(result.total) });
  },
  { replica: true },
);
