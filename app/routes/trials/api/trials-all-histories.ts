import type { Route } from "./+types/trials-all-histories";
import { historyList, historyMember } from "~/domain/trials/queries.server";
import { api } from "~/lib/api.server";
import { listResponse } from "~/lib/list-response.server";

import { z } from "zod";
import { MONTH_RE } from "~/domain/trials/calendar";
import { trialHistoriesDto } from "~/domain/trials/schema";
import { operations } from "~/openapi/operation";

export const openapi = operations({
  GET: {
    operationId: "listAllTrialHistories",
    tag: "Experimentais",
    summary: "Históricos de todos os experimentais",
    description: "Alimenta os indicadores: id do experimental → entradas, da mais antiga à mais recente.",
    access: "signed-in",
    query: [{ name: "month", description: "Só os experimentais deste mês (AAAA-MM)", schema: z.string().regex(MONTH_RE) }],
    paged: true,
    success: { status: 200, description: "Os históricos", schema: trialHistoriesDto },
    errors: { 400: "Mês inválido" },
  },
});

/**
 * GET /api/trials/all-histories (optional ?month=YYYY-MM): { [trialId]: [{ id, status, changedAt }] }.
 * `?limit=` counts trials; the next page is in `Link`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const month = new URL(request.url).searchParams.get("month");
  return api({ request, context }, ({ actor }) => listResponse(request, historyList(actor, { month }), { object: true, entry: historyMember }));
}
