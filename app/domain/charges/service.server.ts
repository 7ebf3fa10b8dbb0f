import { randomUUID } from "node:crypto";
import type { Transaction } from "sequelize";
import { BillingSettings, Charge, ChargeHistory, Counter, Payment } from "#db/models.ts";
import { currentAuditScope } from "#db/audit.ts";
import { dbDialect, transaction } from "~/platform/db.server";
import { assertAdmin, assertStaff, isAdmin, type Actor } from "../access/roles";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { isUuid, parseOrThrow } from "../validation";
import { dateInTimeZone, today } from "../calendar/dates";
import { dateOnly } from "../row-values.server";
import { branchExists } from "../branches/queries.server";
import { BRANCH_NOT_FOUND } from "../branches/schema";
import { guardianExists } from "../guardians/queries.server";
import { GUARDIAN_NOT_FOUND } from "../guardians/schema";
import { find as findStudent } from "../students/queries.server";
import { redactText, valuesPattern } from "~/lib/redact";
import { dueOn } from "./due";
import { bankRegistrations, followAtBank } from "./bank-link.server";
import { PAYEE_CITY_MAX, PAYEE_NAME_MAX, pixTextHasLetters } from "./pix.server";
import {
  chargeDTO,
  dueTermsOf,
  find,
  findPayment,
  findSettingsRow,
  firstMonthNotGenerated,
  futureChargesOfEnrollment,
  generationCandidates,
  type GenerationCandidate,
  getCharge,
  lockGeneration,
  settingsOf,
} from "./queries.server";
import {
  AMOUNT_OVER_DUE,
  BANK_ACTOR_NAME,
  BANK_PAYMENT_REFUND_ONLY,
  bankPaymentNote,
  REFUND_ALREADY_REQUESTED,
  REFUND_DONE,
  REFUND_FAILED,
  REFUND_IN_PROCESS,
  REFUND_NOT_BANK,
  billingSettingsSchema,
  CANCELLED_CHARGE,
  CHARGE_ALREADY_PAID,
  CHARGE_CANCELLED,
  CHARGE_HAS_PAYMENTS,
  earliestPaymentDate,
  ENROLLMENT_CANCELLED_REASON,
  generateSchema,
  oneOffChargeSchema,
  OPEN,
  PAID,
  PAID_ON_FUTURE,
  PAID_ON_TOO_OLD,
  PAID_ON_TOO_OLD_FOR_TEAM,
  PAYEE_CITY_INVALID,
  PAYEE_CITY_REQUIRED,
  PAYEE_NAME_INVALID,
  PAYEE_NAME_REQUIRED,
  PAYMENT_ALREADY_REVERSED,
  paymentSchema,
  reasonSchema,
  STUDENT_OTHER_FAMILY,
  type BillingSettingsDTO,
  type ChargeBankStatus,
  type ChargeDetailDTO,
  type ChargeDTO,
  type GenerationPreviewDTO,
  type GenerationResultDTO,
} from "./schema";
import { centsToDecimal, toHundredths } from "../money";
import { STUDENT_NOT_FOUND } from "../students/schema";

/**
 * The charges' commands (issue 28). Every command that changes a charge locks its
 * row first (FOR UPDATE on PostgreSQL; SQLite's IMMEDIATE transactions are
 * serialised by `transaction()`) and writes its history entry in the same
 * transaction. Administrator: settings, generation, one-off charges, waivers,
 * cancellations, reversals; Team also records payments (dated a week back at most).
 */

const CODE_COUNTER = "chargeCode";
const BATCH = 500;

/** Who acts, for a history entry: the request's user (its name as the audit trail knows it). */
function who(actor: Actor): { userId: string; userName: string | null } {
  const scope = currentAuditScope();
  return { userId: actor.id, userName: scope.userId === actor.id ? scope.userName : null };
}

/** The author of a history entry the bank caused (no user). */
const BANK = { userId: null, userName: BANK_ACTOR_NAME } as const;

async function writeHistory(
  entries: Array<{ chargeId: string; event: string; detail?: string | null }>,
  actor: Actor | null | typeof BANK,
  t: Transaction,
): Promise<void> {
  const by = actor === BANK ? BANK : actor && "id" in actor ? who(actor) : { userId: null, userName: null };
  // One command's entries of a charge keep their order (a payment, then 'Paga'): a millisecond apart.
  const at = Date.now();
  for (let i = 0; i < entries.length; i += BATCH) {
    await ChargeHistory.bulkCreate(
      entries.slice(i, i + BATCH).map((e, j) => ({
        chargeId: e.chargeId,
        event: e.event,
        detail: e.detail || null,
        ...by,
        createdAt: new Date(at + (entries.length > 1 && entries[0].chargeId === entries[entries.length - 1].chargeId ? i + j : 0)),
      })),
      { transaction: t },
    );
  }
}

