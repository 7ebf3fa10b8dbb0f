import { defineJob, defineRecurring, enqueue, type JobDefinition } from "~/platform/jobs.server";
import { transaction } from "~/platform/db.server";
import { pollRefund, processPix, reconcileAll } from "./received/work.server";

/**
 * The jobs of the money received from the bank (issue 42), listed in the
 * registry (app/server/jobs.server.ts):
 * - 'bank.pix-received': one per Pix the webhook announced (enqueued with its
 *   inbox row): reads it at the bank and records it;
 * - 'bank.pix-refund': asks the bank for a refund and looks again, later and
 *   later (2 s, 4 s, 8 s … 1 h), until the bank's answer is final;
 * - 'Conciliação Pix': every 30 minutes, each connected branch's Pix since its
 *   last reconciliation.
 * A try that fails (the bank down, slow) is retried by the queue.
 */

export const pixReceivedJob = defineJob<{ endToEndId: string }>("bank.pix-received", ({ endToEndId }) => processPix(endToEndId), {
  label: "Pix recebido pelo banco",
});

/** The wait before the refund's next look: 2 s doubled per look, at most an hour. */
export function refundPollDelayMs(look: number): number {
  return Math.min(2_000 * 2 ** look, 3_600_000);
}
/** Looks at a refund before giving up (about two days at an hour each). */
export const REFUND_POLLS = 60;

type RefundPoll = { paymentId: string; refundId: string; look?: number };

export const pixRefundJob: JobDefinition<RefundPoll> = defineJob<RefundPoll>(
  "bank.pix-refund",
  async ({ paymentId, refundId, look = 0 }) => {
    if (await pollRefund(paymentId, refundId, look === 0)) return;
    if (look + 1 >= REFUND_POLLS) throw new Error("Devolução ainda em processamento no banco");
    await transaction((t) =>
      enqueue(t, pixRefundJob, { paymentId, refundId, look: look + 1 }, { runAt: new Date(Date.now() + refundPollDelayMs(look)) }),
    );
  },
  { label: "Devolução de Pix" },
);

export const reconciliationRecurring = defineRecurring("bank.reconciliation", "Conciliação Pix", "*/30 * * * *", () => reconcileAll());
