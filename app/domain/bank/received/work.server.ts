import { ReconciliationRun, PixInbox } from "#db/models.ts";
import { runAudited } from "#db/audit.ts";
import { apiPixClient } from "~/integrations/api-pix/client.server";
import { valorToCents } from "~/integrations/api-pix/amounts";
import type { PixReceived } from "~/integrations/api-pix/schema";
import { transaction } from "~/platform/db.server";
import { errorText } from "~/platform/jobs.server";
import { recordBankPayment, settleRefund } from "../../charges/service.server";
import { findChargeByTxid } from "../../charges/queries.server";
import { BANK_ACTOR_NAME, REFUND_DONE, REFUND_FAILED, REFUND_IN_PROCESS } from "../../charges/schema";
import { centsToDecimal } from "../../money";
import { bankConnectionOf, bankConnectionStatuses } from "../queries.server";
import { BANK_NOT_CONNECTED } from "../schema";
import { inboxItem, lastReconciledUntil, paymentOfPix, refundOf } from "./queries.server";
import { DUPLICATE, NO_CHARGE, RECORDED } from "./schema";

/**
 * The work behind the Pix received (issue 42), run by the jobs of
 * ../money-jobs.server.ts and by 'Conciliar agora'. The bank is the only
 * source: a webhook's body only says which Pix to read. Everything written
 * here is written by 'Banco' (the audit trail's name; no user).
 */

/** The bank's client of a branch; a branch without a connection is an error (the job retries, then fails with it). */
async function clientOf(branchId: string) {
  const found = await bankConnectionOf(branchId);
  if (!found) throw new Error(BANK_NOT_CONNECTED);
  return apiPixClient(found.connection);
}

/** As 'Banco' for the audit trail. */
export function asBank<T>(fn: () => Promise<T>): Promise<T> {
  return runAudited({ userName: BANK_ACTOR_NAME }, fn);
}

/** A Pix as the bank reports it, in our units. */
function fromBank(pix: PixReceived) {
  return {
    endToEndId: pix.endToEndId,
    txid: pix.txid ?? null,
    valorCents: valorToCents(pix.valor),
    horario: new Date(pix.horario),
    infoPagador: pix.infoPagador ? pix.infoPagador.slice(0, 140) : null,
  };
}

type BankPix = ReturnType<typeof fromBank>;

/**
 * Files one Pix the bank confirmed, in one transaction: the payment of the
 * charge its txid names (once per endToEndId), or 'no-charge' in the inbox.
 * The inbox row is created when the Pix came from a reconciliation. Returns
 * whether a payment was recorded now.
 */
async function file(branchId: string, pix: BankPix): Promise<boolean> {
  return transaction(async (t) => {
    await PixInbox.bulkCreate([{ endToEndId: pix.endToEndId, branchId, receivedAt: new Date() }], {
      ignoreDuplicates: true,
      transaction: t,
    });
    const item = await inboxItem(pix.endToEndId, t);
    if (!item) throw new Error(`Pix ${pix.endToEndId} fora da caixa de entrada`);
    const charge = pix.txid ? await findChargeByTxid(pix.txid, t) : null;
    const known = { txid: pix.txid, valor: pix.valorCents, horario: pix.horario, infoPagador: pix.infoPagador, processedAt: new Date() };
    if (!charge) {
      // A Pix linked by hand meanwhile keeps its outcome.
      if (item.outcome !== RECORDED) await item.update({ ...known, outcome: NO_CHARGE }, { transaction: t });
      return false;
    }
    const outcome = await recordBankPayment(t, charge.id, pix);
    await item.update(
      {
        ...known,
        chargeId: charge.id,
        paymentId: outcome.paymentId,
        outcome: outcome.created ? RECORDED : item.outcome === RECORDED ? RECORDED : DUPLICATE,
      },
      { transaction: t },
    );
    return outcome.created;
  });
}

