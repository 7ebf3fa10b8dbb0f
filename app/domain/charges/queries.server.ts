import type { Transaction } from "sequelize";
import { BillingSettings, Charge, Payment } from "#db/models.ts";
import { paddedInList } from "#db/in-list.ts";
import { selectRows, selectRowsIn, sqlTimestamp, tableVersions } from "~/platform/db.server";
import { createKeptReads } from "~/platform/cache.server";
import { sqlList, likePattern, LIKE_ESCAPE, searchTerm, type ListSource } from "../list.server";
import { isStaff, requireActor, type Actor } from "../access/roles";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { isUuid } from "../validation";
import { isCalendarDate, isMonth } from "../patterns";
import { dateOnly, iso } from "../row-values.server";
import { addDays, monthBounds, shiftMonth, today, daysBetween } from "../calendar/dates";
import { dayStart } from "../audit/queries.server";
import { actorFamilyCondition } from "../access/queries.server";
import { guardianContacts, guardianNames } from "../guardians/queries.server";
import { applyDiscount, centsToDecimal, divideHalfUp, hundredthsToPercent, toCents, toHundredths } from "../money";
import { dueFromSums, dueOn, type Due, type DueTerms } from "./due";
import {
  ageingBucket,
  BANK_ACTOR_NAME,
  type AgeingBucket,
  CANCELLED_CHARGE,
  CHARGE_FILTER_STATUSES,
  CHARGE_MONTH_INVALID,
  CHARGE_NOT_FOUND,
  DUE_DATE_INVALID,
  normalizePixKey,
  OPEN,
  OVERDUE,
  PAID,
  PAYMENT_NOT_FOUND,
  type AmountDueDTO,
  type BillingSettingsDTO,
  type BillingSummaryDTO,
  type ChargeBankDTO,
  type ChargeDetailDTO,
  type ChargeDTO,
  type ChargeHistoryDTO,
  type GenerationItemDTO,
  type OverdueFamilyDTO,
  type PaymentDTO,
} from "./schema";
import { STATUS_INVALID } from "../fields";
import { branchExists } from "../branches/queries.server";
import { BRANCH_NOT_FOUND } from "../branches/schema";

/**
 * The reads of the charges: billing_settings, charges, payments and charge_history
 * are read here only. Read models join the family's names (guardian_persons,
 * app/domain/guardians) and students (app/domain/students); the generation's
 * candidates join enrolments, offers, classes and courses (their modules:
 * enrollments, offers, classes, courses), for that one read.
 */

// ---- Billing settings ----

export const DEFAULT_SETTINGS = { dueDay: 10, finePercent: 2, monthlyInterestPercent: 1 } as const;

type SettingsRow = Pick<
  BillingSettings,
  "branchId" | "pixKey" | "payeeName" | "payeeCity" | "dueDay" | "finePercent" | "monthlyInterestPercent"
>;

export function settingsDTO(branchId: string, row: SettingsRow | null | undefined): BillingSettingsDTO {
  const pixKey = row?.pixKey ?? null;
  return {
    branchId,
    pixKey,
    pixKeyKind: pixKey ? (normalizePixKey(pixKey)?.kind ?? null) : null,
    payeeName: row?.payeeName ?? null,
    payeeCity: row?.payeeCity ?? null,
    dueDay: row ? Number(row.dueDay) : DEFAULT_SETTINGS.dueDay,
    finePercent: row ? hundredthsToPercent(toHundredths(row.finePercent)) : DEFAULT_SETTINGS.finePercent,
    monthlyInterestPercent: row ? hundredthsToPercent(toHundredths(row.monthlyInterestPercent)) : DEFAULT_SETTINGS.monthlyInterestPercent,
  };
}

const SETTINGS_COLUMNS = `"bs"."branchId", "bs"."pixKey", "bs"."payeeName", "bs"."payeeCity", "bs"."dueDay", "bs"."finePercent", "bs"."monthlyInterestPercent"`;

/** A branch's settings (the defaults when it has none stored). */
export async function settingsOf(branchId: string, t?: Transaction): Promise<BillingSettingsDTO> {
  const [row] = await selectRowsIn<SettingsRow>(
    t,
    `SELECT ${SETTINGS_COLUMNS} FROM "billing_settings" AS "bs" WHERE "bs"."branchId" = :branchId`,
    {
      branchId,
    },
  );
  return settingsDTO(branchId, row);
}

/** The settings of these branches, by branch id. */
export async function settingsOfBranches(branchIds: readonly string[], t?: Transaction): Promise<Map<string, BillingSettingsDTO>> {
  const ids = [...new Set(branchIds.filter(isUuid))];
  const found = new Map<string, BillingSettingsDTO>();
  if (ids.length === 0) return found;
  const params: Record<string, string> = {};
  const rows = await selectRowsIn<SettingsRow>(
    t,
    `SELECT ${SETTINGS_COLUMNS} FROM "billing_settings" AS "bs" WHERE "bs"."branchId" IN (${paddedInList("b", ids, params)})`,
    params,
  );
  const byId = new Map(rows.map((r) => [r.branchId, r]));
  for (const id of ids) found.set(id, settingsDTO(id, byId.get(id)));
  return found;
}

/** The stored row, inside the caller's transaction (null when the branch uses the defaults). */
export async function findSettingsRow(branchId: string, t: Transaction): Promise<BillingSettings | null> {
  return BillingSettings.findByPk(branchId, { transaction: t, lock: t.LOCK.UPDATE });
}

/** GET /api/branches/{id}/billing-settings (Administrator and Team). */
export async function getBillingSettings(actor: Actor | null, branchId: string): Promise<BillingSettingsDTO> {
  const a = requireActor(actor);
  if (!isStaff(a)) throw new ForbiddenError();
  if (!isUuid(branchId) || !(await branchExists(branchId))) throw new NotFoundError(BRANCH_NOT_FOUND);
  return settingsOf(branchId);
}

/**
 * Serialises the month's generations on PostgreSQL (a transaction-scoped
 * advisory lock), so a second run waits for the first and then finds its
 * charges; SQLite's IMMEDIATE transactions are serialised already. The unique
 * index on (enrollmentId, competence) stays the backstop.
 */
