import { randomUUID } from "node:crypto";
import { QueryTypes, type Sequelize, type Transaction } from "sequelize";
import { BillingSettings, Charge, Counter, Payment } from "../models.ts";
import { notSunday } from "../../app/domain/calendar/dates.ts";
import { bulkInsert } from "./bulk-insert.ts";

/**
 * Charges for the seeds (the demo's three months, the benchmark's twelve):
 * one per active enrolment and month, on the branch's due day 10, the offer's
 * value; most are paid (on or a few days after the due date, mostly by Pix),
 * some are late, the rest of the current month open. Written straight into the
 * tables the money module owns (app/domain/charges), as a seed does, with a
 * deterministic random sequence.
 */
export interface ChargeSeedOptions {
  months: string[];
  /** Today (YYYY-MM-DD): charges due after it stay open. */
  today: string;
  /** Share of past charges left unpaid (late). */
  lateShare: number;
  transaction?: Transaction;
  /** Write through the models' hooks (the audit trail) or not (the benchmark's bulk load). */
  hooks: boolean;
  batch?: number;
  /** Write as they are made, in multi-row INSERTs without hooks (bulk-insert.ts): the benchmark networks. */
  bulk?: boolean;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const METHODS = ["Pix", "Pix", "Pix", "Cartão", "Dinheiro", "Transferência", "Boleto"];

export async function seedCharges(sequelize: Sequelize, options: ChargeSeedOptions): Promise<{ charges: number; payments: number }> {
  const t = options.transaction;
  const rand = rng(20261126);
  const rows = (await sequelize.query(
    `SELECT "e"."id" AS "enrollmentId", "e"."studentId", "s"."guardianId", "cl"."branchId", "co"."name" AS "courseName", "o"."monthlyValue"
     FROM "enrollments" AS "e"
     JOIN "students" AS "s" ON "s"."id" = "e"."studentId"
     JOIN "classes" AS "cl" ON "cl"."id" = "e"."classId"
     JOIN "courses" AS "co" ON "co"."id" = "cl"."courseId"
     JOIN "offers" AS "o" ON "o"."id" = "e"."offerId"
     WHERE "e"."status" = 'Ativa' ORDER BY "e"."id"`,
    { type: QueryTypes.SELECT, transaction: t },
  )) as Array<{
    enrollmentId: string;
    studentId: string;
    guardianId: string;
    branchId: string;
    courseName: string;
    monthlyValue: string | number;
  }>;
  const now = new Date();
  let number = 0;
  let charges: Array<Record<string, unknown>> = [];
  let payments: Array<Record<string, unknown>> = [];
  const size = options.batch ?? 1000;
  const counts = { charges: 0, payments: 0 };
  // In bulk, each batch of charges (then its payments) is written as soon as it is made: memory stays flat.
  const writeBatch = async (transaction: Transaction) => {
    if (options.bulk) {
      await bulkInsert(sequelize, Charge, charges, transaction);
      await bulkInsert(sequelize, Payment, payments, transaction);
    } else {
      for (let i = 0; i < charges.length; i += size) {
        await Charge.bulkCreate(charges.slice(i, i + size), { transaction, hooks: options.hooks, validate: false });
      }
      for (let i = 0; i < payments.length; i += size) {
        await Payment.bulkCreate(payments.slice(i, i + size), { transaction, hooks: options.hooks, validate: false });
      }
    }
    counts.charges += charges.length;
    counts.payments += payments.length;
    charges = [];
    payments = [];
  };
  const write = async (transaction: Transaction) => {
    for (const month of options.months) {
      // The 10th, or the Monday after when it falls on a Sunday (the schools are closed).
      const dueDate = notSunday(`${month}-10`);
      const [y, m] = month.split("-");
      for (const r of rows) {
        const id = randomUUID();
        const amountCents = Math.round(Number(r.monthlyValue) * 100);
        const past = dueDate < options.today;
        const paid = past && rand() >= options.lateShare;
        // Paid around the due date, never after today nor on a Sunday.
        const drawnOn = paid ? addDaysTo(dueDate, Math.floor(rand() * 6) - 2) : null;
        const paidOn = drawnOn ? notSunday(drawnOn > options.today ? options.today : drawnOn, -1) : null;
        number++;
        charges.push({
          id,
          code: `M${String(number).padStart(7, "0")}`,
          guardianId: r.guardianId,
          studentId: r.studentId,
          enrollmentId: r.enrollmentId,
          branchId: r.branchId,
          competence: month,
          description: `Mensalidade ${m}/${y} — ${r.courseName}`,
          amountCents,
          dueDate,
          status: paid ? "Paga" : "Aberta",
          paidAt: paid ? new Date(`${paidOn}T15:00:00Z`) : null,
          feesWaived: false,
          createdAt: now,
          updatedAt: now,
        });
        if (paid) {
          payments.push({
            chargeId: id,
            amountCents: paidOn! > dueDate ? amountCents + Math.round(amountCents * 0.02) : amountCents,
            paidOn,
            method: METHODS[Math.floor(rand() * METHODS.length)],
            note: null,
            createdAt: now,
            updatedAt: now,
          });
        }
        if (options.bulk && charges.length >= 20_000) await writeBatch(transaction);
      }
    }
    await writeBatch(transaction);
    await Counter.bulkCreate([{ name: "chargeCode", value: number }], { transaction, updateOnDuplicate: ["value"] });
  };
  if (t) await write(t);
  else await sequelize.transaction((transaction) => write(transaction));
  return counts;
}

/** Every branch gets billing settings (the first one a Pix key). */
export async function seedBillingSettings(branchIds: string[], transaction?: Transaction): Promise<void> {
  for (const [i, branchId] of branchIds.entries()) {
    await BillingSettings.create(
      {
        branchId,
        pixKey: i === 0 ? "financeiro@escoladedanca.com.br" : null,
        payeeName: i === 0 ? "Escola de Dança" : null,
        payeeCity: i === 0 ? "São Paulo" : null,
        dueDay: 10,
        finePercent: 2,
        monthlyInterestPercent: 1,
      },
      { transaction },
    );
  }
}

function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
