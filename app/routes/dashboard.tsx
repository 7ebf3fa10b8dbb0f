import { useEffect, useRef } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/dashboard";
import { useShell } from "~/hooks/use-shell";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useAppName } from "~/hooks/use-app-name";
import { useHydrated } from "~/hooks/use-hydrated";
import { userTypeLabel } from "~/domain/actor";
import { cn } from "~/lib/cn";

export default function Dashboard() {
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
    </div>
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
  useEffect(() => {
    if (selectRef.current && selectedBranchId) selectRef.current.value = selectedBranchId;
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

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Dashboard" }];
}
