import { Link } from "react-router";
import type { Route } from "./+types/reports";
import { PageHeader } from "~/components/ui/page";
import { isStaff } from "~/domain/access/roles";
import { screenActor } from "~/server/forms.server";
import { branchNameOf, getSelectedBranchId } from "~/server/branch-selection.server";
import { scopeSubtitle } from "~/domain/branches/scope";
import { today } from "~/domain/calendar/dates";
import { REPORTS } from "./+shared/report-layout";

/** /reports ('Relatórios'): the reports of the network, Team and Administrator. */
export async function loader(args: Route.LoaderArgs) {
  const { context } = args;
  await screenActor(args, isStaff);
  const branchName = await branchNameOf(context, await getSelectedBranchId(context));
  return { subtitle: scopeSubtitle(branchName, today().slice(0, 7)) };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="Relatórios" description={loaderData.subtitle} />
      <p className="-mt-4 mb-4 text-sm text-slate-700">Os números da rede por período, com gráficos, tabelas e exportação em CSV.</p>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {REPORTS.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold">
              <Link to={r.id} className="text-violet-800 underline">
                {r.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-700">{r.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Relatórios" }];
}
