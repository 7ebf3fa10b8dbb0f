import { trialHistoryList } from "~/domain/trials/queries.server";
import { apiList } from "~/server/api.server";

import { z } from "zod";
import { trialHistoryEntryDto } from "~/domain/trials/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "getTrialHistory",
    tag: "Experimentais",
    summary: "Histórico de status de um experimental",
    access: "signed-in",
    client: "family-item",
    success: { status: 200, description: "Entradas, da mais antiga à mais recente", schema: z.array(trialHistoryEntryDto) },
  },
});

/** GET /api/trials/{id}/history: entries { id, status, changedAt }, oldest first (pages with ?limit=&cursor=). */
export const loader = apiList(({ actor, params }) => trialHistoryList(actor, params.id ?? ""));
