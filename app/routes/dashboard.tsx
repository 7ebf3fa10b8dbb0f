import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/dashboard";
import { useShell } from "~/hooks/use-shell";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useAppName } from "~/hooks/use-app-name";
import { useHydrated } from "~/hooks/use-hydrated";
import { canManageTrials, userTypeLabel } from "~/domain/actor";
import { atRiskStudents } from "~/domain/attendance/queries.server";
import { formatDay } from "~/domain/calendar/dates";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { actorOf, requireUser } from "~/server/session.server";
import { cn } from "~/lib/cn";

/**
 * The staff's dashboard also lists the pupils at risk of dropping out (three or
 * more absences in a row in the last 30 days) of the selected branch. Client
 * users (guardians) do not get other families' names and phones.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  if (!canManageTrials(user)) return { atRisk: null };
  const branchId = await getSelectedBranchId(context);
  const rows = branchId ? await atRiskStudents(actorOf(user), { branchId }) : [];
  return {
    atRisk: rows.map((r) => ({
      key: `${r.studentId}|${r.classId}`,
      studentId: r.studentId,
      studentName: r.studentName,
      guardianName: r.guardianName,
      whatsapp: r.whatsapp,
      classId: r.classId,
      classLabel: r.classLabel,
      absences: r.absences,
      lastAbsence: r.lastAbsence,
    })),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = useShell();
  const appName = useAppName();
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-slate-700">{`Bem-vindo ao sistema ${appName}`}</p>
        </div>
        <BranchSelector />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <InfoCard title="Usuário" value={user.name} />
        <InfoCard title="E-mail" value={user.email} />
        <InfoCard title="Tipo de Usuário" value={userTypeLabel(user.userType)} />
      </div>
      {loaderData.atRisk ? <AtRisk rows={loaderData.atRisk} /> : null}
    </div>
  );
}

type AtRiskRow = NonNullable<Route.ComponentProps["loaderData"]["atRisk"]>[number];

/** 'Alunos em risco': each with the class, the count, the last absence and the guardian's WhatsApp. */
function AtRisk({ rows }: { rows: AtRiskRow[] }) {
  return (
    <section aria-labelledby="at-risk-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="at-risk-title" className="text-lg font-semibold">
        Alunos em risco
      </h2>
      <p className="mt-1 text-sm text-slate-700">Três ou mais faltas seguidas nos últimos 30 dias.</p>
      {rows.length === 0 ? (
        <p className="mt-4 text-slate-700">Nenhum aluno em risco</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Alunos em risco">
          {rows.map((r) => (
            <li key={r.key} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{r.studentName}</p>
                <p className="text-sm text-slate-700">
                  <Link
                    to={`/classes/${r.classId}/attendance`}
                    className="underline underline-offset-2 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
                  >
                    {r.classLabel}
                  </Link>
                  {` · ${r.absences} faltas seguidas · última em ${formatDay(r.lastAbsence)}`}
                </p>
                <p className="text-sm text-slate-700">{`Responsável: ${r.guardianName}`}</p>
              </div>
              {r.whatsapp ? (
                <a
                  href={`https://wa.me/55${r.whatsapp}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-outline btn-md min-h-11 shrink-0"
                >
                  WhatsApp<span className="sr-only">{` de ${r.guardianName} (${r.studentName})`}</span>
                </a>
              ) : (
                <span className="text-sm text-slate-600">Sem telefone</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InfoCard({ title, value }: { title: string; value: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p className="mt-2 break-words text-lg font-semibold">{value}</p>
    </section>
  );
}

/**
 * The global branch selector (§2, §4): active branches only, '(Padrão)' on the
 * default one, hidden when there are none. It posts the choice; with JS it
 * submits on change, without JS through the 'Aplicar' button.
 */
export function BranchSelector() {
  const { branches, selectedBranchId } = useShell();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const select = selectRef.current;
    if (!select) return;
    if (!mounted.current) {
      mounted.current = true;
      // A branch picked while the scripts were still loading (a slow phone), without
      // pressing 'Aplicar', is applied now, as the button would have. The select has
      // autocomplete off, so a value here is the user's, never one the browser restored.
      if (select.value && select.value !== (selectedBranchId ?? "")) {
        window.localStorage.setItem("selectedBranchId", select.value);
        submit(select.form, { preventScrollReset: true });
        return;
      }
    }
    if (selectedBranchId) select.value = selectedBranchId;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedBranchId]);
  if (branches.length === 0) return null;
  return (
    <Form ref={formRef} method="post" action="/preferences/branch" className="flex items-center gap-2">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="branch-selector" className="sr-only">
        Unidade
      </label>
      <select
        ref={selectRef}
        id="branch-selector"
        name="branchId"
        autoComplete="off"
        defaultValue={selectedBranchId ?? ""}
        onChange={(e) => {
          window.localStorage.setItem("selectedBranchId", e.currentTarget.value);
          submit(e.currentTarget.form, { preventScrollReset: true });
        }}
        className={cn(inputClass.replace("w-full", ""), "w-[200px]")}
      >
        {selectedBranchId ? null : (
          <option value="" disabled>
            Selecione a unidade
          </option>
        )}
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
            {b.isDefault ? " (Padrão)" : ""}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          Aplicar
        </Button>
      )}
    </Form>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Dashboard" }];
}