/**
 * `count` consecutive charge numbers, inside the caller's transaction (the
 * counter row is locked by its update until commit): codes 'M0000123' for a
 * month's charges, 'A0000124' for one-off ones. The unique index on the code
 * is the backstop.
 */
async function reserveNumbers(count: number, t: Transaction): Promise<number> {
  await Counter.bulkCreate([{ name: CODE_COUNTER, value: 0 }], { ignoreDuplicates: true, transaction: t });
  await Counter.increment("value", { by: count, where: { name: CODE_COUNTER }, transaction: t });
  const counter = await Counter.findByPk(CODE_COUNTER, { transaction: t });
  return Number(counter?.value ?? count) - count + 1;
}

const code = (prefix: "M" | "A", n: number) => `${prefix}${String(n).padStart(7, "0")}`;

// ---- Billing settings ----

/**
 * PUT /api/branches/{id}/billing-settings (Administrator): absent fields keep
 * their value; a Pix key needs a payee's name and city, and a name or city
 * given (or used with a key) must keep letters once the BR Code strips its
 * accents and symbols (a code without them is refused by the banks' apps).
 */
export async function updateBillingSettings(actor: Actor | null, branchId: string, input: unknown): Promise<BillingSettingsDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(billingSettingsSchema, input);
  if (!isUuid(branchId) || !(await branchExists(branchId))) throw new NotFoundError(BRANCH_NOT_FOUND);
  await transaction(async (t) => {
    const row = await findSettingsRow(branchId, t);
    const current = await settingsOf(branchId, t);
    const next = {
      pixKey: data.pixKey !== undefined ? data.pixKey : current.pixKey,
      payeeName: data.payeeName !== undefined ? data.payeeName : current.payeeName,
      payeeCity: data.payeeCity !== undefined ? data.payeeCity : current.payeeCity,
      dueDay: data.dueDay ?? current.dueDay,
      finePercent: centsToDecimal(data.finePercent ?? toHundredths(current.finePercent)),
      monthlyInterestPercent: centsToDecimal(data.monthlyInterestPercent ?? toHundredths(current.monthlyInterestPercent)),
    };
    const errors: Record<string, string[]> = {};
    if (next.pixKey) {
      if (!next.payeeName) errors.payeeName = [PAYEE_NAME_REQUIRED];
      if (!next.payeeCity) errors.payeeCity = [PAYEE_CITY_REQUIRED];
    }
    const checked = (given: string | null | undefined) => Boolean(given) || Boolean(next.pixKey);
    if (!errors.payeeName && next.payeeName && checked(data.payeeName) && !pixTextHasLetters(next.payeeName, PAYEE_NAME_MAX)) {
      errors.payeeName = [PAYEE_NAME_INVALID];
    }
    if (!errors.payeeCity && next.payeeCity && checked(data.payeeCity) && !pixTextHasLetters(next.payeeCity, PAYEE_CITY_MAX)) {
      errors.payeeCity = [PAYEE_CITY_INVALID];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (row) await row.update(next, { transaction: t });
    else await BillingSettings.create({ branchId, ...next }, { transaction: t });
  });
  return settingsOf(branchId);
}

// ---- Charges ----

/** The branch's fee terms now, frozen on a charge issued now: later changes to the settings never re-price it. */
function frozenTerms(settings: BillingSettingsDTO): { finePercent: string; monthlyInterestPercent: string } {
  return {
    finePercent: centsToDecimal(toHundredths(settings.finePercent)),
    monthlyInterestPercent: centsToDecimal(toHundredths(settings.monthlyInterestPercent)),
  };
}

