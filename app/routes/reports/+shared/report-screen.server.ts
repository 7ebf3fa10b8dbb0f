import { isStaff } from "~/domain/access/roles";
import { ValidationError } from "~/domain/errors";
import { listActiveBranchOptions } from "~/domain/branches/queries.server";
import type { ReportFilter } from "~/domain/reports/queries.server";
import type { Actor } from "~/domain/access/roles";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import type { RequestContext } from "~/server/request-context.server";
import { actorOf, requirePermission } from "~/server/session.server";
import { fromReplica } from "~/server/reader.server";
import { reportFilter } from "./report-csv.server";

/** The filters as the screen's form shows them (strings; blank for none). */
export interface ScreenFilter {
  from: string;
  to: string;
  branchId: string;
  /** The funnel's owner filter (blank: every owner). */
  ownerId: string;
  by: string;
}

/**
 * A report screen's loader: Team and Administrator (403 otherwise), the form's
 * filters (the branch chosen in the header unless the form says otherwise),
 * the branches for the select, and the report (from the read replica when
 * there is one, ADR 019), or the form's errors.
 */
export async function loadReport<Report extends { from: string; to: string; by?: string }>(
  request: Request,
  context: RequestContext,
  read: (actor: Actor, filter: ReportFilter) => Promise<Report>,
): Promise<{
  /** The report as JSON text: the page's charts are cached HTML keyed by it (ServerCached), parsed only to draw them. */
  report: string | null;
  shown: { from: string; to: string; by: string | null } | null;
  filter: ScreenFilter;
  branches: { id: string; name: string }[];
  errors: Record<string, string[]>;
}> {
  const user = requirePermission(context, isStaff);
  const search = new URL(request.url).searchParams;
  const given = reportFilter(search);
  const branchId = search.has("branchId") ? (given.branchId ?? "") : ((await getSelectedBranchId(context)) ?? "");
  const filter: ScreenFilter = { from: given.from ?? "", to: given.to ?? "", branchId, ownerId: given.ownerId ?? "", by: given.by ?? "" };
  const branches = (await listActiveBranchOptions()).map((b) => ({ id: b.id, name: b.name }));
  try {
    const report = await fromReplica(context, () => read(actorOf(user), { ...given, branchId }));
    return {
      report: JSON.stringify(report),
      shown: { from: report.from, to: report.to, by: report.by ?? null },
      filter,
      branches,
      errors: {},
    };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { report: null, shown: null, filter, branches, errors: error.errors ?? {} };
  }
}
