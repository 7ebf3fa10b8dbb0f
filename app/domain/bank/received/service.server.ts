import { randomBytes } from "node:crypto";
import type { Transaction } from "sequelize";
import type { z } from "zod";
import { PixInbox } from "#db/models.ts";
import { enqueue, enqueueMany } from "~/platform/jobs.server";
import { transaction } from "~/platform/db.server";
import { assertAdmin, assertStaff, type Actor } from "../../access/roles";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { isUuid, parseOrThrow } from "../../validation";
import { markRefundRequested, recordBankPayment } from "../../charges/service.server";
import { chargeDTO } from "../../charges/queries.server";
import { CHARGE_NOT_FOUND } from "../../charges/schema";
import { toCents } from "../../money";
import { branchExists } from "../../branches/queries.server";
import { BRANCH_NOT_FOUND } from "../../branches/schema";
import { webhookSecretMatches } from "../queries.server";
import { BANK_NOT_CONNECTED } from "../schema";
import { pixReceivedJob, pixRefundJob } from "../money-jobs.server";
import { inboxHas, inboxItem, lastRuns, overpaidCharges, pixWithoutCharge, runById } from "./queries.server";
import { connectedBranchIds, reconcileBranch } from "./work.server";
import {
  linkSchema,
  NO_CHARGE,
  PIX_ALREADY_LINKED,
  PIX_NOT_FOUND,
  RECORDED,
  REFUND_REQUESTED,
  refundSchema,
  runSchema,
  webhookBodySchema,
  WEBHOOK_NOT_FOUND,
  type ReconciliationDTO,
  type RefundAnswerDTO,
  type RunResultDTO,
  type WebhookAnswerDTO,
} from "./schema";

/**
 * Money received from the bank (issue 42): the webhook's inbox, 'Conciliar
 * agora', 'Vincular a uma cobrança' and 'Devolver o Pix'. The recording itself
 * is the charges' (`recordBankPayment`), so a Pix settles a charge by the same
 * rule as a payment typed by hand.
 */

/** Whether a webhook call's branch and secret are a branch's (an unknown branch, a wrong secret: no). */
export async function webhookAllowed(branchId: string, secret: string): Promise<boolean> {
  return isUuid(branchId) && secret.length > 0 && secret.length <= 200 && (await webhookSecretMatches(branchId, secret));
}

/**
 * POST /api/webhooks/pix/{branchId}/{secret}/pix (the bank; no session): each
 * Pix goes to the inbox once (by endToEndId), with the job that will read it
 * at the bank, in one transaction. A wrong branch or secret is a 404 and
 * stores nothing. Nothing of the body is trusted beyond which Pix to read.
 */
