import { Form, Link, Outlet } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reconciliation";
import { Button } from "~/components/ui/button";
import { Card, DataList, EmptyState, PageHeader } from "~/components/ui/page";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { formatDateTime } from "~/domain/trials/durations";
import { getReconciliation, runReconciliation } from "~/domain/bank/received/service.server";
import { OVERPAID, PAID_TWICE, PIX_WITHOUT_CHARGE, type ReconciliationRunDTO } from "~/domain/bank/received/schema";
import { bankConnectionStatuses } from "~/domain/bank/queries.server";
import { formText, intent, intentAction, orRespond, screenActor } from "~/server/forms.server";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { brl, day } from "~/features/charges/charges-screen";

/**
 * 'Conciliação' (/billing/reconciliation, Team and Administrator): each
 * connected branch's last reconciliation with the bank and 'Conciliar agora'
 * (a post that comes back with the counts), and what needs a person: 'Pix sem
 * cobrança' ('Vincular a uma cobrança': a dialog), 'Pago a maior' and 'Baixa
 * manual e Pix no banco' ('Devolver o Pix': a dialog, Administrator;
 * 'Estornar a baixa manual': the charge's own reversal). In the selected branch.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const branchId = await getSelectedBranchId(args.context);
  const [reconciliation, connections] = await Promise.all([orRespond(getReconciliation(actor, { branchId })), bankConnectionStatuses()]);
  const lastRun = new Map(reconciliation.runs.map((r) => [r.branchId, r]));
  const branches = connections
    .filter((c) => !branchId || c.branchId === branchId)
    .map((c) => ({ branchId: c.branchId, branchName: c.branchName, run: lastRun.get(c.branchId) ?? null }));
  return { ...reconciliation, branches, isAdmin: isAdmin(actor), search: new URL(args.request.url).search };
}

/** 'Conciliação: 3 Pix recebidos, 1 registrado' (per branch run, summed). */
function countsText(runs: readonly ReconciliationRunDTO[]): string {
  const received = runs.reduce((sum, r) => sum + r.received, 0);
  const recorded = runs.reduce((sum, r) => sum + r.recorded, 0);
  const failed = runs.filter((r) => r.error);
  const counts = `${received} Pix ${received === 1 ? "recebido" : "recebidos"}, ${recorded} ${recorded === 1 ? "registrado" : "registrados"}`;
  return failed.length ? `${counts}. Falhou: ${failed.map((r) => `${r.branchName}: ${r.error}`).join("; ")}` : counts;
}

export async function action(args: Route.ActionArgs) {
  return intentAction(args, {
    permission: isStaff,
    intents: {
      run: intent({
        schema: z.object({ branchId: formText() }),
        save: (value, { actor }) => runReconciliation(actor, { branchId: value.branchId || null }),
        errorTitle: "Erro ao conciliar",
        redirectTo: `/billing/reconciliation`,
        refusedTo: () => `/billing/reconciliation`,
        success: (saved) => ({ title: "Conciliação concluída", description: countsText(saved.runs) }),
      }),
    },
  });
}

type Data = Route.ComponentProps["loaderData"];

