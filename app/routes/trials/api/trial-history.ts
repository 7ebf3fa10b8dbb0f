import { trialHistoryList } from "~/domain/trials/queries.server";
import { apiList } from "~/server/api.server";

import { trialHistoryEntryDto } from "~/domain/trials/schema";
import { childListOperation, operations } from "~/openapi/operation";

export const openapi = operations({
  GET: childListOperation({
    operationId: "getTrialHistory",
    tag: "Experimentais",
    summary: "Histórico de status de um experimental",
    client: "family-item",
    answer: "Entradas, da mais antiga à mais recente",
    dto: trialHistoryEntryDto,
  }),
});

/** GET /api/trials/{id}/history: entries { id, status, changedAt }, oldest first (pages with ?limit=&cursor=). */
export const loader = apiList(({ actor, params }) => trialHistoryList(actor, params.id ?? ""));