export async function lockGeneration(month: string, t: Transaction, dialect: "sqlite" | "postgres"): Promise<void> {
  if (dialect !== "postgres") return;
  await selectRowsIn(t, `SELECT pg_advisory_xact_lock(:space, :key) AS "locked"`, { space: 28, key: Number(month.replace("-", "")) });
}

// ---- Charges ----

export interface ChargeRow {
  id: string;
  code: string;
  guardianId: string;
  studentId: string | null;
  enrollmentId: string | null;
  branchId: string;
  competence: string | null;
  description: string;
  amountCents: number | string;
  dueDate: string | Date;
  status: string;
  paidAt: string | Date | null;
  feesWaived: boolean | number;
  waiveReason: string | null;
  cancelReason: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  paidCents: number | string | null;
  earlyCents: number | string | null;
  studentName: string | null;
  finePercent: string | number | null;
  monthlyInterestPercent: string | number | null;
  bankTxid: string | null;
  bankStatus: string | null;
  bankRevision: number | string | null;
  bankCopyPaste: string | null;
  bankError: string | null;
}

const NOT_REVERSED = `"p"."chargeId" = "c"."id" AND "p"."reversedAt" IS NULL`;
/** A charge's payments not reversed: all of them, and those dated on or before its due date. */
const PAYMENT_SUMS = `(SELECT COALESCE(SUM("p"."amountCents"), 0) FROM "payments" AS "p" WHERE ${NOT_REVERSED}) AS "paidCents",
  (SELECT COALESCE(SUM("p"."amountCents"), 0) FROM "payments" AS "p" WHERE ${NOT_REVERSED} AND "p"."paidOn" <= "c"."dueDate") AS "earlyCents"`;
/** A charge with its payments' sums, its student's name and its own fee terms (frozen when it was issued). */
const CHARGE_COLUMNS = `"c"."id", "c"."code", "c"."guardianId", "c"."studentId", "c"."enrollmentId", "c"."branchId", "c"."competence",
  "c"."description", "c"."amountCents", CAST("c"."dueDate" AS TEXT) AS "dueDate", "c"."status", "c"."paidAt", "c"."feesWaived",
  "c"."waiveReason", "c"."cancelReason", "c"."createdAt", "c"."updatedAt",
  ${PAYMENT_SUMS},
  "s"."fullName" AS "studentName", "c"."finePercent", "c"."monthlyInterestPercent",
  "c"."bankTxid", "c"."bankStatus", "c"."bankRevision", "c"."bankCopyPaste", "c"."bankError"`;
const CHARGE_FROM = `FROM "charges" AS "c"
  LEFT JOIN "students" AS "s" ON "s"."id" = "c"."studentId"`;

/**
 * Only what `dueToday` reads (the amount, the due date, the waiver, the
 * payments' sums and the charge's own fine and interest): the reads that sum what
 * is due over many open charges (the overdue families, the month's summary, a
 * family's total) take these and the few columns they show, without the
 * student's join.
 */
const DUE_COLUMNS = `"c"."amountCents", CAST("c"."dueDate" AS TEXT) AS "dueDate", "c"."status", "c"."feesWaived",
  ${PAYMENT_SUMS},
  "c"."finePercent", "c"."monthlyInterestPercent"`;
const DUE_FROM = `FROM "charges" AS "c"`;

/** A row of DUE_COLUMNS (what `dueToday` needs). */
type DueRow = Pick<
  ChargeRow,
  "amountCents" | "dueDate" | "status" | "feesWaived" | "paidCents" | "earlyCents" | "finePercent" | "monthlyInterestPercent"
>;

function termsOf(r: Pick<ChargeRow, "amountCents" | "dueDate" | "feesWaived" | "finePercent" | "monthlyInterestPercent">) {
  return {
    amountCents: Number(r.amountCents),
    dueDate: dateOnly(r.dueDate),
    feesWaived: Boolean(r.feesWaived),
    fineHundredths: r.finePercent === null ? toHundredths(DEFAULT_SETTINGS.finePercent) : toHundredths(r.finePercent),
    interestHundredths:
      r.monthlyInterestPercent === null ? toHundredths(DEFAULT_SETTINGS.monthlyInterestPercent) : toHundredths(r.monthlyInterestPercent),
  };
}

/** What an open charge is due today (0 for a paid or cancelled one). */
export function dueToday(r: DueRow, on = today()): Due {
  const due = dueFromSums({ ...termsOf(r), earlyCents: Number(r.earlyCents ?? 0), paidCents: Number(r.paidCents ?? 0) }, on);
  return r.status === OPEN ? due : { ...due, total: 0 };
}

