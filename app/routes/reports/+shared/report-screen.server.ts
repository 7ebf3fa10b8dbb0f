import { isStaff } from "~/domain/access/roles";
import { ValidationError } from "~/domain/errors";
import { listActiveBranchOptions } from "~/domain/branches/queries.server";
import type { ReportFilter } from "~/domain/reports/queries.server";
import type { Actor } from "~/domain/access/roles";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { screenActor, type ScreenArgs } from "~/server/forms.server";
import { fromReplica } from "~/server/reader.server";
import { reportFilter } from "./report-csv.server";
import type { LoadedReport, ScreenFilter } from "./report-layout";

/**
 * A report screen's loader: Team and Administrator (403 otherwise), the form's
 * filters (the branch chosen in the header unless the form says otherwise),
 * the branches for the select, and the report (from the read replica when
 * there is one, ADR 019), or the form's errors.
 */
export async function loadReport<Report extends { from: string; to: string; by?: string }>(
  args: ScreenArgs,
  read: (actor: Actor, filter: ReportFilter) => Promise<Report>,
): Promise<LoadedReport> {
  const { request, context } = args;
  const actor = await screenActor(args, isStaff);
  const search = new URL(request.url).searchParams;
  const given = reportFilter(search);
  const branchId = search.has("branchId") ? (given.branchId ?? "") : ((await getSelectedBranchId(context)) ?? "");
  const filter: ScreenFilter = { from: given.from ?? "", to: given.to ?? "", branchId, ownerId: given.ownerId ?? "", by: given.by ?? "" };
  const branches = (await listActiveBranchOptions()).map((b) => ({ id: b.id, name: b.name }));
  try {
    const report = await fromReplica(context, () => read(actor, { ...given, branchId }));
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