/** POST /api/charges (Administrator): a one-off charge (costume, festival) of a family. */
export async function createOneOffCharge(actor: Actor | null, input: unknown): Promise<ChargeDTO> {
  const a = assertAdmin(actor);
  const data = parseOrThrow(oneOffChargeSchema, input);
  const errors: Record<string, string[]> = {};
  if (!(await guardianExists(data.guardianId))) errors.guardianId = [GUARDIAN_NOT_FOUND];
  if (!(await branchExists(data.branchId))) errors.branchId = [BRANCH_NOT_FOUND];
  const studentId = data.studentId ? data.studentId : null;
  if (studentId) {
    const student = isUuid(studentId) ? await findStudent(studentId).catch(() => null) : null;
    if (!student) errors.studentId = [STUDENT_NOT_FOUND];
    else if (student.guardianId !== data.guardianId) errors.studentId = [STUDENT_OTHER_FAMILY];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const id = await transaction(async (t) => {
    const n = await reserveNumbers(1, t);
    const terms = await settingsOf(data.branchId, t);
    const fresh = { id: randomUUID(), code: code("A", n), branchId: data.branchId, guardianId: data.guardianId };
    const bank = (await bankRegistrations(t, [fresh])).get(fresh.id);
    const charge = await Charge.create(
      {
        id: fresh.id,
        code: fresh.code,
        guardianId: data.guardianId,
        studentId,
        enrollmentId: null,
        branchId: data.branchId,
        competence: null,
        description: data.description,
        amountCents: data.amount,
        dueDate: data.dueDate,
        status: OPEN,
        feesWaived: false,
        ...frozenTerms(terms),
        ...bank,
      },
      { transaction: t },
    );
    await writeHistory([{ chargeId: charge.id, event: "Criada", detail: data.description }], a, t);
    if (charge.bankTxid) await followAtBank(t, [charge.id]);
    return charge.id;
  });
  return chargeDTO(id);
}

/**
 * The month a generation's dialog proposes for a scope (one branch, or every
 * branch when null): the first month not yet generated (Administrator).
 */
export async function nextGenerationMonth(actor: Actor | null, input: { branchId?: unknown }): Promise<string> {
  assertAdmin(actor);
  const branchId = typeof input.branchId === "string" && input.branchId.trim() ? input.branchId.trim() : null;
  await assertBranch(branchId);
  return firstMonthNotGenerated(branchId, today().slice(0, 7));
}

function parseMonth(input: { month?: unknown; branchId?: unknown }): { month: string; branchId: string | null } {
  const data = parseOrThrow(generateSchema, input);
  const branchId = data.branchId ? data.branchId : null;
  return { month: data.month, branchId };
}

/** Zero is not a charge: an enrolment with a 100 % discount ('Bolsa integral: sem cobrança') gets none. */
function splitScholarships(candidates: GenerationCandidate[]): { items: GenerationCandidate[]; fullScholarships: GenerationCandidate[] } {
  return {
    items: candidates.filter((c) => c.amountCents > 0),
    fullScholarships: candidates.filter((c) => c.amountCents <= 0),
  };
}

async function assertBranch(branchId: string | null): Promise<void> {
  if (branchId && !(isUuid(branchId) && (await branchExists(branchId)))) throw new ValidationError({ branchId: [BRANCH_NOT_FOUND] });
}

/**
 * GET /api/charges/generate?month=&branchId= (Administrator): what generating
 * the month would create in the scope (the branch; every branch without one),
 * with one line per branch; nothing is written. Without a month, the scope's
 * first month not yet generated (`nextGenerationMonth`).
 */
export async function previewGeneration(
  actor: Actor | null,
  input: { month?: unknown; branchId?: unknown },
): Promise<GenerationPreviewDTO> {
  assertAdmin(actor);
  const given =
    input.month === undefined || input.month === null || input.month === ""
      ? { ...input, month: await nextGenerationMonth(actor, input) }
      : input;
  const { month, branchId } = parseMonth(given);
  await assertBranch(branchId);
  const { items: candidates } = await generationCandidates(month, branchId);
  const { items, fullScholarships } = splitScholarships(candidates);
  const total = items.reduce((sum, i) => sum + i.amountCents, 0);
  const shown = ({
    amountCents: _a,
    competence: _c,
    finePercent: _f,
    monthlyInterestPercent: _i,
    branchName: _b,
    ...item
  }: GenerationCandidate) => item;
  const byBranch = new Map<string, { branchId: string; branchName: string; count: number; cents: number }>();
  for (const i of items) {
    const line = byBranch.get(i.branchId) ?? { branchId: i.branchId, branchName: i.branchName, count: 0, cents: 0 };
    line.count += 1;
    line.cents += i.amountCents;
    byBranch.set(i.branchId, line);
  }
  return {
    month,
    branchId,
    count: items.length,
    total: centsToDecimal(total),
    branches: [...byBranch.values()]
      .sort((x, y) => x.branchName.localeCompare(y.branchName, "pt-BR") || x.branchId.localeCompare(y.branchId))
      .map(({ cents, ...line }) => ({ ...line, total: centsToDecimal(cents) })),
    items: items.map(shown),
    fullScholarships: fullScholarships.map(shown),
  };
}

/**
 * POST /api/charges/generate (Administrator): one charge per enrolment 'Ativa'
 * started by the month's end that has none for the month (none for a 100 %
 * discount: zero is not a charge). Runs of the same
 * month are serialised (`lockGeneration`) and the rows are inserted with
 * insert-or-skip on the unique (enrollmentId, competence): twice, or twice at
 * the same time, never makes a second charge. The enrolments are read in pages
 * of `pageSize` (by id) and each page's charges written before the next is
 * read, in the one transaction: memory stays flat on a large network.
 */
export async function generateCharges(
  actor: Actor | null,
  input: unknown,
  options: { pageSize?: number } = {},
): Promise<GenerationResultDTO> {
  const a = assertAdmin(actor);
  const { month, branchId } = parseMonth((input ?? {}) as Record<string, unknown>);
  await assertBranch(branchId);
  const dialect = await dbDialect();
  return transaction(async (t) => {
    await lockGeneration(month, t, dialect);
    // In pages of enrolments (keyset on the id): a franchise's 45,000 charges never sit in memory at once.
    let after: string | null = null;
    let created = 0;
    let skipped = 0;
    let total = 0;
    for (;;) {
      const page = await generationCandidates(month, branchId, t, { after, limit: options.pageSize ?? GENERATION_PAGE });
      skipped += page.skipped;
      const { items } = splitScholarships(page.items);
      total += items.reduce((sum, i) => sum + i.amountCents, 0);
      if (items.length) created += await insertMonthCharges(items, month, a, t);
      if (page.last === null) break;
      after = page.last;
    }
    return { month, branchId, created, skipped, total: centsToDecimal(total) };
  });
}

/** Enrolments read per page of a month's generation. */
const GENERATION_PAGE = 2000;

/** One page of a month's charges: numbered, inserted (insert-or-skip), each with its 'Criada' entry. */
async function insertMonthCharges(items: GenerationCandidate[], month: string, actor: Actor, t: Transaction): Promise<number> {
  const first = await reserveNumbers(items.length, t);
  let created = 0;
  for (let i = 0; i < items.length; i += BATCH) {
    const rows = items.slice(i, i + BATCH).map((item, j) => ({
      id: randomUUID(),
      code: code("M", first + i + j),
      guardianId: item.guardianId,
      studentId: item.studentId,
      enrollmentId: item.enrollmentId,
      branchId: item.branchId,
      competence: month,
      description: item.description,
      amountCents: item.amountCents,
      dueDate: item.dueDate,
      status: OPEN,
      feesWaived: false,
      finePercent: item.finePercent,
      monthlyInterestPercent: item.monthlyInterestPercent,
    }));
    // Registered at the bank when the branch has a connection: the columns go in with the row, the jobs (one per page) after commit.
    const bank = await bankRegistrations(t, rows);
    const charges = await Charge.bulkCreate(
      rows.map((row) => ({ ...row, ...bank.get(row.id) })),
      { transaction: t, ignoreDuplicates: true },
    );
    await writeHistory(
      charges.map((c) => ({ chargeId: c.id, event: "Criada", detail: c.description })),
      actor,
      t,
    );
    await followAtBank(
      t,
      charges.filter((c) => c.bankTxid).map((c) => c.id),
    );
    created += charges.length;
  }
  return created;
}

/** A charge that may still take a payment, a waiver or a cancellation: 409 when paid or cancelled. */
function assertOpen(charge: Charge): void {
  if (charge.status === PAID) throw new ConflictError(CHARGE_ALREADY_PAID);
  if (charge.status === CANCELLED_CHARGE) throw new ConflictError(CHARGE_CANCELLED);
}

/** Marks the charge 'Paga' when its payments reach what is due on the last payment's date. */
async function settle(charge: Charge, t: Transaction): Promise<boolean> {
  const terms = await dueTermsOf(charge, t);
  if (terms.payments.length === 0) return false;
  const last = terms.payments.reduce((max, p) => (p.paidOn > max ? p.paidOn : max), terms.payments[0].paidOn);
  if (dueOn(terms, last).total > 0) return false;
  await charge.update({ status: PAID, paidAt: new Date() }, { transaction: t });
  return true;
}

/**
 * POST /api/charges/{id}/payments (Team and Administrator): a payment, partial
 * or whole, dated today or before (the school's time zone), of at most what
 * is due on its date. A date in the past waives the fees of the days between,
 * so it is bounded (`earliestPaymentDate`): Team, 7 days back; the
 * Administrator, 60 days before the charge was created (never before
 * 2000-01-01). The charge becomes 'Paga' when they add up.
 */
export async function recordPayment(actor: Actor | null, chargeId: string, input: unknown): Promise<ChargeDetailDTO> {
  const a = assertStaff(actor);
  const current = await getCharge(a, chargeId);
  const data = parseOrThrow(paymentSchema, input);
  const on = today();
  if (data.paidOn > on) throw new ValidationError({ paidOn: [PAID_ON_FUTURE] });
  const admin = isAdmin(a);
  if (data.paidOn < earliestPaymentDate(admin, dateInTimeZone(new Date(current.createdAt)), on)) {
    throw new ValidationError({ paidOn: [admin ? PAID_ON_TOO_OLD : PAID_ON_TOO_OLD_FOR_TEAM] });
  }
  await transaction(async (t) => {
    const charge = await find(chargeId, t);
    assertOpen(charge);
    const terms = await dueTermsOf(charge, t);
    const later = terms.payments.filter((p) => p.paidOn > data.paidOn).reduce((sum, p) => sum + p.amountCents, 0);
    const due = dueOn(terms, data.paidOn).total - later;
    if (data.amount > due) throw new ValidationError({ amount: [AMOUNT_OVER_DUE] });
    await Payment.create(
      {
        chargeId: charge.id,
        amountCents: data.amount,
        paidOn: data.paidOn,
        method: data.method,
        note: data.note,
        createdById: a.id,
      },
      { transaction: t },
    );
    const entries = [
      { chargeId: charge.id, event: "Pagamento registrado", detail: `${data.method}: R$ ${centsToDecimal(data.amount)} em ${data.paidOn}` },
    ];
    if (await settle(charge, t)) entries.push({ chargeId: charge.id, event: "Paga", detail: "" });
    await writeHistory(entries, a, t);
    if (charge.bankTxid) await followAtBank(t, [charge.id]);
  });
  return getCharge(a, chargeId);
}

/** POST /api/payments/{id}/reverse (Administrator): the payment no longer counts; a paid charge opens again. */
export async function reversePayment(actor: Actor | null, paymentId: string, input: unknown): Promise<ChargeDetailDTO> {
  const a = assertAdmin(actor);
  const data = parseOrThrow(reasonSchema, input);
  const chargeId = await transaction(async (t) => {
    const payment = await findPayment(paymentId, t);
    const charge = await find(payment.chargeId, t);
    if (payment.reversedAt) throw new ConflictError(PAYMENT_ALREADY_REVERSED);
    if (payment.source === "bank") throw new ConflictError(BANK_PAYMENT_REFUND_ONLY);
    await payment.update({ reversedAt: new Date(), reversedById: a.id, reverseReason: data.reason }, { transaction: t });
    await reopenUnlessSettled(charge, t);
    await writeHistory(
      [
        {
          chargeId: charge.id,
          event: "Pagamento estornado",
          detail: `R$ ${centsToDecimal(Number(payment.amountCents))} de ${dateOnly(payment.paidOn)}: ${data.reason}`,
        },
      ],
      a,
      t,
    );
    if (charge.bankTxid) await followAtBank(t, [charge.id]);
    return charge.id;
  });
  return getCharge(a, chargeId);
}

/**
 * A paid charge one of whose payments no longer counts: open again, unless the
 * payments left still settle it (a charge paid by hand and by Pix, one of them undone).
 */
async function reopenUnlessSettled(charge: Charge, t: Transaction): Promise<void> {
  if (charge.status !== PAID) return;
  const terms = await dueTermsOf(charge, t);
  const last = terms.payments.reduce((max, p) => (p.paidOn > max ? p.paidOn : max), "");
  if (terms.payments.length > 0 && dueOn(terms, last).total === 0) return;
  await charge.update({ status: OPEN, paidAt: null }, { transaction: t });
}

// ---- Money received from the bank (issue 42) ----

/** A Pix as the bank confirmed it: its id, amount in cents, when it was paid and the payer's message. */
export interface BankPix {
  endToEndId: string;
  valorCents: number;
  horario: Date;
  infoPagador?: string | null;
}

export interface BankPaymentOutcome {
  paymentId: string;
  /** False when this Pix was already recorded (the same endToEndId: a repeated webhook, a reconciliation after it). */
  created: boolean;
  /** What the Pix paid beyond what was due on its date (0 when none), in cents. */
  excessCents: number;
  /** The charge was already 'Paga' (by hand) when the Pix arrived. */
  alreadyPaid: boolean;
}

/**
 * Records a Pix the bank confirmed as a payment of the charge, inside the
 * caller's transaction (the charge locked first): method 'Pix', its amount,
 * `paidOn` its date in the school's time zone, source 'bank', by 'Banco' (no
 * user) or, for a Pix linked on the 'Conciliação' screen, by that user. One
 * payment per endToEndId: a second call returns the first. Money received is
 * never refused: a Pix over what is due, on a charge already paid or cancelled,
 * is recorded, settles what it can (the same `settle` as a payment typed by
 * hand) and its excess is returned ('Pago a maior' in the history).
 */
export async function recordBankPayment(
  t: Transaction,
  chargeId: string,
  pix: BankPix,
  linkedBy: Actor | null = null,
): Promise<BankPaymentOutcome> {
  const charge = await find(chargeId, t);
  const existing = await Payment.findOne({ where: { endToEndId: pix.endToEndId }, transaction: t });
  if (existing) return { paymentId: existing.id, created: false, excessCents: 0, alreadyPaid: charge.status === PAID };
  const paidOn = dateInTimeZone(pix.horario);
  const alreadyPaid = charge.status === PAID;
  let due = 0;
  if (charge.status === OPEN) {
    const terms = await dueTermsOf(charge, t);
    const later = terms.payments.filter((p) => p.paidOn > paidOn).reduce((sum, p) => sum + p.amountCents, 0);
    due = Math.max(0, dueOn(terms, paidOn).total - later);
  }
  const excessCents = Math.max(0, pix.valorCents - due);
  const payment = await Payment.create(
    {
      chargeId: charge.id,
      amountCents: pix.valorCents,
      paidOn,
      method: "Pix",
      note: bankPaymentNote(pix.endToEndId),
      createdById: linkedBy?.id ?? null,
      source: "bank",
      endToEndId: pix.endToEndId,
    },
    { transaction: t },
  );
  const entries = [
    {
      chargeId: charge.id,
      event: "Pix recebido pelo banco",
      detail: `Pix: R$ ${centsToDecimal(pix.valorCents)} em ${paidOn} (E2E ${pix.endToEndId})`,
    },
  ];
  if (charge.status === OPEN && (await settle(charge, t))) entries.push({ chargeId: charge.id, event: "Paga", detail: "" });
  if (excessCents > 0)
    entries.push({ chargeId: charge.id, event: "Pago a maior", detail: `R$ ${centsToDecimal(excessCents)} além do devido` });
  await writeHistory(entries, linkedBy ?? BANK, t);
  // A Pix linked by hand paid a charge whose own `cobv` was not the one paid: the bank follows (revised or removed).
  if (linkedBy && charge.bankTxid) await followAtBank(t, [charge.id]);
  return { paymentId: payment.id, created: true, excessCents, alreadyPaid };
}

/**
 * 'Devolver o Pix' asked (inside the caller's transaction, before the bank is
 * told): the bank payment, not reversed and with no refund under way or done,
 * keeps the refund's id and reason ('EM_PROCESSAMENTO'); 'Devolução solicitada'
 * enters the charge's history. Returns what the bank's refund needs.
 */
export async function markRefundRequested(
  actor: Actor | null,
  paymentId: string,
  refund: { id: string; reason: string },
  t: Transaction,
): Promise<{ endToEndId: string; amountCents: number; chargeId: string }> {
  const a = assertAdmin(actor);
  const payment = await findPayment(paymentId, t);
  await find(payment.chargeId, t);
  if (payment.source !== "bank" || !payment.endToEndId) throw new ConflictError(REFUND_NOT_BANK);
  if (payment.reversedAt) throw new ConflictError(PAYMENT_ALREADY_REVERSED);
  if (payment.refundStatus === REFUND_IN_PROCESS || payment.refundStatus === REFUND_DONE) throw new ConflictError(REFUND_ALREADY_REQUESTED);
  await payment.update({ refundId: refund.id, refundStatus: REFUND_IN_PROCESS, refundReason: refund.reason }, { transaction: t });
  await writeHistory(
    [
      {
        chargeId: payment.chargeId,
        event: "Devolução solicitada",
        detail: `R$ ${centsToDecimal(Number(payment.amountCents))}: ${refund.reason}`,
      },
    ],
    a,
    t,
  );
  return { endToEndId: payment.endToEndId, amountCents: Number(payment.amountCents), chargeId: payment.chargeId };
}

/**
 * The bank's final word on a refund (inside the caller's transaction), once:
 * 'DEVOLVIDO' reverses the payment with the refund's reason (the charge opens
 * again unless its other payments settle it); 'NAO_REALIZADO' keeps it, marked
 * 'Devolução não realizada'. Both by 'Banco'. False when there was nothing to
 * settle (another refund id, or already final).
 */
export async function settleRefund(t: Transaction, paymentId: string, refundId: string, status: string): Promise<boolean> {
  if (status !== REFUND_DONE && status !== REFUND_FAILED) return false;
  const payment = await findPayment(paymentId, t);
  const charge = await find(payment.chargeId, t);
  if (payment.refundId !== refundId || payment.refundStatus !== REFUND_IN_PROCESS) return false;
  const amount = `R$ ${centsToDecimal(Number(payment.amountCents))}`;
  if (status === REFUND_FAILED) {
    await payment.update({ refundStatus: REFUND_FAILED }, { transaction: t });
    await writeHistory([{ chargeId: charge.id, event: "Devolução não realizada", detail: amount }], BANK, t);
    return true;
  }
  await payment.update(
    { refundStatus: REFUND_DONE, reversedAt: new Date(), reversedById: null, reverseReason: payment.refundReason },
    { transaction: t },
  );
  await reopenUnlessSettled(charge, t);
  await writeHistory(
    [
      {
        chargeId: charge.id,
        event: "Pagamento estornado",
        detail: `${amount} de ${dateOnly(payment.paidOn)}: devolvido pelo banco: ${payment.refundReason ?? ""}`,
      },
    ],
    BANK,
    t,
  );
  return true;
}

/** POST /api/charges/{id}/waive (Administrator): no fine nor interest on the charge; paid already without them, it is 'Paga'. */
export async function waiveFees(actor: Actor | null, chargeId: string, input: unknown): Promise<ChargeDetailDTO> {
  const a = assertAdmin(actor);
  const data = parseOrThrow(reasonSchema, input);
  await transaction(async (t) => {
    const charge = await find(chargeId, t);
    assertOpen(charge);
    await charge.update({ feesWaived: true, waiveReason: data.reason }, { transaction: t });
    const entries = [{ chargeId: charge.id, event: "Multa e juros dispensados", detail: data.reason }];
    if (await settle(charge, t)) entries.push({ chargeId: charge.id, event: "Paga", detail: "" });
    await writeHistory(entries, a, t);
    if (charge.bankTxid) await followAtBank(t, [charge.id]);
  });
  return getCharge(a, chargeId);
}

/** POST /api/charges/{id}/cancel (Administrator): an open charge without payments (reverse them first). */
export async function cancelCharge(actor: Actor | null, chargeId: string, input: unknown): Promise<ChargeDetailDTO> {
  const a = assertAdmin(actor);
  const data = parseOrThrow(reasonSchema, input);
  await transaction(async (t) => {
    const charge = await find(chargeId, t);
    assertOpen(charge);
    const terms = await dueTermsOf(charge, t);
    if (terms.payments.length > 0) throw new ConflictError(CHARGE_HAS_PAYMENTS);
    await charge.update({ status: CANCELLED_CHARGE, cancelReason: data.reason }, { transaction: t });
    await writeHistory([{ chargeId: charge.id, event: "Cancelada", detail: data.reason }], a, t);
    if (charge.bankTxid) await followAtBank(t, [charge.id]);
  });
  return getCharge(a, chargeId);
}

/**
 * An enrolment cancelled on `on` (inside its transaction): its open charges due
 * after that date with no payment are cancelled ('Matrícula cancelada').
 */
export async function cancelFutureCharges(actor: Actor | null, enrollmentId: string, on: string, t: Transaction): Promise<number> {
  const charges = await futureChargesOfEnrollment(enrollmentId, on, t);
  for (const charge of charges) {
    await charge.update({ status: CANCELLED_CHARGE, cancelReason: ENROLLMENT_CANCELLED_REASON }, { transaction: t });
  }
  await writeHistory(
    charges.map((c) => ({ chargeId: c.id, event: "Cancelada", detail: ENROLLMENT_CANCELLED_REASON })),
    actor,
    t,
  );
  await followAtBank(
    t,
    charges.filter((c) => c.bankTxid).map((c) => c.id),
  );
  return charges.length;
}

/** A charge's `cobv` as the bank last answered (or the last error): what the bank module's jobs record. */
export interface BankState {
  bankStatus?: ChargeBankStatus | null;
  bankRevision?: number | null;
  bankLocation?: string | null;
  bankCopyPaste?: string | null;
  bankError?: string | null;
}

/** Records what the bank answered for each charge (one transaction; the bank's, with no user). */
export async function recordBankStates(states: ReadonlyArray<{ id: string; state: BankState }>): Promise<void> {
  if (!states.length) return;
  await transaction(async (t) => {
    const rows = await Charge.findAll({
      where: { id: states.map((s) => s.id) },
      transaction: t,
      lock: t.LOCK.UPDATE,
    });
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { id, state } of states) {
      const charge = byId.get(id);
      if (!charge) continue;
      const changed = Object.fromEntries(Object.entries(state).filter(([k, v]) => v !== undefined && charge.get(k) !== v));
      if (Object.keys(changed).length) await charge.update(changed, { transaction: t });
    }
  });
}