export function toDTO(r: ChargeRow, guardianName: string, on = today()): ChargeDTO {
  const due = dueToday(r, on);
  const dueDate = dateOnly(r.dueDate);
  return {
    id: r.id,
    code: r.code,
    guardianId: r.guardianId,
    guardianName,
    studentId: r.studentId ?? null,
    studentName: r.studentName ?? null,
    enrollmentId: r.enrollmentId ?? null,
    branchId: r.branchId,
    competence: r.competence ?? null,
    description: r.description,
    amount: centsToDecimal(Number(r.amountCents)),
    dueDate,
    status: r.status,
    overdue: r.status === OPEN && dueDate < on,
    paid: centsToDecimal(Number(r.paidCents ?? 0)),
    amountDue: centsToDecimal(due.total),
    paidAt: r.paidAt ? iso(r.paidAt) : null,
    feesWaived: Boolean(r.feesWaived),
    finePercent: hundredthsToPercent(termsOf(r).fineHundredths),
    monthlyInterestPercent: hundredthsToPercent(termsOf(r).interestHundredths),
    waiveReason: r.waiveReason ?? null,
    cancelReason: r.cancelReason ?? null,
    bank: bankOf(r),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * The charge's `cobv` (issue 42): null when its branch had no bank connection
 * when it was issued; a charge of a guardian without a CPF has no txid but says why.
 */
function bankOf(r: Pick<ChargeRow, "bankTxid" | "bankStatus" | "bankRevision" | "bankCopyPaste" | "bankError">): ChargeBankDTO | null {
  if (!r.bankTxid && !r.bankError) return null;
  return {
    txid: r.bankTxid ?? null,
    status: r.bankStatus ?? "Falhou",
    revisao: r.bankRevision === null || r.bankRevision === undefined ? null : Number(r.bankRevision),
    copyPaste: r.bankCopyPaste ?? null,
    lastError: r.bankError ?? null,
  };
}

/** The charge registered at the bank under `txid` (null when none): what a received Pix names. */
export async function findChargeByTxid(txid: string, t?: Transaction): Promise<Charge | null> {
  if (!/^[a-zA-Z0-9]{1,35}$/.test(txid)) return null;
  return Charge.findOne({ where: { bankTxid: txid }, ...(t ? { transaction: t, lock: t.LOCK.UPDATE } : {}) });
}

async function withNames(rows: ChargeRow[]): Promise<ChargeDTO[]> {
  const names = await guardianNames(rows.map((r) => r.guardianId));
  const on = today();
  return rows.map((r) => toDTO(r, names.get(r.guardianId) ?? "", on));
}

/** A charge's row (404 'Cobrança não encontrada'), locked in the caller's transaction when given. */
export async function find(id: string, t?: Transaction): Promise<Charge> {
  const row = isUuid(id) ? await Charge.findByPk(id, t ? { transaction: t, lock: t.LOCK.UPDATE } : {}) : null;
  if (!row) throw new NotFoundError(CHARGE_NOT_FOUND);
  return row;
}

/** A payment's row (404 'Pagamento não encontrado'), locked in the caller's transaction. */
export async function findPayment(id: string, t: Transaction): Promise<Payment> {
  const row = isUuid(id) ? await Payment.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE }) : null;
  if (!row) throw new NotFoundError(PAYMENT_NOT_FOUND);
  return row;
}

/** One charge as the API shows it, read inside the caller's transaction when given. */
export async function chargeDTO(id: string, t?: Transaction): Promise<ChargeDTO> {
  const [row] = await selectRowsIn<ChargeRow>(t, `SELECT ${CHARGE_COLUMNS} ${CHARGE_FROM} WHERE "c"."id" = :id`, { id });
  if (!row) throw new NotFoundError(CHARGE_NOT_FOUND);
  const names = await guardianNames([row.guardianId]);
  return toDTO(row, names.get(row.guardianId) ?? "");
}

/** Charges by id as DTOs (those that exist, in no given order): a job that works on many reads them at once. */
export async function chargeDTOs(ids: readonly string[], t?: Transaction): Promise<ChargeDTO[]> {
  const unique = [...new Set(ids.filter(isUuid))];
  if (!unique.length) return [];
  const params: Record<string, string> = {};
  const rows = await selectRowsIn<ChargeRow>(
    t,
    `SELECT ${CHARGE_COLUMNS} ${CHARGE_FROM} WHERE "c"."id" IN (${paddedInList("c", unique, params, 8)})`,
    params,
  );
  return withNames(rows);
}

/** A Client reads its own family's charges only: 404 for any other. */
async function assertSeesCharge(actor: Actor | null, id: string): Promise<void> {
  requireActor(actor);
  if (!isUuid(id)) throw new NotFoundError(CHARGE_NOT_FOUND);
  const family = actorFamilyCondition(actor, "guardian", `"c"."guardianId"`);
  if (!family) return;
  const rows = await selectRows<{ id: string }>(`SELECT "c"."id" FROM "charges" AS "c" WHERE "c"."id" = :id AND ${family.sql}`, {
    id,
    ...family.params,
  });
  if (rows.length === 0) throw new NotFoundError(CHARGE_NOT_FOUND);
}

interface PaymentRow {
  id: string;
  chargeId: string;
  amountCents: number | string;
  paidOn: string | Date;
  method: string;
  note: string | null;
  createdById: string | null;
  createdByName: string | null;
  reversedAt: string | Date | null;
  reversedById: string | null;
  reverseReason: string | null;
  source: string;
  endToEndId: string | null;
  refundStatus: string | null;
  refundReason: string | null;
  createdAt: string | Date;
}

function paymentDTO(p: PaymentRow): PaymentDTO {
  return {
    id: p.id,
    chargeId: p.chargeId,
    amount: centsToDecimal(Number(p.amountCents)),
    paidOn: dateOnly(p.paidOn),
    method: p.method,
    note: p.note ?? null,
    createdById: p.createdById ?? null,
    createdByName: p.source === "bank" ? BANK_ACTOR_NAME : (p.createdByName ?? null),
    reversedAt: p.reversedAt ? iso(p.reversedAt) : null,
    reversedById: p.reversedById ?? null,
    reverseReason: p.reverseReason ?? null,
    source: p.source,
    endToEndId: p.endToEndId ?? null,
    refund: p.refundStatus ? { status: p.refundStatus, reason: p.refundReason ?? "" } : null,
    createdAt: iso(p.createdAt),
  };
}

/** A charge's payments, oldest first (the users table, app/domain/users, for who recorded them). */
export async function paymentsOf(chargeId: string, t?: Transaction): Promise<PaymentDTO[]> {
  const rows = await selectRowsIn<PaymentRow>(
    t,
    `SELECT "p"."id", "p"."chargeId", "p"."amountCents", CAST("p"."paidOn" AS TEXT) AS "paidOn", "p"."method", "p"."note", "p"."createdById",
            "u"."name" AS "createdByName", "p"."reversedAt", "p"."reversedById", "p"."reverseReason",
            "p"."source", "p"."endToEndId", "p"."refundStatus", "p"."refundReason", "p"."createdAt"
     FROM "payments" AS "p" LEFT JOIN "users" AS "u" ON "u"."id" = "p"."createdById"
     WHERE "p"."chargeId" = :chargeId ORDER BY "p"."paidOn", "p"."createdAt", "p"."id"`,
    { chargeId },
  );
  return rows.map(paymentDTO);
}

