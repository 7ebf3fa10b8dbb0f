import { Link } from "react-router";
import type { Route } from "./+types/reports";
import { PageHeader } from "~/components/ui/page";
import { isStaff } from "~/domain/access/roles";
import { requirePermission } from "~/server/session.server";
import { branchNameOf, getSelectedBranchId } from "~/server/branch-selection.server";
import { scopeSubtitle } from "~/domain/branches/scope";
import { today } from "~/domain/calendar/dates";

/** /reports ('Relatórios'): the reports of the network, Team and Administrator. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(context, isStaff);
  const branchName = await branchNameOf(context, await getSelectedBranchId(context));
  return { subtitle: scopeSubtitle(branchName, today().slice(0, 7)) };
}

const REPORTS = [
  {
    to: "/reports/funnel",
    title: "Funil",
    text: "Experimentais → Compareceu → Quer Matricular → Matriculado, por origem, responsável, unidade e curso; perdidos por motivo.",
  },
  {
    to: "/reports/students",
    title: "Alunos",
    text: "Matrículas ativas, novas e canceladas por mês, churn, ocupação das turmas e listas de espera.",
  },
  {
    to: "/reports/attendance",
    title: "Frequência",
    text: "Taxa de presença por turma, professor e unidade; faltas repostas e não repostas.",
  },
  {
    to: "/reports/finance",
    title: "Financeiro",
    text: "Esperado e recebido por mês, inadimplência por faixa de atraso e recebido por forma de pagamento.",
  },
];

export default function Reports({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="Relatórios" description={loaderData.subtitle} />
      <p className="-mt-4 mb-4 text-sm text-slate-700">Os números da rede por período, com gráficos, tabelas e exportação em CSV.</p>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {REPORTS.map((r) => (
          <li key={r.to} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="font-semibold">
              <Link to={r.to} className="text-violet-800 underline">
                {r.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-700">{r.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Relatórios" }];
}
