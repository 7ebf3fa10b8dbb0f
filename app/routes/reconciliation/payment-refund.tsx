import { getTextareaProps } from "@conform-to/react";
import { data } from "react-router";
import type { Route } from "./+types/payment-refund";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { isUuid } from "~/domain/validation";
import { requestRefund } from "~/domain/bank/received/service.server";
import { bankPayment } from "~/domain/bank/received/queries.server";
import { REFUND_REQUESTED, refundSchema } from "~/domain/bank/received/schema";
import { PAYMENT_NOT_FOUND } from "~/domain/charges/schema";
import { centsToDecimal } from "~/domain/money";
import { dialogAction, screenActor } from "~/server/forms.server";
import { brl, day } from "~/features/charges/charges-screen";

/** A payment received by the bank (a 404 for any other). */
async function findBankPayment(id: string) {
  const payment = isUuid(id) ? await bankPayment(id) : null;
  if (!payment || payment.source !== "bank") throw data(PAYMENT_NOT_FOUND, { status: 404 });
  return payment;
}

/**
 * 'Devolver o Pix' (/billing/reconciliation/payments/:id/refund, Administrator):
 * the reason, then the bank is asked; the payment is reversed when the bank
 * says it was returned ('Devolução solicitada' until then).
 */
export async function loader(args: Route.LoaderArgs) {
  await screenActor(args, isAdmin);
  const payment = await findBankPayment(args.params.id);
  return { payment: { ...payment, amount: centsToDecimal(payment.amountCents) } };
}

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  return dialogAction(args, {
    permission: isAdmin,
    load: () => findBankPayment(id),
    schema: refundSchema,
    save: (value, { actor }) => requestRefund(actor, id, value),
    errorTitle: "Erro ao devolver o Pix",
    redirectTo: "/billing/reconciliation",
    success: REFUND_REQUESTED,
  });
}

export default function PaymentRefundDialog({ loaderData }: Route.ComponentProps) {
  const { payment } = loaderData;
  const [form, fields] = useDialogForm({ id: `payment-refund-${payment.id}`, schema: refundSchema });
  return (
    <FormDialog
      form={form}
      title="Devolver o Pix"
      description={`${payment.chargeCode}: ${brl(payment.amount)} em ${day(payment.paidOn)}`}
      closeTo="/billing/reconciliation"
      size="md"
      submit="refundPix"
      closeLabel="Voltar"
      destructive
    >
      <p className="text-sm text-slate-700">
        O banco devolve o valor a quem pagou. O pagamento é estornado quando o banco confirmar a devolução.
      </p>
      <Field label="Motivo da devolução" field={fields.reason} required>
        <textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={140} className={inputClass} />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Devolver o Pix" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