export async function historyOf(chargeId: string): Promise<ChargeHistoryDTO[]> {
  const rows = await selectRows<{
    id: string;
    event: string;
    detail: string | null;
    userId: string | null;
    userName: string | null;
    createdAt: string | Date;
  }>(
    `SELECT "h"."id", "h"."event", "h"."detail", "h"."userId", "h"."userName", "h"."createdAt"
     FROM "charge_history" AS "h" WHERE "h"."chargeId" = :chargeId ORDER BY "h"."createdAt", "h"."id"`,
    { chargeId },
  );
  return rows.map((h) => ({
    ...h,
    detail: h.detail ?? null,
    userId: h.userId ?? null,
    userName: h.userName ?? null,
    createdAt: iso(h.createdAt),
  }));
}

/** GET /api/charges/{id}: the charge with what is due today, its payments and its history. */
export async function getCharge(actor: Actor | null, id: string): Promise<ChargeDetailDTO> {
  await assertSeesCharge(actor, id);
  const [charge, payments, history] = await Promise.all([chargeDTO(id), paymentsOf(id), historyOf(id)]);
  return { ...charge, payments, history };
}

/** The terms of a charge's due computation, with its payments not reversed (inside the caller's transaction). */
export async function dueTermsOf(charge: Charge, t?: Transaction): Promise<DueTerms> {
  const payments = await Payment.findAll({
    where: { chargeId: charge.id, reversedAt: null },
    attributes: ["amountCents", "paidOn"],
    transaction: t,
  });
  return {
    amountCents: Number(charge.amountCents),
    dueDate: dateOnly(charge.dueDate),
    feesWaived: Boolean(charge.feesWaived),
    fineHundredths: toHundredths(charge.finePercent),
    interestHundredths: toHundredths(charge.monthlyInterestPercent),
    payments: payments.map((p) => ({ amountCents: Number(p.amountCents), paidOn: dateOnly(p.paidOn) })),
  };
}

/** GET /api/charges/{id}/due?date= (today when absent). */
export async function chargeDue(actor: Actor | null, id: string, date: string | null): Promise<AmountDueDTO> {
  await assertSeesCharge(actor, id);
  const on = date ?? today();
  if (!isCalendarDate(on)) throw new ValidationError({ date: [DUE_DATE_INVALID] });
  const charge = await find(id);
  const due = dueOn(await dueTermsOf(charge), on);
  const total = charge.status === OPEN ? due.total : 0;
  return {
    date: on,
    principal: centsToDecimal(due.principal),
    fine: centsToDecimal(due.fine),
    interest: centsToDecimal(due.interest),
    paid: centsToDecimal(due.paid),
    total: centsToDecimal(total),
  };
}

export interface ChargeFilter {
  month?: string | null;
  status?: string | null;
  guardianId?: string | null;
  studentId?: string | null;
  branchId?: string | null;
  q?: string | null;
}

/** The WHERE of a charges filter (a 400 for a malformed month or status; a malformed id matches nothing). */
function chargeWhere(actor: Actor | null, filter: ChargeFilter): { where: string[]; params: Record<string, string | number> } {
  const where: string[] = [];
  const params: Record<string, string | number> = {};
  const family = actorFamilyCondition(actor, "guardian", `"c"."guardianId"`);
  if (family) {
    where.push(family.sql);
    Object.assign(params, family.params);
  }
  if (filter.month) {
    if (!isMonth(filter.month)) throw new ValidationError({ month: [CHARGE_MONTH_INVALID] });
    const { first, last } = monthBounds(filter.month);
    where.push(`"c"."dueDate" >= :first AND "c"."dueDate" <= :last`);
    Object.assign(params, { first, last });
  }
  if (filter.status) {
    if (!(CHARGE_FILTER_STATUSES as readonly string[]).includes(filter.status)) throw new ValidationError({ status: [STATUS_INVALID] });
    if (filter.status === OVERDUE) {
      where.push(`"c"."status" = :status AND "c"."dueDate" < :today`);
      Object.assign(params, { status: OPEN, today: today() });
    } else {
      where.push(`"c"."status" = :status`);
      params.status = filter.status;
    }
  }
  for (const key of ["guardianId", "studentId", "branchId"] as const) {
    const value = filter[key];
    if (!value) continue;
    if (!isUuid(value)) where.push("1 = 0");
    else {
      where.push(`"c"."${key}" = :${key}`);
      params[key] = value;
    }
  }
  const term = searchTerm(filter.q);
  if (term) {
    // The family's persons' names (guardian_persons, app/domain/guardians), or the student's.
    where.push(
      `(EXISTS (SELECT 1 FROM "guardian_persons" AS "gp" WHERE "gp"."guardianId" = "c"."guardianId" AND LOWER("gp"."fullName") LIKE :term ${LIKE_ESCAPE})
        OR LOWER("s"."fullName") LIKE :term ${LIKE_ESCAPE} OR LOWER("c"."code") LIKE :term ${LIKE_ESCAPE})`,
    );
    params.term = likePattern(term);
  }
  return { where, params };
}

/** GET /api/charges: by due date, then id, read in batches. */
export function chargeList(actor: Actor | null, filter: ChargeFilter = {}): ListSource<ChargeDTO> {
  requireActor(actor);
  const { where, params } = chargeWhere(actor, filter);
  return sqlList<ChargeRow & Record<string, unknown>, ChargeDTO>(
    "charges",
    {
      columns: CHARGE_COLUMNS,
      from: CHARGE_FROM,
      where: where.length ? where.join(" AND ") : undefined,
      params,
      key: [
        { expr: `"c"."dueDate"`, type: "date" },
        { expr: `"c"."id"`, type: "uuid" },
      ],
    },
    (rows) => withNames(rows),
  );
}

/** The order of a page of charges: by due date; the latest first; or the open ones first (oldest due first), then the others (latest first). */
function chargeOrder(page: { latestFirst?: boolean; openFirst?: boolean }): string {
  if (page.openFirst) {
    const open = `"c"."status" = :openFirstStatus`;
    return `CASE WHEN ${open} THEN 0 ELSE 1 END, CASE WHEN ${open} THEN "c"."dueDate" END, "c"."dueDate" DESC, "c"."id"`;
  }
  return page.latestFirst ? `"c"."dueDate" DESC, "c"."id" DESC` : `"c"."dueDate", "c"."id"`;
}

