import type { Actor } from "~/domain/access/roles";
import type { ReportFilter } from "~/domain/reports/queries.server";
import { toResponse, type Answer } from "~/server/answer.server";
import { api } from "~/server/api.server";
import { fromReplica } from "~/server/reader.server";
import type { RequestContext } from "~/server/request-context.server";
import { reportFilter, wantsCsv } from "./report-csv.server";

/**
 * The loader of a report's JSON endpoint: the report of the query string's
 * filters, as JSON, or as CSV with `?format=csv`, read from the read replica
 * when there is one (ADR 019).
 */
export function reportLoader<Report>(read: (actor: Actor, filter: ReportFilter) => Promise<Report>, csv: (report: Report) => Answer) {
  return ({ request, context }: { request: Request; context: RequestContext }) => {
    const search = new URL(request.url).searchParams;
    return api({ request, context }, async ({ actor }) => {
      const report = await fromReplica(context, () => read(actor, reportFilter(search)));
      return wantsCsv(search) ? toResponse(csv(report)) : report;
    });
  };
}
