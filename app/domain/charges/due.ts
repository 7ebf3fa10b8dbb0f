import { daysBetween } from "../calendar/dates";
import { percentOfCents } from "../money";

/**
 * What a charge is due on a date (Brazilian consumer law: a fine of at most 2 %,
 * once; interest of at most 1 % a month, simple, pro rata by day), in cents.
 * `P` is the amount less the payments dated on or before the due date; after
 * the due date and unless the fees are waived, fine = P × fine % and
 * interest = P × monthly interest % × days late / 30, each rounded half up to
 * the cent; due = amount + fine + interest − the payments up to the date,
 * never below zero. Percentages come in hundredths (2 % = 200).
 */
export interface DueTerms {
  amountCents: number;
  dueDate: string;
  feesWaived: boolean;
  fineHundredths: number;
  interestHundredths: number;
  /** The charge's payments that are not reversed. */
  payments: ReadonlyArray<{ amountCents: number; paidOn: string }>;
}

export interface Due {
  principal: number;
  fine: number;
  interest: number;
  paid: number;
  total: number;
}

export function dueOn(terms: DueTerms, date: string): Due {
  let early = 0;
  let paid = 0;
  for (const p of terms.payments) {
    if (p.paidOn <= terms.dueDate) early += p.amountCents;
    if (p.paidOn <= date) paid += p.amountCents;
  }
  const principal = Math.max(0, terms.amountCents - early);
  let fine = 0;
  let interest = 0;
  if (date > terms.dueDate && !terms.feesWaived && principal > 0) {
    fine = percentOfCents(principal, terms.fineHundredths);
    interest = percentOfCents(principal, terms.interestHundredths, daysBetween(terms.dueDate, date), 30);
  }
  return { principal, fine, interest, paid, total: Math.max(0, terms.amountCents + fine + interest - paid) };
}

/**
 * The same, from sums already added up by the database: `earlyCents` (paid on
 * or before the due date) and `paidCents` (every payment not reversed, all of
 * them on or before `date`, e.g. today: no payment is dated in the future).
 */
export function dueFromSums(terms: Omit<DueTerms, "payments"> & { earlyCents: number; paidCents: number }, date: string): Due {
  return dueOn(
    {
      ...terms,
      payments: [
        { amountCents: terms.earlyCents, paidOn: date < terms.dueDate ? date : terms.dueDate },
        { amountCents: terms.paidCents - terms.earlyCents, paidOn: date },
      ],
    },
    date,
  );
}
