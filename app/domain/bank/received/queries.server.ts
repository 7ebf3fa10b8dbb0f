import type { Transaction } from "sequelize";
import { PixInbox } from "#db/models.ts";
import { selectRows, selectRowsIn } from "~/platform/db.server";
import { dateOnly, iso } from "../../row-values.server";
import { centsToDecimal, toHundredths } from "../../money";
import { dueOn } from "../../charges/due";
import { guardianNames } from "../../guardians/queries.server";
import { CANCELLED_CHARGE } from "../../charges/schema";
import { NO_CHARGE, type OverpaidDTO, type PaidTwiceDTO, type PixWithoutChargeDTO, type ReconciliationRunDTO } from "./schema";

/**
 * The reads of money received from the bank: pix_inbox and reconciliation_runs
 * are read here only. The 'Pago a maior' and 'Baixa manual e Pix no banco'
 * read models join the charges and their payments (app/domain/charges owns
 * them) and the branches' names (app/domain/branches).
 */

/** One branch's rows (`alias`."branchId"), or every branch's. */
function branchCondition(branchId: string | null, alias: string): string {
  return branchId ? `"${alias}"."branchId" = :branchId` : "1 = 1";
}
function branchParams(branchId: string | null): Record<string, string> {
  return branchId ? { branchId } : {};
}

/** What an endToEndId can be (letters and digits, at most the inbox's 35): anything else names no Pix. */
const END_TO_END_ID = /^[A-Za-z0-9]{1,35}$/;

/** A Pix of the inbox, locked in the caller's transaction when given (null for an id that cannot be one, such as a URL's `%00`). */
export async function inboxItem(endToEndId: string, t?: Transaction): Promise<PixInbox | null> {
  if (!END_TO_END_ID.test(endToEndId)) return null;
  return PixInbox.findByPk(endToEndId, t ? { transaction: t, lock: t.LOCK.UPDATE } : {});
}

/** The endToEndIds among these already in the inbox (in the caller's transaction). */
export async function inboxHas(endToEndIds: readonly string[], t: Transaction): Promise<Set<string>> {
  if (!endToEndIds.length) return new Set();
  const rows = await PixInbox.findAll({ where: { endToEndId: [...endToEndIds] }, attributes: ["endToEndId"], transaction: t });
  return new Set(rows.map((r) => r.endToEndId));
}

/** Where the next reconciliation of a branch starts from: the end of its last run that did not fail. */
export async function lastReconciledUntil(branchId: string): Promise<Date | null> {
  const [row] = await selectRows<{ until: string | Date | null }>(
    `SELECT MAX("r"."until") AS "until" FROM "reconciliation_runs" AS "r" WHERE "r"."branchId" = :branchId AND "r"."error" IS NULL`,
    { branchId },
  );
  return row?.until ? new Date(iso(row.until)) : null;
}

interface RunRow {
  branchId: string;
  branchName: string;
  at: string | Date;
  since: string | Date;
  until: string | Date;
  received: number | string;
  recorded: number | string;
  error: string | null;
}

function runDTO(r: RunRow): ReconciliationRunDTO {
  return {
    branchId: r.branchId,
    branchName: r.branchName,
    at: iso(r.at),
    since: iso(r.since),
    until: iso(r.until),
    received: Number(r.received),
    recorded: Number(r.recorded),
    error: r.error ?? null,
  };
}

const RUN_COLUMNS = `"r"."branchId", "b"."name" AS "branchName", "r"."at", "r"."since", "r"."until", "r"."received", "r"."recorded", "r"."error"`;

/** The last run of each branch (or of one), by branch name. */
export async function lastRuns(branchId: string | null): Promise<ReconciliationRunDTO[]> {
  const rows = await selectRows<RunRow>(
    `SELECT ${RUN_COLUMNS}
     FROM "reconciliation_runs" AS "r" JOIN "branches" AS "b" ON "b"."id" = "r"."branchId"
     WHERE "r"."at" = (SELECT MAX("l"."at") FROM "reconciliation_runs" AS "l" WHERE "l"."branchId" = "r"."branchId")
       AND ${branchCondition(branchId, "r")}
     ORDER BY "b"."name", "r"."branchId"`,
    branchParams(branchId),
  );
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.branchId) && seen.add(r.branchId)).map(runDTO);
}