function Runs({ branches }: { branches: Data["branches"] }) {
  return (
    <section aria-labelledby="runs-title" className="mb-8">
      <h2 id="runs-title" className="mb-3 text-lg font-semibold">
        Última conciliação
      </h2>
      {branches.length === 0 ? (
        <EmptyState message="Nenhuma unidade conectada ao banco" />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {branches.map((b) => (
            <Card key={b.branchId}>
              <h3 className="font-semibold">{b.branchName}</h3>
              {b.run ? (
                <p className="mt-1 text-sm">
                  {formatDateTime(b.run.at)}: {b.run.received} Pix {b.run.received === 1 ? "recebido" : "recebidos"}, {b.run.recorded}{" "}
                  {b.run.recorded === 1 ? "registrado" : "registrados"}
                  {b.run.error ? <span className="block text-red-800">Falhou: {b.run.error}</span> : null}
                </p>
              ) : (
                <p className="mt-1 text-sm text-slate-700">Nenhuma conciliação ainda</p>
              )}
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="run" />
                <input type="hidden" name="branchId" value={b.branchId} />
                <Button type="submit" variant="outline" size="sm">
                  Conciliar agora<span className="sr-only"> {b.branchName}</span>
                </Button>
              </Form>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}

const linkClass = "font-medium text-violet-800 underline";

export default function Reconciliation({ loaderData }: Route.ComponentProps) {
  const { branches, pixWithoutCharge, overpaid, paidTwice, isAdmin: admin, search } = loaderData;
  return (
    <div>
      <PageHeader title="Conciliação" description="O que o banco recebeu e o que precisa de alguém" />
      <Runs branches={branches} />
      <section aria-labelledby="without-charge-title" className="mb-8">
        <h2 id="without-charge-title" className="mb-3 text-lg font-semibold">
          {PIX_WITHOUT_CHARGE}
        </h2>
        <DataList
          caption={PIX_WITHOUT_CHARGE}
          rows={pixWithoutCharge}
          rowKey={(p) => p.endToEndId}
          tableFrom="md"
          empty={<EmptyState message="Nenhum Pix sem cobrança" />}
          columns={[
            { header: "E2E", cell: (p) => <span className="font-mono text-xs break-all">{p.endToEndId}</span>, stack: "title" },
            { header: "Valor", cell: (p) => (p.valor ? brl(p.valor) : "-") },
            { header: "Horário", cell: (p) => (p.horario ? formatDateTime(p.horario) : "-") },
            { header: "Pagador", cell: (p) => p.infoPagador ?? "-" },
          ]}
          actions={(p) => (
            <Link className={linkClass} to={`/billing/reconciliation/pix/${p.endToEndId}/link${search}`} preventScrollReset>
              Vincular a uma cobrança<span className="sr-only"> {p.endToEndId}</span>
            </Link>
          )}
        />
      </section>
      <section aria-labelledby="overpaid-title" className="mb-8">
        <h2 id="overpaid-title" className="mb-3 text-lg font-semibold">
          {OVERPAID}
        </h2>
        <DataList
          caption={OVERPAID}
          rows={overpaid}
          rowKey={(o) => o.chargeId}
          tableFrom="md"
          empty={<EmptyState message="Nenhuma cobrança paga a maior" />}
          columns={[
            {
              header: "Cobrança",
              cell: (o) => (
                <Link className={linkClass} to={`/charges/${o.chargeId}`}>
                  {o.chargeCode} · {o.guardianName}
                </Link>
              ),
              stack: "title",
            },
            { header: "Pagamento", cell: (o) => `Pix em ${day(o.paidOn)}` },
            { header: "Excesso", cell: (o) => brl(o.excess) },
          ]}
        />
      </section>
      <section aria-labelledby="paid-twice-title">
        <h2 id="paid-twice-title" className="mb-3 text-lg font-semibold">
          {PAID_TWICE}
        </h2>
        <DataList
          caption={PAID_TWICE}
          rows={paidTwice}
          rowKey={(p) => p.chargeId}
          tableFrom="md"
          empty={<EmptyState message="Nenhuma cobrança paga à mão e pelo Pix" />}
          columns={[
            {
              header: "Cobrança",
              cell: (p) => (
                <Link className={linkClass} to={`/charges/${p.chargeId}`}>
                  {p.chargeCode} · {p.guardianName}
                </Link>
              ),
              stack: "title",
            },
            { header: "Baixa manual", cell: (p) => brl(p.manualAmount) },
            {
              header: "Pix no banco",
              cell: (p) => (
                <>
                  {brl(p.bankAmount)}
                  {p.refund ? (
                    <span className={p.refund.status === "NAO_REALIZADO" ? "block text-red-800" : "block"}>
                      {p.refund.status === "NAO_REALIZADO" ? "Devolução não realizada" : "Devolução solicitada"}
                    </span>
                  ) : null}
                </>
              ),
            },
          ]}
          actions={(p) => (
            <span className="flex flex-wrap gap-3">
              {admin && p.refund?.status !== "EM_PROCESSAMENTO" ? (
                <Link className={linkClass} to={`/billing/reconciliation/payments/${p.bankPaymentId}/refund${search}`} preventScrollReset>
                  Devolver o Pix<span className="sr-only"> {p.chargeCode}</span>
                </Link>
              ) : null}
              {admin ? (
                <Link className={linkClass} to={`/charges/${p.chargeId}#payment-${p.manualPaymentId}`}>
                  Estornar a baixa manual<span className="sr-only"> {p.chargeCode}</span>
                </Link>
              ) : null}
            </span>
          )}
        />
      </section>
      <Outlet />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Conciliação" }];
}