/** The job of a Pix announced by the webhook: read it at the bank, then file it. */
export async function processPix(endToEndId: string): Promise<void> {
  const item = await inboxItem(endToEndId);
  if (!item || item.outcome === RECORDED) return;
  const pix = await (await clientOf(item.branchId)).getPix(endToEndId);
  await asBank(() => file(item.branchId, fromBank(pix)));
}

/** The first reconciliation of a branch reads this far back; later ones from the last one's end less an hour. */
const FIRST_SPAN_MS = 5 * 24 * 3600_000;
const OVERLAP_MS = 3600_000;

/**
 * Reconciles one branch: every Pix the bank received since the last run (less
 * an hour), every page; each one not yet a payment is filed. Writes the run
 * (with the error, when the bank failed: the next run starts from the last one
 * that did not).
 */
export async function reconcileBranch(branchId: string, now = new Date()): Promise<string> {
  const last = await lastReconciledUntil(branchId);
  const since = last ? new Date(last.getTime() - OVERLAP_MS) : new Date(now.getTime() - FIRST_SPAN_MS);
  let received = 0;
  let recorded = 0;
  let error: string | null = null;
  try {
    const found = await bankConnectionOf(branchId);
    if (!found) throw new Error(BANK_NOT_CONNECTED);
    const client = apiPixClient(found.connection);
    for await (const pix of client.listPix({ inicio: since, fim: now })) {
      // An account several branches share lists their Pix together: each branch takes those to its own key.
      if (pix.chave && pix.chave !== found.pixKey) continue;
      received += 1;
      if (await paymentOfPix(pix.endToEndId)) continue;
      if (await asBank(() => file(branchId, fromBank(pix)))) recorded += 1;
    }
  } catch (e) {
    error = errorText(e).slice(0, 500);
  }
  const run = await asBank(() => ReconciliationRun.create({ branchId, at: new Date(), since, until: now, received, recorded, error }));
  return run.id;
}

/** The branches with a bank connection. */
export async function connectedBranchIds(): Promise<string[]> {
  return (await bankConnectionStatuses()).map((s) => s.branchId);
}

/** The recurring reconciliation: every connected branch; fails (after all of them ran) when one failed. */
export async function reconcileAll(): Promise<{ branches: number; received: number; recorded: number }> {
  const totals = { branches: 0, received: 0, recorded: 0 };
  const failed: string[] = [];
  for (const branchId of await connectedBranchIds()) {
    const id = await reconcileBranch(branchId);
    const run = await ReconciliationRun.findByPk(id);
    totals.branches += 1;
    totals.received += run?.received ?? 0;
    totals.recorded += run?.recorded ?? 0;
    if (run?.error) failed.push(run.error);
  }
  if (failed.length) throw new Error(failed.join("; "));
  return totals;
}

/**
 * One look at a refund asked of the bank: asks it (`ask`, the first look; a
 * retried ask gets the refund already asked under the same id) or reads it, and settles the payment when the
 * bank's answer is final. True when settled (or nothing is left to do); false
 * while the bank is still processing it.
 */
export async function pollRefund(paymentId: string, refundId: string, ask: boolean): Promise<boolean> {
  const payment = await refundOf(paymentId);
  if (!payment || !payment.endToEndId || payment.refundId !== refundId || payment.refundStatus !== REFUND_IN_PROCESS) return true;
  const client = await clientOf(payment.branchId);
  const refund = ask
    ? await client.putRefund(payment.endToEndId, refundId, {
        valor: centsToDecimal(payment.amountCents),
        descricao: (payment.refundReason ?? "").slice(0, 140) || undefined,
      })
    : await client.getRefund(payment.endToEndId, refundId);
  if (refund.status !== REFUND_DONE && refund.status !== REFUND_FAILED) return false;
  await asBank(() => transaction((t) => settleRefund(t, paymentId, refundId, refund.status)));
  return true;
}