/** The charges' reads kept while their tables are unchanged (`createKeptReads`; versions: migration 0020). */
const keptChargesRead = createKeptReads(tableVersions, 64);

type TotalsRow = { count: number | string; amount: number | string | null; paid: number | string | null };

/**
 * The count and sums of the charges a filter selects (the list's totals row):
 * over a month of a large network these read every matching charge and its
 * payments, so without a search they are kept until a charge, payment or
 * setting changes (the filter, with today's date for 'Vencida' and the
 * family's scope, is in the key). A search matches names, which those tables'
 * versions do not follow: it is read each time.
 */
async function chargeTotals(whereSql: string, params: Record<string, string | number>, searched: boolean): Promise<TotalsRow[]> {
  const read = () =>
    selectRows<TotalsRow>(
      `SELECT COUNT(*) AS "count", SUM("c"."amountCents") AS "amount",
         SUM((SELECT COALESCE(SUM("p"."amountCents"), 0) FROM "payments" AS "p" WHERE ${NOT_REVERSED})) AS "paid"
       ${searched ? CHARGE_FROM : `FROM "charges" AS "c"`} ${whereSql}`,
      params,
    );
  if (searched) return read();
  return keptChargesRead(`totals\u0000${whereSql}\u0000${JSON.stringify(params)}`, FINANCE_TABLES, read);
}

/** One page of the charges (the screens): by due date (see `chargeOrder`), then id, with the total count. */
export async function chargePage(
  actor: Actor | null,
  filter: ChargeFilter,
  page: { offset: number; limit: number; latestFirst?: boolean; openFirst?: boolean },
): Promise<{ items: ChargeDTO[]; totals: { count: number; amount: string; paid: string } }> {
  requireActor(actor);
  const { where, params } = chargeWhere(actor, filter);
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, [sums]] = await Promise.all([
    selectRows<ChargeRow>(`SELECT ${CHARGE_COLUMNS} ${CHARGE_FROM} ${whereSql} ORDER BY ${chargeOrder(page)} LIMIT :limit OFFSET :offset`, {
      ...params,
      ...(page.openFirst ? { openFirstStatus: OPEN } : {}),
      limit: page.limit,
      offset: page.offset,
    }),
    chargeTotals(whereSql, params, Boolean(searchTerm(filter.q))),
  ]);
  return {
    items: await withNames(rows),
    totals: {
      count: Number(sums?.count ?? 0),
      amount: centsToDecimal(Number(sums?.amount ?? 0)),
      paid: centsToDecimal(Number(sums?.paid ?? 0)),
    },
  };
}

/** What the open charges of a family or a student are due today, summed (in cents). */
export async function dueTodayTotal(
  actor: Actor | null,
  filter: { guardianId?: string | null; studentId?: string | null },
): Promise<number> {
  requireActor(actor);
  const { where, params } = chargeWhere(actor, { guardianId: filter.guardianId, studentId: filter.studentId, status: OPEN });
  const rows = await selectRows<DueRow>(`SELECT ${DUE_COLUMNS} ${DUE_FROM} WHERE ${where.join(" AND ")}`, params);
  const on = today();
  return rows.reduce((sum, r) => sum + dueToday(r, on).total, 0);
}

/** Every charge of the filter (the CSV), batch after batch. */
export async function* chargesForExport(actor: Actor | null, filter: ChargeFilter): AsyncIterable<ChargeDTO> {
  const source = chargeList(actor, filter);
  let after = null;
  for (;;) {
    const batch = await source.read(after, 500);
    yield* batch.items;
    if (!batch.next) return;
    after = batch.next;
  }
}

// ---- Open charges of a family (other modules ask) ----

/** How many open charges ('Aberta') a family has. */
export async function countOpenCharges(guardianId: string, t?: Transaction): Promise<number> {
  if (!isUuid(guardianId)) return 0;
  const [row] = await selectRowsIn<{ n: number | string }>(
    t,
    `SELECT COUNT(*) AS "n" FROM "charges" AS "c" WHERE "c"."guardianId" = :guardianId AND "c"."status" = :open`,
    { guardianId, open: OPEN },
  );
  return Number(row?.n ?? 0);
}

/** Whether a family still has an open charge (e.g. before it is anonymised). */
export async function hasOpenCharges(guardianId: string, t?: Transaction): Promise<boolean> {
  return (await countOpenCharges(guardianId, t)) > 0;
}

/** The open charges of an enrolment due after a date, without payments not reversed (an enrolment's cancellation). */
export async function futureChargesOfEnrollment(enrollmentId: string, after: string, t: Transaction): Promise<Charge[]> {
  const rows = await selectRowsIn<{ id: string }>(
    t,
    `SELECT "c"."id" FROM "charges" AS "c" WHERE "c"."enrollmentId" = :enrollmentId AND "c"."status" = :open AND "c"."dueDate" > :after
       AND NOT EXISTS (SELECT 1 FROM "payments" AS "p" WHERE ${NOT_REVERSED})`,
    { enrollmentId, open: OPEN, after },
  );
  if (rows.length === 0) return [];
  return Charge.findAll({ where: { id: rows.map((r) => r.id) }, transaction: t, lock: t.LOCK.UPDATE });
}

// ---- Monthly generation ----

export interface GenerationCandidate extends GenerationItemDTO {
  amountCents: number;
  branchName: string;
  competence: string;
  /** The branch's fee terms now, frozen on the charge it becomes (a DECIMAL's text: "2.00"). */
  finePercent: string;
  monthlyInterestPercent: string;
}

/**
 * What generating month `M` would create: one charge per enrolment 'Ativa' that
 * starts on or before the month's last day and has no charge of that month yet
 * (enrolments, offers, classes, courses and students joined for this read).
 * Amount = the offer's monthly value × (100 − discount) / 100, half up; due on
 * the branch's due day in `M`.
 */