/** The longest text each column holds (0018-billing). */
const TEXT_LIMITS = { description: 200, waiveReason: 500, cancelReason: 500, note: 500, reverseReason: 500, detail: 500 } as const;

function scrubbed(text: string | null, pattern: RegExp | null, replacement: string, limit: number): string | null {
  if (text === null) return null;
  return redactText(text, pattern, replacement).slice(0, limit);
}

/**
 * A family anonymised (family/lgpd/service.server.ts), inside its transaction:
 * its charges keep their amounts, dates and statuses, but their texts (the
 * description, the waive and cancel reasons, the payments' notes and reverse
 * reasons, the history's details) lose every one of the family's `values`
 * (names, CPFs, phones, e-mails), and a history entry its own user wrote loses
 * that user's name. Through the models, so each change has its audit entry.
 */
export async function scrubFamilyCharges(
  chargeIds: readonly string[],
  redaction: { values: readonly string[]; replacement: string; userIds: readonly string[]; userName: string },
  t: Transaction,
): Promise<void> {
  if (!chargeIds.length) return;
  const pattern = valuesPattern(redaction.values);
  const ids = [...chargeIds];
  const changed = <T extends object>(row: T, next: Partial<T>) =>
    Object.fromEntries(Object.entries(next).filter(([k, v]) => row[k as keyof T] !== v)) as Partial<T>;
  for (const charge of await Charge.findAll({ where: { id: ids }, order: [["id", "ASC"]], transaction: t })) {
    const next = changed(charge, {
      description: scrubbed(charge.description, pattern, redaction.replacement, TEXT_LIMITS.description) ?? charge.description,
      waiveReason: scrubbed(charge.waiveReason, pattern, redaction.replacement, TEXT_LIMITS.waiveReason),
      cancelReason: scrubbed(charge.cancelReason, pattern, redaction.replacement, TEXT_LIMITS.cancelReason),
    });
    if (Object.keys(next).length) await charge.update(next, { transaction: t });
  }
  for (const payment of await Payment.findAll({ where: { chargeId: ids }, order: [["id", "ASC"]], transaction: t })) {
    const next = changed(payment, {
      note: scrubbed(payment.note, pattern, redaction.replacement, TEXT_LIMITS.note),
      reverseReason: scrubbed(payment.reverseReason, pattern, redaction.replacement, TEXT_LIMITS.reverseReason),
    });
    if (Object.keys(next).length) await payment.update(next, { transaction: t });
  }
  const familyUsers = new Set(redaction.userIds);
  for (const entry of await ChargeHistory.findAll({ where: { chargeId: ids }, order: [["id", "ASC"]], transaction: t })) {
    const next = changed(entry, {
      detail: scrubbed(entry.detail, pattern, redaction.replacement, TEXT_LIMITS.detail),
      ...(entry.userId && familyUsers.has(entry.userId) ? { userName: redaction.userName } : {}),
    });
    if (Object.keys(next).length) await entry.update(next, { transaction: t });
  }
}
