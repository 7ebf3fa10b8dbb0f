import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/charge";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass, Options } from "~/components/ui/field";
import { Card, PageHeader } from "~/components/ui/page";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { dateInTimeZone, schoolTimeZone, today } from "~/domain/calendar/dates";
import { formatDateTime } from "~/domain/trials/durations";
import { chargeDue, getCharge } from "~/domain/charges/queries.server";
import { earliestPaymentDate, OPEN, PAYMENT_METHODS } from "~/domain/charges/words";
import type { ChargeDTO } from "~/domain/charges/schema";
import { cancelCharge, recordPayment, reversePayment, waiveFees } from "~/domain/charges/service.server";
import { formText, intent, intentAction, orRespond, screenActor } from "~/server/forms.server";
import { brl, day } from "~/features/charges/charges-screen";
import { ChargeStatusBadge } from "~/components/charge-status";
import { PixPayment } from "~/features/charges/pix-payment";
import { pixView } from "~/features/charges/pix.server";

/**
 * The charge (/charges/:id, Team and Administrator): what is due today with the
 * fine and interest spelled out, the Pix code (a read-only field, 'Copiar código'
 * with JavaScript) and its QR drawn on the server (PixPayment), the payments ('Registrar pagamento'; 'Estornar',
 * the waiver and the cancellation: Administrator) and the history. Each form
 * posts here with its `intent` and comes back (Post/Redirect/Get).
 */
/** '2%', '0,5%': a fee term frozen on the charge when it was issued. */
const percent = (value: number) => `${value.toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%`;

export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const id = args.params.id;
  const charge = await orRespond(getCharge(actor, id));
  const due = await chargeDue(actor, id, today());
  const pix = charge.status === OPEN ? await pixView(actor, id) : { pix: null, message: null };
  const on = today();
  const admin = isAdmin(actor);
  // The date field's range is the service's (recordPayment): a back-dated payment waives fees.
  const earliestPaidOn = earliestPaymentDate(admin, dateInTimeZone(new Date(charge.createdAt)), on);
  return { charge, due, pix, today: on, earliestPaidOn, isAdmin: admin, timeZone: schoolTimeZone() };
}

const reasonForm = z.object({ reason: formText() });

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  // The answer names the changed payment (`#payment-…`): the page focuses it, and without JavaScript the browser shows it.
  return intentAction(args, {
    permission: isStaff,
    intents: {
      pay: intent({
        schema: z.object({ amount: formText(), paidOn: formText(), method: formText(), note: formText() }),
        save: async (value, { actor }) => {
          const before = new Set((await getCharge(actor, id)).payments.map((p) => p.id));
          const after = await recordPayment(actor, id, value);
          return after.payments.find((p) => !before.has(p.id)) ?? null;
        },
        errorTitle: "Erro ao registrar pagamento",
        redirectTo: (_value, added) => `/charges/${id}${added ? `#payment-${added.id}` : ""}`,
        success: { title: "Pagamento registrado" },
      }),
      reverse: intent({
        schema: reasonForm.extend({ paymentId: formText() }),
        save: (value, { actor }) => reversePayment(actor, value.paymentId, { reason: value.reason }),
        errorTitle: "Erro ao estornar pagamento",
        redirectTo: (value) => `/charges/${id}#payment-${value.paymentId}`,
        success: { title: "Pagamento estornado" },
      }),
      waive: intent({
        schema: reasonForm,
        save: (value, { actor }) => waiveFees(actor, id, value),
        errorTitle: "Erro ao dispensar multa e juros",
        redirectTo: `/charges/${id}`,
        success: { title: "Multa e juros dispensados" },
      }),
      cancel: intent({
        schema: reasonForm,
        save: (value, { actor }) => cancelCharge(actor, id, value),
        errorTitle: "Erro ao cancelar cobrança",
        redirectTo: `/charges/${id}`,
        success: { title: "Cobrança cancelada" },
      }),
    },
  });
}

type ActionResult = NonNullable<Route.ComponentProps["actionData"]>;

