import { addDays } from "../calendar/dates";

/**
 * A charge's words that screens show without validating anything: its status words, the
 * payment methods, the "no charge" of a full scholarship and the payment dates' window.
 * No zod here (schema.ts re-exports them), so a screen that only lists charges does not
 * download zod.
 */

export const CHARGE_STATUSES = ["Aberta", "Paga", "Cancelada"] as const;
export const OPEN = "Aberta";
export const PAID = "Paga";
export const CANCELLED_CHARGE = "Cancelada";
/** A list filter, not a stored status: 'Aberta' and due before today. */
export const OVERDUE = "Vencida";
export const CHARGE_FILTER_STATUSES = [OPEN, OVERDUE, PAID, CANCELLED_CHARGE] as const;

export const PAYMENT_METHODS = ["Pix", "Dinheiro", "Cartão", "Transferência", "Boleto"] as const;

export const FULL_SCHOLARSHIP = "Bolsa integral: sem cobrança";

/**
 * How far back a payment may be dated (a back-dated payment waives the fine
 * and interest of the days between): Team, a week; the Administrator, up to
 * 60 days before the charge was created, never before 2000-01-01.
 */
export const TEAM_BACKDATE_DAYS = 7;
export const ADMIN_BACKDATE_DAYS = 60;
export const EARLIEST_PAYMENT_DATE = "2000-01-01";

/** The earliest date a payment of a charge created on `createdOn` may carry, for Team or the Administrator, on the school's day `on`. */
export function earliestPaymentDate(admin: boolean, createdOn: string, on: string): string {
  if (!admin) return addDays(on, -TEAM_BACKDATE_DAYS);
  const fromCharge = addDays(createdOn, -ADMIN_BACKDATE_DAYS);
  return fromCharge > EARLIEST_PAYMENT_DATE ? fromCharge : EARLIEST_PAYMENT_DATE;
}