export async function generationCandidates(
  month: string,
  branchId: string | null,
  t?: Transaction,
  page?: { after: string | null; limit: number },
): Promise<{ items: GenerationCandidate[]; skipped: number; last: string | null }> {
  const { last } = monthBounds(month);
  const params: Record<string, string | number> = { month, last, active: "Ativa" };
  let branchSql = "";
  if (branchId) {
    branchSql = `AND "cl"."branchId" = :branchId`;
    params.branchId = branchId;
  }
  // A page (the generation's batches): the next `limit` enrolments by id after `after`.
  let pageSql = "";
  let order = `"s"."fullName", "e"."id"`;
  if (page) {
    if (page.after !== null) {
      pageSql = `AND "e"."id" > :after`;
      params.after = page.after;
    }
    order = `"e"."id" LIMIT :limit`;
    params.limit = page.limit;
  }
  const rows = await selectRowsIn<{
    enrollmentId: string;
    studentId: string;
    studentName: string;
    guardianId: string;
    branchId: string;
    branchName: string;
    courseName: string;
    monthlyValue: string | number;
    discountPercent: string | number;
    dueDay: number | null;
    finePercent: string | number | null;
    monthlyInterestPercent: string | number | null;
    charged: number | string | boolean;
  }>(
    t,
    `SELECT "e"."id" AS "enrollmentId", "e"."studentId", "s"."fullName" AS "studentName", "s"."guardianId", "cl"."branchId", "b"."name" AS "branchName",
            "co"."name" AS "courseName", "o"."monthlyValue", "e"."discountPercent", "bs"."dueDay",
            "bs"."finePercent", "bs"."monthlyInterestPercent",
            CASE WHEN EXISTS (SELECT 1 FROM "charges" AS "c" WHERE "c"."enrollmentId" = "e"."id" AND "c"."competence" = :month) THEN 1 ELSE 0 END AS "charged"
     FROM "enrollments" AS "e"
     JOIN "students" AS "s" ON "s"."id" = "e"."studentId"
     JOIN "classes" AS "cl" ON "cl"."id" = "e"."classId"
     JOIN "branches" AS "b" ON "b"."id" = "cl"."branchId"
     JOIN "courses" AS "co" ON "co"."id" = "cl"."courseId"
     JOIN "offers" AS "o" ON "o"."id" = "e"."offerId"
     LEFT JOIN "billing_settings" AS "bs" ON "bs"."branchId" = "cl"."branchId"
     WHERE "e"."status" = :active AND "e"."startDate" <= :last ${branchSql} ${pageSql}
     ORDER BY ${order}`,
    params,
  );
  const fresh = rows.filter((r) => Number(r.charged) === 0);
  const names = await guardianNames(fresh.map((r) => r.guardianId));
  const items = fresh.map((r) => {
    const value = toCents(r.monthlyValue) ?? 0;
    const amountCents = applyDiscount(value, toHundredths(r.discountPercent));
    const dueDay = r.dueDay ?? DEFAULT_SETTINGS.dueDay;
    return {
      enrollmentId: r.enrollmentId,
      guardianId: r.guardianId,
      guardianName: names.get(r.guardianId) ?? "",
      studentId: r.studentId,
      studentName: r.studentName,
      branchId: r.branchId,
      branchName: r.branchName,
      description: `Mensalidade ${month.slice(5, 7)}/${month.slice(0, 4)} — ${r.courseName}`,
      amount: centsToDecimal(amountCents),
      amountCents,
      dueDate: `${month}-${String(dueDay).padStart(2, "0")}`,
      competence: month,
      finePercent: centsToDecimal(r.finePercent === null ? toHundredths(DEFAULT_SETTINGS.finePercent) : toHundredths(r.finePercent)),
      monthlyInterestPercent: centsToDecimal(
        r.monthlyInterestPercent === null ? toHundredths(DEFAULT_SETTINGS.monthlyInterestPercent) : toHundredths(r.monthlyInterestPercent),
      ),
    };
  });
  return { items, skipped: rows.length - fresh.length, last: rows.length ? rows[rows.length - 1].enrollmentId : null };
}

/**
 * The first month not yet generated for a scope (one branch, or every branch
 * when null): for each branch of the scope with an enrolment 'Ativa', the month
 * after its latest month of generated charges (the current month when it has
 * none), and the earliest of them; the current month when the scope has no
 * enrolment 'Ativa'.
 */
export async function firstMonthNotGenerated(branchId: string | null, current: string): Promise<string> {
  const params: Record<string, string> = { active: "Ativa" };
  let branchSql = "";
  if (branchId) {
    branchSql = `AND "cl"."branchId" = :branchId`;
    params.branchId = branchId;
  }
  const rows = await selectRows<{ branchId: string; latest: string | null }>(
    `SELECT "cl"."branchId",
            (SELECT MAX("c"."competence") FROM "charges" AS "c" WHERE "c"."branchId" = "cl"."branchId" AND "c"."competence" IS NOT NULL) AS "latest"
     FROM "enrollments" AS "e" JOIN "classes" AS "cl" ON "cl"."id" = "e"."classId"
     WHERE "e"."status" = :active ${branchSql}
     GROUP BY "cl"."branchId"`,
    params,
  );
  if (rows.length === 0) return current;
  return rows.map((r) => (r.latest ? shiftMonth(r.latest, 1) : current)).reduce((min, m) => (m < min ? m : min));
}

// ---- Overdue families and the month's summary ----

/** A family's overdue money on a day, before its name and phone are joined (`overdueTotals`). */
interface OverdueTotal {
  guardianId: string;
  totalCents: number;
  oldest: string;
  charges: OverdueFamilyDTO["charges"];
}

/**
 * The overdue families of a branch (or all) on a day, the largest total due
 * first (then the oldest debt, then the family's id): what the due rule gives
 * for every open charge past its due date, computed once and kept until a
 * charge, payment or branch setting changes (or the day turns), so the list's
 * pages and its answers do not each read and add up every overdue charge of
 * the network. Names and phones are read for the families shown only.
 */