function ReasonForm({
  intent,
  label,
  button,
  result,
  paymentId,
}: {
  intent: string;
  label: string;
  button: string;
  result?: ActionResult;
  paymentId?: string;
}) {
  const mine = result?.intent === intent && (!paymentId || result.values.paymentId === paymentId) ? result : undefined;
  const fieldId = `${intent}-reason${paymentId ? `-${paymentId}` : ""}`;
  const errorId = `${fieldId}-error`;
  const errors = mine?.errors.reason ?? mine?.errors.form;
  return (
    <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      {paymentId ? <input type="hidden" name="paymentId" value={paymentId} /> : null}
      <div className="min-w-48 flex-1">
        <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <input
          id={fieldId}
          name="reason"
          maxLength={500}
          required
          className={inputClass}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? errorId : undefined}
        />
        <FieldErrors id={errorId} errors={errors} />
      </div>
      <Button type="submit" variant="outline">
        {button}
      </Button>
    </Form>
  );
}

/** The charge's `cobv` at the bank: its status, its txid and the bank's last error (or why it was not sent). */
function BankLine({ bank }: { bank: NonNullable<ChargeDTO["bank"]> }) {
  return (
    <p className="mt-1 text-sm text-slate-800">
      No banco: <strong>{bank.txid ? bank.status : "Não registrada"}</strong>
      {bank.txid ? <span className="break-all"> · txid {bank.txid}</span> : null}
      {bank.lastError ? <span className="block text-red-800">{bank.lastError}</span> : null}
    </p>
  );
}

