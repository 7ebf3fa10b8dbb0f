import { historyList, historyMember } from "~/domain/trials/queries.server";
import { apiList } from "~/server/api.server";

import { calendarMonth } from "~/domain/fields";
import { trialHistoriesDto } from "~/domain/trials/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listAllTrialHistories",
    tag: "Experimentais",
    summary: "Históricos de todos os experimentais",
    description: "Alimenta os indicadores: id do experimental → entradas, da mais antiga à mais recente.",
    access: "signed-in",
    client: "family-list",
    query: [{ name: "month", description: "Só os experimentais deste mês (AAAA-MM)", schema: calendarMonth() }],
    paged: true,
    success: { status: 200, description: "Os históricos", schema: trialHistoriesDto },
    errors: { 400: "Mês inválido" },
  },
});

/**
 * GET /api/trials/all-histories (optional ?month=YYYY-MM): { [trialId]: [{ id, status, changedAt }] }.
 * `?limit=` counts trials; the next page is in `Link`.
 */
export const loader = apiList(({ actor, search }) => historyList(actor, { month: search.get("month") }), {
  object: true,
  entry: historyMember,
});