/** A run just written, with its branch's name. */
export async function runById(id: string): Promise<ReconciliationRunDTO> {
  const [row] = await selectRows<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM "reconciliation_runs" AS "r" JOIN "branches" AS "b" ON "b"."id" = "r"."branchId" WHERE "r"."id" = :id`,
    { id },
  );
  return runDTO(row);
}

/** Most rows a list of the 'Conciliação' screen shows (the oldest first are the ones to act on). */
const LIST_LIMIT = 200;

/** 'Pix sem cobrança': Pix received without a txid of ours, not linked yet, newest first. */
export async function pixWithoutCharge(branchId: string | null): Promise<PixWithoutChargeDTO[]> {
  const rows = await selectRows<{
    endToEndId: string;
    branchId: string;
    valor: number | string | null;
    horario: string | Date | null;
    infoPagador: string | null;
  }>(
    `SELECT "i"."endToEndId", "i"."branchId", "i"."valor", "i"."horario", "i"."infoPagador"
     FROM "pix_inbox" AS "i"
     WHERE "i"."outcome" = :outcome AND ${branchCondition(branchId, "i")}
     ORDER BY "i"."horario" DESC, "i"."endToEndId" LIMIT ${LIST_LIMIT}`,
    { outcome: NO_CHARGE, ...branchParams(branchId) },
  );
  return rows.map((r) => ({
    endToEndId: r.endToEndId,
    branchId: r.branchId,
    valor: r.valor === null ? null : centsToDecimal(Number(r.valor)),
    horario: r.horario ? iso(r.horario) : null,
    infoPagador: r.infoPagador ?? null,
  }));
}

interface PaidRow {
  chargeId: string;
  code: string;
  guardianId: string;
  status: string;
  amountCents: number | string;
  dueDate: string | Date;
  feesWaived: boolean | number;
  finePercent: string | number;
  monthlyInterestPercent: string | number;
  paymentId: string;
  paymentCents: number | string;
  paidOn: string | Date;
  source: string;
  refundStatus: string | null;
  refundReason: string | null;
}

/**
 * The charges a Pix paid beyond what was due, split in two lists: those also
 * paid by hand ('Baixa manual e Pix no banco': the clerk took the money and the
 * family paid the Pix too) and the others ('Pago a maior'). The excess is what
 * the payments not reversed add up to beyond the amount with its fine and
 * interest on the last payment's date (all of it on a cancelled charge). Only
 * charges with a bank payment whose payments exceed the amount can qualify,
 * which the SQL keeps to (the payments' `payments_source_charge` index).
 */
export async function overpaidCharges(branchId: string | null): Promise<{ overpaid: OverpaidDTO[]; paidTwice: PaidTwiceDTO[] }> {
  const rows = await selectRows<PaidRow>(
    `SELECT "c"."id" AS "chargeId", "c"."code", "c"."guardianId", "c"."status", "c"."amountCents", CAST("c"."dueDate" AS TEXT) AS "dueDate",
            "c"."feesWaived", "c"."finePercent", "c"."monthlyInterestPercent",
            "p"."id" AS "paymentId", "p"."amountCents" AS "paymentCents", CAST("p"."paidOn" AS TEXT) AS "paidOn", "p"."source",
            "p"."refundStatus", "p"."refundReason"
     FROM "charges" AS "c" JOIN "payments" AS "p" ON "p"."chargeId" = "c"."id" AND "p"."reversedAt" IS NULL
     WHERE "c"."id" IN (
       SELECT DISTINCT "b"."chargeId" FROM "payments" AS "b" WHERE "b"."source" = 'bank' AND "b"."reversedAt" IS NULL)
       AND ${branchCondition(branchId, "c")}
       AND (SELECT SUM("s"."amountCents") FROM "payments" AS "s" WHERE "s"."chargeId" = "c"."id" AND "s"."reversedAt" IS NULL) > "c"."amountCents"
     ORDER BY "c"."dueDate", "c"."id", "p"."paidOn", "p"."createdAt", "p"."id"`,
    branchParams(branchId),
  );
  const byCharge = new Map<string, PaidRow[]>();
  for (const r of rows) byCharge.set(r.chargeId, [...(byCharge.get(r.chargeId) ?? []), r]);
  const names = await guardianNames([...new Set(rows.map((r) => r.guardianId))]);
  const overpaid: OverpaidDTO[] = [];
  const paidTwice: PaidTwiceDTO[] = [];
  for (const payments of byCharge.values()) {
    const c = payments[0];
    const terms = {
      amountCents: Number(c.amountCents),
      dueDate: dateOnly(c.dueDate),
      feesWaived: Boolean(c.feesWaived),
      fineHundredths: toHundredths(c.finePercent),
      interestHundredths: toHundredths(c.monthlyInterestPercent),
      payments: payments.map((p) => ({ amountCents: Number(p.paymentCents), paidOn: dateOnly(p.paidOn) })),
    };
    const last = terms.payments.reduce((max, p) => (p.paidOn > max ? p.paidOn : max), terms.payments[0].paidOn);
    const due = dueOn(terms, last);
    const excess = c.status === CANCELLED_CHARGE ? due.paid : due.paid - terms.amountCents - due.fine - due.interest;
    if (excess <= 0) continue;
    const bank = payments.filter((p) => p.source === "bank").at(-1)!;
    const manual = payments.filter((p) => p.source !== "bank").at(-1);
    const base = { chargeId: c.chargeId, chargeCode: c.code, guardianName: names.get(c.guardianId) ?? "" };
    if (manual) {
      paidTwice.push({
        ...base,
        manualPaymentId: manual.paymentId,
        manualAmount: centsToDecimal(Number(manual.paymentCents)),
        bankPaymentId: bank.paymentId,
        bankAmount: centsToDecimal(Number(bank.paymentCents)),
        refund: bank.refundStatus ? { status: bank.refundStatus, reason: bank.refundReason ?? "" } : null,
      });
    } else {
      overpaid.push({ ...base, paymentId: bank.paymentId, paidOn: dateOnly(bank.paidOn), excess: centsToDecimal(excess) });
    }
  }
  return { overpaid, paidTwice };
}

/** The payment of a Pix, by its endToEndId (app/domain/charges owns payments). */
export async function paymentOfPix(endToEndId: string, t?: Transaction): Promise<{ id: string; chargeId: string } | null> {
  const [row] = await selectRowsIn<{ id: string; chargeId: string }>(
    t,
    `SELECT "p"."id", "p"."chargeId" FROM "payments" AS "p" WHERE "p"."endToEndId" = :endToEndId`,
    { endToEndId },
  );
  return row ?? null;
}

/** A bank payment's refund as the poll needs it (app/domain/charges owns payments). */
export async function refundOf(paymentId: string): Promise<{
  endToEndId: string | null;
  amountCents: number;
  refundId: string | null;
  refundStatus: string | null;
  refundReason: string | null;
  branchId: string;
} | null> {
  const [row] = await selectRows<{
    endToEndId: string | null;
    amountCents: number | string;
    refundId: string | null;
    refundStatus: string | null;
    refundReason: string | null;
    branchId: string;
  }>(
    `SELECT "p"."endToEndId", "p"."amountCents", "p"."refundId", "p"."refundStatus", "p"."refundReason", "c"."branchId"
     FROM "payments" AS "p" JOIN "charges" AS "c" ON "c"."id" = "p"."chargeId" WHERE "p"."id" = :id`,
    { id: paymentId },
  );
  return row ? { ...row, amountCents: Number(row.amountCents) } : null;
}

/** A bank payment as the refund dialog shows it (app/domain/charges owns payments and charges); null when none. */
export async function bankPayment(paymentId: string): Promise<{
  id: string;
  chargeId: string;
  chargeCode: string;
  amountCents: number;
  paidOn: string;
  endToEndId: string | null;
  source: string;
  reversed: boolean;
  refundStatus: string | null;
} | null> {
  const [row] = await selectRows<{
    id: string;
    chargeId: string;
    chargeCode: string;
    amountCents: number | string;
    paidOn: string | Date;
    endToEndId: string | null;
    source: string;
    reversedAt: string | Date | null;
    refundStatus: string | null;
  }>(
    `SELECT "p"."id", "p"."chargeId", "c"."code" AS "chargeCode", "p"."amountCents", CAST("p"."paidOn" AS TEXT) AS "paidOn",
            "p"."endToEndId", "p"."source", "p"."reversedAt", "p"."refundStatus"
     FROM "payments" AS "p" JOIN "charges" AS "c" ON "c"."id" = "p"."chargeId" WHERE "p"."id" = :id`,
    { id: paymentId },
  );
  if (!row) return null;
  return {
    id: row.id,
    chargeId: row.chargeId,
    chargeCode: row.chargeCode,
    amountCents: Number(row.amountCents),
    paidOn: dateOnly(row.paidOn),
    endToEndId: row.endToEndId ?? null,
    source: row.source,
    reversed: Boolean(row.reversedAt),
    refundStatus: row.refundStatus ?? null,
  };
}