export default function ChargeScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { charge, due, pix, today: on, earliestPaidOn, isAdmin, timeZone } = loaderData;
  const result = actionData;
  const payErrors = result?.intent === "pay" ? result.errors : undefined;
  const submitting = useNavigation().state === "submitting";
  const open = charge.status === OPEN;
  const hasPayments = charge.payments.some((p) => !p.reversedAt);
  return (
    <div className="space-y-6">
      <PageHeader
        title={charge.description}
        description={
          <>
            <Link to={`/guardians/${charge.guardianId}/persons`} className="text-violet-800 underline">
              {charge.guardianName}
            </Link>
            {charge.studentName ? ` · ${charge.studentName}` : ""} · código {charge.code}
          </>
        }
        actions={<ChargeStatusBadge charge={charge} on={on} />}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold">Devido hoje</h2>
          <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-700">Valor</dt>
            <dd className="text-right">{brl(charge.amount)}</dd>
            <dt className="text-slate-700">Vencimento</dt>
            <dd className="text-right">{day(charge.dueDate)}</dd>
            <dt className="text-slate-700">Multa ({percent(charge.finePercent)})</dt>
            <dd className="text-right">{brl(due.fine)}</dd>
            <dt className="text-slate-700">Juros ({percent(charge.monthlyInterestPercent)} ao mês)</dt>
            <dd className="text-right">{brl(due.interest)}</dd>
            <dt className="text-slate-700">Pago</dt>
            <dd className="text-right">{brl(due.paid)}</dd>
            <dt className="font-semibold">Total devido hoje</dt>
            <dd className="text-right font-semibold">{brl(due.total)}</dd>
          </dl>
          {charge.feesWaived ? <p className="mt-2 text-sm">Multa e juros dispensados: {charge.waiveReason}</p> : null}
          {charge.cancelReason ? <p className="mt-2 text-sm">Cancelada: {charge.cancelReason}</p> : null}
        </Card>
        <Card>
          <h2 className="text-lg font-semibold">Pix</h2>
          {charge.bank ? <BankLine bank={charge.bank} /> : null}
          <PixPayment view={pix} />
        </Card>
      </div>

      <section aria-labelledby="payments-title">
        <h2 id="payments-title" className="text-lg font-semibold">
          Pagamentos
        </h2>
        {charge.payments.length === 0 ? <p className="mt-2 text-sm">Nenhum pagamento.</p> : null}
        <ul className="mt-2 space-y-3">
          {charge.payments.map((p) => (
            <li
              key={p.id}
              id={`payment-${p.id}`}
              tabIndex={-1}
              className="rounded border border-slate-200 p-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              <p>
                <strong>{brl(p.amount)}</strong> em {day(p.paidOn)} · {p.method}
                {p.note ? ` · ${p.note}` : ""}
                {p.createdByName ? ` · por ${p.createdByName}` : ""}
              </p>
              {p.refund && !p.reversedAt ? (
                <p className={p.refund.status === "NAO_REALIZADO" ? "text-red-800" : undefined}>
                  {p.refund.status === "NAO_REALIZADO" ? "Devolução não realizada" : "Devolução solicitada"}: {p.refund.reason}
                </p>
              ) : null}
              {p.reversedAt ? (
                <p className="text-red-800">Estornado: {p.reverseReason}</p>
              ) : p.source === "bank" ? (
                isAdmin && p.refund?.status !== "EM_PROCESSAMENTO" ? (
                  <p className="mt-2">
                    <Link className="font-medium text-violet-800 underline" to={`/billing/reconciliation/payments/${p.id}/refund`}>
                      Devolver o Pix
                    </Link>
                  </p>
                ) : null
              ) : isAdmin ? (
                <ReasonForm intent="reverse" label="Motivo do estorno" button="Estornar" result={result} paymentId={p.id} />
              ) : null}
            </li>
          ))}
        </ul>
        {open ? (
          <Form
            method="post"
            preventScrollReset
            className="mt-4 grid gap-3 rounded border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          >
            <input type="hidden" name="intent" value="pay" />
            <h3 className="font-semibold sm:col-span-2 lg:col-span-5">Registrar pagamento</h3>
            <div>
              <label htmlFor="pay-amount" className="block text-sm font-medium text-slate-900">
                Valor
              </label>
              <input
                id="pay-amount"
                name="amount"
                inputMode="decimal"
                required
                defaultValue={result?.values?.amount ?? due.total.replace(".", ",")}
                className={inputClass}
                aria-invalid={payErrors?.amount ? true : undefined}
                aria-describedby={payErrors?.amount ? "pay-amount-error" : undefined}
              />
              <FieldErrors id="pay-amount-error" errors={payErrors?.amount} />
            </div>
            <div>
              <label htmlFor="pay-method" className="block text-sm font-medium text-slate-900">
                Forma
              </label>
              <select id="pay-method" name="method" defaultValue={result?.values?.method ?? "Pix"} className={inputClass}>
                <Options items={PAYMENT_METHODS} />
              </select>
              <FieldErrors errors={payErrors?.method} />
            </div>
            <div>
              <label htmlFor="pay-date" className="block text-sm font-medium text-slate-900">
                Data
              </label>
              <input
                id="pay-date"
                type="date"
                name="paidOn"
                min={earliestPaidOn}
                max={on}
                required
                defaultValue={result?.values?.paidOn ?? on}
                className={inputClass}
                aria-invalid={payErrors?.paidOn ? true : undefined}
                aria-describedby={payErrors?.paidOn ? "pay-date-error" : undefined}
              />
              <FieldErrors id="pay-date-error" errors={payErrors?.paidOn} />
            </div>
            <div>
              <label htmlFor="pay-note" className="block text-sm font-medium text-slate-900">
                Observação
              </label>
              <input id="pay-note" name="note" maxLength={500} defaultValue={result?.values?.note ?? ""} className={inputClass} />
            </div>
            <div>
              <FieldErrors errors={payErrors?.form} />
              <Button type="submit" disabled={submitting}>
                {submitting ? "Registrando..." : "Registrar pagamento"}
              </Button>
            </div>
          </Form>
        ) : null}
      </section>

      {isAdmin && open ? (
        <section aria-labelledby="admin-title" className="grid gap-4 lg:grid-cols-2">
          <h2 id="admin-title" className="sr-only">
            Dispensa e cancelamento
          </h2>
          {!charge.feesWaived ? (
            <Card>
              <h3 className="font-semibold">Dispensar multa e juros</h3>
              <ReasonForm intent="waive" label="Motivo da dispensa" button="Dispensar" result={result} />
            </Card>
          ) : null}
          <Card>
            <h3 className="font-semibold">Cancelar cobrança</h3>
            {hasPayments ? <p className="text-sm">Com pagamentos: estorne-os antes.</p> : null}
            <ReasonForm intent="cancel" label="Motivo do cancelamento" button="Cancelar cobrança" result={result} />
          </Card>
        </section>
      ) : null}

      <section aria-labelledby="history-title">
        <h2 id="history-title" className="text-lg font-semibold">
          Histórico
        </h2>
        <ol className="mt-2 space-y-1 text-sm">
          {charge.history.map((h) => (
            <li key={h.id}>
              <time dateTime={h.createdAt}>{formatDateTime(h.createdAt, timeZone)}</time> · <strong>{h.event}</strong>
              {h.detail ? ` · ${h.detail}` : ""}
              {h.userName ? ` · ${h.userName}` : ""}
            </li>
          ))}
        </ol>
      </section>
      <p>
        <Link to="/charges" className="text-violet-800 underline">
          Voltar para Mensalidades
        </Link>
      </p>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.charge ? `Cobrança ${data.charge.code}` : "Cobrança" }];
}