async function overdueTotals(branchId: string | null, on: string): Promise<readonly OverdueTotal[]> {
  return keptChargesRead(`overdue\u0000${branchId ?? ""}\u0000${on}`, FINANCE_TABLES, async () => {
    const params: Record<string, string> = { open: OPEN, today: on };
    const branchSql = branchId ? `AND "c"."branchId" = :branchId` : "";
    if (branchId) params.branchId = branchId;
    // The open charges past their due date (the index on status and due date), only what the list shows and the due rule reads.
    const rows = await selectRows<DueRow & Pick<ChargeRow, "id" | "code" | "guardianId" | "branchId" | "description">>(
      `SELECT "c"."id", "c"."code", "c"."guardianId", "c"."branchId", "c"."description", ${DUE_COLUMNS}
       ${DUE_FROM} WHERE "c"."status" = :open AND "c"."dueDate" < :today ${branchSql} ORDER BY "c"."dueDate", "c"."id"`,
      params,
    );
    const families = new Map<string, OverdueTotal>();
    for (const r of rows) {
      const due = dueToday(r, on).total;
      if (due <= 0) continue;
      const dueDate = dateOnly(r.dueDate);
      const family = families.get(r.guardianId) ?? { guardianId: r.guardianId, totalCents: 0, oldest: dueDate, charges: [] };
      family.totalCents += due;
      if (dueDate < family.oldest) family.oldest = dueDate;
      family.charges.push({
        id: r.id,
        code: r.code,
        branchId: r.branchId,
        description: r.description,
        dueDate,
        amountDue: centsToDecimal(due),
      });
      families.set(r.guardianId, family);
    }
    return [...families.values()].sort(
      (x, y) => y.totalCents - x.totalCents || x.oldest.localeCompare(y.oldest) || x.guardianId.localeCompare(y.guardianId),
    );
  });
}

async function withContacts(totals: readonly OverdueTotal[], on: string): Promise<OverdueFamilyDTO[]> {
  const contacts = await guardianContacts(totals.map((f) => f.guardianId));
  return totals.map((f) => {
    const daysLate = daysBetween(f.oldest, on);
    return {
      guardianId: f.guardianId,
      guardianName: contacts.get(f.guardianId)?.name ?? "",
      phone: contacts.get(f.guardianId)?.phone ?? null,
      total: centsToDecimal(f.totalCents),
      oldestDueDate: f.oldest,
      daysLate,
      bucket: ageingBucket(daysLate) as OverdueFamilyDTO["bucket"],
      charges: f.charges,
    };
  });
}

function overdueScope(actor: Actor | null, filter: { branchId?: string | null }): { branchId: string | null; valid: boolean } {
  const a = requireActor(actor);
  if (!isStaff(a)) throw new ForbiddenError();
  if (filter.branchId && !isUuid(filter.branchId)) return { branchId: null, valid: false };
  return { branchId: filter.branchId || null, valid: true };
}

/** GET /api/billing/overdue: families with charges open past their due date, the largest total due today first (`overdueTotals`). */
export async function overdueFamilies(actor: Actor | null, filter: { branchId?: string | null } = {}): Promise<OverdueFamilyDTO[]> {
  const { branchId, valid } = overdueScope(actor, filter);
  if (!valid) return [];
  const on = today();
  return withContacts(await overdueTotals(branchId, on), on);
}

/** One page of the overdue families (the 'Inadimplência' screen), with how many there are and what they owe in all. */
export async function overdueFamilyPage(
  actor: Actor | null,
  filter: { branchId?: string | null },
  page: { offset: number; limit: number },
): Promise<{ items: OverdueFamilyDTO[]; count: number; total: string }> {
  const { branchId, valid } = overdueScope(actor, filter);
  if (!valid) return { items: [], count: 0, total: centsToDecimal(0) };
  const on = today();
  const totals = await overdueTotals(branchId, on);
  return {
    items: await withContacts(totals.slice(page.offset, page.offset + page.limit), on),
    count: totals.length,
    total: centsToDecimal(totals.reduce((sum, f) => sum + f.totalCents, 0)),
  };
}

/** One family of the overdue list (its 'Cobrar no WhatsApp'), or null when it owes nothing overdue in the branch. */
export async function overdueFamily(
  actor: Actor | null,
  filter: { branchId?: string | null },
  guardianId: string,
): Promise<OverdueFamilyDTO | null> {
  const { branchId, valid } = overdueScope(actor, filter);
  if (!valid) return null;
  const on = today();
  const found = (await overdueTotals(branchId, on)).find((f) => f.guardianId === guardianId);
  return found ? (await withContacts([found], on))[0] : null;
}

/** GET /api/billing/summary: the month's expected, received, open and overdue amounts (Administrator). */
export async function billingSummary(
  actor: Actor | null,
  filter: { month?: string | null; branchId?: string | null },
): Promise<BillingSummaryDTO> {
  const a = requireActor(actor);
  if (!isStaff(a)) throw new ForbiddenError();
  const on = today();
  const month = filter.month ?? on.slice(0, 7);
  if (!isMonth(month)) throw new ValidationError({ month: [CHARGE_MONTH_INVALID] });
  const { first, last } = monthBounds(month);
  const params: Record<string, string> = { first, last, cancelled: CANCELLED_CHARGE, open: OPEN };
  let branchSql = "";
  let paymentBranchSql = "";
  if (filter.branchId) {
    branchSql = `AND "c"."branchId" = :branchId`;
    paymentBranchSql = `AND "pc"."branchId" = :branchId`;
    params.branchId = isUuid(filter.branchId) ? filter.branchId : "00000000-0000-0000-0000-000000000000";
  }
  const inMonth = `"c"."dueDate" >= :first AND "c"."dueDate" <= :last`;
  // The month's expected total is a sum; only its open charges are read, for what they are due today.
  // Kept like the overdue list (the dashboard reads it on every visit): until a charge, payment or
  // branch setting changes, or the day turns.
  const read = () =>
    Promise.all([
      selectRows<{ expected: number | string | null }>(
        `SELECT SUM("c"."amountCents") AS "expected" FROM "charges" AS "c" WHERE ${inMonth} AND "c"."status" <> :cancelled ${branchSql}`,
        params,
      ),
      selectRows<DueRow>(`SELECT ${DUE_COLUMNS} ${DUE_FROM} WHERE ${inMonth} AND "c"."status" = :open ${branchSql}`, params),
      selectRows<{ total: number | string | null }>(
        `SELECT SUM("p"."amountCents") AS "total" FROM "payments" AS "p" JOIN "charges" AS "pc" ON "pc"."id" = "p"."chargeId"
       WHERE "p"."reversedAt" IS NULL AND "p"."paidOn" >= :first AND "p"."paidOn" <= :last ${paymentBranchSql}`,
        params,
      ),
    ]);
  const [[sums], rows, [received]] = await keptChargesRead(
    `summary\u0000${month}\u0000${params.branchId ?? ""}\u0000${on}`,
    FINANCE_TABLES,
    read,
  );
  const expected = Number(sums?.expected ?? 0);
  let open = 0;
  let overdue = 0;
  for (const r of rows) {
    const due = dueToday(r, on).total;
    open += due;
    if (dateOnly(r.dueDate) < on) overdue += due;
  }
  return {
    month,
    expected: centsToDecimal(expected),
    received: centsToDecimal(Number(received?.total ?? 0)),
    open: centsToDecimal(open),
    overdue: centsToDecimal(overdue),
    overdueRate: expected > 0 ? divideHalfUp(overdue, expected, 4) : 0,
  };
}