export async function receiveWebhook(branchId: string, secret: string, input: unknown): Promise<WebhookAnswerDTO> {
  if (!(await webhookAllowed(branchId, secret))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
  const { pix } = parseOrThrow(webhookBodySchema, input);
  return { received: await toInbox(branchId, pix) };
}

type WebhookPixItem = z.output<typeof webhookBodySchema>["pix"][number];
interface InboxPost {
  branchId: string;
  pix: WebhookPixItem[];
  done: (received: number) => void;
  failed: (error: unknown) => void;
}

/** Notifications waiting for the next inbox transaction, and whether one is being written. */
let waiting: InboxPost[] = [];
let writing = false;
/** Most notifications one inbox transaction takes. */
const INBOX_BATCH = 200;

/**
 * Group commit: the notifications that arrive while an inbox transaction is
 * being written go together into the next one (each answered once its own
 * transaction committed), so a burst of webhooks costs a few transactions, not
 * one each (SQLite has one writer at a time).
 */
function toInbox(branchId: string, pix: WebhookPixItem[]): Promise<number> {
  return new Promise((done, failed) => {
    waiting.push({ branchId, pix, done, failed });
    if (!writing) void writeInbox();
  });
}

async function writeInbox(): Promise<void> {
  writing = true;
  try {
    while (waiting.length) {
      const batch = waiting.slice(0, INBOX_BATCH);
      waiting = waiting.slice(INBOX_BATCH);
      try {
        const counts = await transaction((t) => inboxBatch(t, batch));
        batch.forEach((post, i) => post.done(counts[i]));
      } catch (error) {
        for (const post of batch) post.failed(error);
      }
    }
  } finally {
    writing = false;
  }
}

/** One transaction of notifications: the Pix not yet in the inbox, each with its job; how many were new per notification. */
async function inboxBatch(t: Transaction, batch: readonly InboxPost[]): Promise<number[]> {
  const known = await inboxHas(
    batch.flatMap((post) => post.pix.map((p) => p.endToEndId)),
    t,
  );
  const now = new Date();
  const rows: Array<{
    endToEndId: string;
    branchId: string;
    txid: string | null;
    valor: number | null;
    horario: Date;
    infoPagador: string | null;
    receivedAt: Date;
  }> = [];
  const counts = batch.map((post) => {
    let fresh = 0;
    for (const p of post.pix) {
      if (known.has(p.endToEndId)) continue;
      known.add(p.endToEndId);
      fresh += 1;
      rows.push({
        endToEndId: p.endToEndId,
        branchId: post.branchId,
        txid: p.txid ?? null,
        valor: toCents(p.valor),
        horario: new Date(p.horario),
        infoPagador: p.infoPagador ? p.infoPagador.slice(0, 140) : null,
        receivedAt: now,
      });
    }
    return fresh;
  });
  if (rows.length) {
    await PixInbox.bulkCreate(rows, { ignoreDuplicates: true, transaction: t });
    await enqueueMany(
      t,
      pixReceivedJob,
      rows.map((row) => ({ payload: { endToEndId: row.endToEndId }, key: `pix:${row.endToEndId}` })),
    );
  }
  return counts;
}

/**
 * POST /api/billing/reconciliation/run (Team and Administrator): reconciles
 * the branch, or every connected branch, now; answers each run's counts.
 */
export async function runReconciliation(actor: Actor | null, input: unknown): Promise<RunResultDTO> {
  assertStaff(actor);
  const data = parseOrThrow(runSchema, input ?? {});
  const connected = await connectedBranchIds();
  let branchIds = connected;
  if (data.branchId) {
    if (!isUuid(data.branchId) || !(await branchExists(data.branchId))) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
    if (!connected.includes(data.branchId)) throw new ValidationError({ branchId: [BANK_NOT_CONNECTED] });
    branchIds = [data.branchId];
  }
  const runs = [];
  for (const branchId of branchIds) runs.push(await runById(await reconcileBranch(branchId)));
  return { runs };
}

/** GET /api/billing/reconciliation?branchId= (Team and Administrator): the last runs and the three lists. */
export async function getReconciliation(actor: Actor | null, filter: { branchId?: string | null } = {}): Promise<ReconciliationDTO> {
  assertStaff(actor);
  const branchId = filter.branchId ? filter.branchId : null;
  if (branchId && !isUuid(branchId)) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
  const [runs, withoutCharge, paid] = await Promise.all([lastRuns(branchId), pixWithoutCharge(branchId), overpaidCharges(branchId)]);
  return { runs, pixWithoutCharge: withoutCharge, ...paid };
}

/**
 * POST /api/billing/reconciliation/pix/{e2eid}/link (Team and Administrator):
 * a Pix received without a charge of ours becomes a payment of this charge,
 * once (a second link is 409). Its amount and date are the bank's, as read
 * when it was filed.
 */
export async function linkPix(actor: Actor | null, endToEndId: string, input: unknown) {
  const a = assertStaff(actor);
  const data = parseOrThrow(linkSchema, input);
  if (!isUuid(data.chargeId)) throw new ValidationError({ chargeId: [CHARGE_NOT_FOUND] });
  const chargeId = await transaction(async (t) => {
    const item = await inboxItem(endToEndId, t);
    if (!item || item.valor === null || item.horario === null || (item.outcome !== NO_CHARGE && item.outcome !== RECORDED)) {
      throw new NotFoundError(PIX_NOT_FOUND);
    }
    if (item.outcome === RECORDED) throw new ConflictError(PIX_ALREADY_LINKED);
    let outcome;
    try {
      outcome = await recordBankPayment(
        t,
        data.chargeId,
        { endToEndId, valorCents: Number(item.valor), horario: new Date(item.horario) },
        a,
      );
    } catch (error) {
      if (error instanceof NotFoundError) throw new ValidationError({ chargeId: [CHARGE_NOT_FOUND] });
      throw error;
    }
    if (!outcome.created) throw new ConflictError(PIX_ALREADY_LINKED);
    await item.update(
      { chargeId: data.chargeId, paymentId: outcome.paymentId, outcome: RECORDED, processedAt: new Date() },
      { transaction: t },
    );
    return data.chargeId;
  });
  return chargeDTO(chargeId);
}

/**
 * POST /api/payments/{id}/refund (Administrator) → 202: a bank payment's Pix
 * goes back to the payer. The refund is marked on the payment ('Devolução
 * solicitada') with the job that asks the bank and follows it: 'DEVOLVIDO'
 * reverses the payment, 'NAO_REALIZADO' keeps it.
 */
export async function requestRefund(actor: Actor | null, paymentId: string, input: unknown): Promise<RefundAnswerDTO> {
  const a = assertAdmin(actor);
  const data = parseOrThrow(refundSchema, input);
  // The refund's id at the bank: ours, letters and digits (the standard's 1 to 35).
  const refundId = `D${randomBytes(16).toString("hex")}`;
  await transaction(async (t) => {
    await markRefundRequested(a, paymentId, { id: refundId, reason: data.reason }, t);
    await enqueue(t, pixRefundJob, { paymentId, refundId });
  });
  return { paymentId, refundId, status: "EM_PROCESSAMENTO", message: REFUND_REQUESTED };
}

/**
 * A family's anonymisation (LGPD): what the payers wrote on the Pix received
 * for the family's charges is erased from the inbox (the payments keep their
 * amount, date and E2E, scrubbed by the charges).
 */
export async function scrubPixOfCharges(chargeIds: readonly string[], t: Transaction): Promise<void> {
  if (!chargeIds.length) return;
  await PixInbox.update({ infoPagador: null }, { where: { chargeId: [...chargeIds] }, transaction: t });
}