// ---- The 'Financeiro' report (app/domain/reports) ----

/** The tables the finance figures are read from (their versions key a kept read: migration 0020). */
export const FINANCE_TABLES = ["charges", "payments", "billing_settings"] as const;

export interface FinanceFigures {
  /** Charges not 'Cancelada' with their due date in the span, per branch and due month ('AAAA-MM'). */
  expected: { branchId: string; month: string; cents: number; charges: number }[];
  /** Payments not reversed dated in the span, per branch (the charge's), month and method. */
  received: { branchId: string; month: string; method: string; cents: number; payments: number }[];
  /** Charges not 'Cancelada' due before `asOf` with something still due on `asOf`, per branch and ageing bucket (`ageingBucket`). */
  overdue: { branchId: string; bucket: AgeingBucket; cents: number; charges: number }[];
}

/**
 * The money of a span of days (`from`..`to`) and the overdue charges as of a
 * date (`asOf`), per branch (the charge's). What is overdue on `asOf` is what
 * `dueOn` gives on that date (fine and interest included, payments dated after
 * it left out), each charge in the bucket of its own days late. A cancelled
 * charge counts nowhere; a reversed payment neither.
 */
export async function financeFigures(span: { from: string; to: string; asOf: string }): Promise<FinanceFigures> {
  const params: Record<string, string> = {
    from: span.from,
    to: span.to,
    asOf: span.asOf,
    // A charge paid (in full) after `asOf` was still open on it.
    after: sqlTimestamp(dayStart(addDays(span.asOf, 1))),
    cancelled: CANCELLED_CHARGE,
    open: OPEN,
  };
  const [expected, received, open] = await Promise.all([
    selectRows<{ branchId: string; month: string; cents: number | string | null; n: number | string }>(
      `SELECT "c"."branchId", SUBSTR(CAST("c"."dueDate" AS TEXT), 1, 7) AS "month", SUM("c"."amountCents") AS "cents", COUNT(*) AS "n"
       FROM "charges" AS "c"
       WHERE "c"."dueDate" >= :from AND "c"."dueDate" <= :to AND "c"."status" <> :cancelled
       GROUP BY 1, 2`,
      params,
    ),
    selectRows<{ branchId: string; month: string; method: string; cents: number | string | null; n: number | string }>(
      `SELECT "c"."branchId", SUBSTR(CAST("p"."paidOn" AS TEXT), 1, 7) AS "month", "p"."method", SUM("p"."amountCents") AS "cents", COUNT(*) AS "n"
       FROM "payments" AS "p" JOIN "charges" AS "c" ON "c"."id" = "p"."chargeId"
       WHERE "p"."reversedAt" IS NULL AND "p"."paidOn" >= :from AND "p"."paidOn" <= :to
       GROUP BY 1, 2, 3`,
      params,
    ),
    selectRows<
      Pick<
        ChargeRow,
        "branchId" | "amountCents" | "dueDate" | "feesWaived" | "finePercent" | "monthlyInterestPercent" | "earlyCents" | "paidCents"
      >
    >(
      `SELECT "c"."branchId", "c"."amountCents", CAST("c"."dueDate" AS TEXT) AS "dueDate", "c"."feesWaived", "c"."finePercent", "c"."monthlyInterestPercent",
         (SELECT COALESCE(SUM("p"."amountCents"), 0) FROM "payments" AS "p" WHERE ${NOT_REVERSED} AND "p"."paidOn" <= "c"."dueDate") AS "earlyCents",
         (SELECT COALESCE(SUM("p"."amountCents"), 0) FROM "payments" AS "p" WHERE ${NOT_REVERSED} AND "p"."paidOn" <= :asOf) AS "paidCents"
       FROM "charges" AS "c"
       WHERE "c"."status" <> :cancelled AND "c"."dueDate" < :asOf
         AND ("c"."status" = :open OR "c"."paidAt" IS NULL OR "c"."paidAt" >= :after)`,
      params,
    ),
  ]);
  const buckets = new Map<string, FinanceFigures["overdue"][number]>();
  for (const r of open) {
    // Every payment summed here is dated on or before `asOf`.
    const due = dueFromSums({ ...termsOf(r), earlyCents: Number(r.earlyCents ?? 0), paidCents: Number(r.paidCents ?? 0) }, span.asOf);
    if (due.total <= 0) continue;
    const bucket = ageingBucket(daysBetween(dateOnly(r.dueDate), span.asOf));
    const key = `${r.branchId}|${bucket}`;
    const entry = buckets.get(key) ?? { branchId: r.branchId, bucket, cents: 0, charges: 0 };
    entry.cents += due.total;
    entry.charges += 1;
    buckets.set(key, entry);
  }
  return {
    expected: expected.map((r) => ({ branchId: r.branchId, month: r.month, cents: Number(r.cents ?? 0), charges: Number(r.n) })),
    received: received.map((r) => ({
      branchId: r.branchId,
      month: r.month,
      method: r.method,
      cents: Number(r.cents ?? 0),
      payments: Number(r.n),
    })),
    overdue: [...buckets.values()],
  };
}

export { PAID };
