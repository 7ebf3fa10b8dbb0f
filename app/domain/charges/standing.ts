import { daysBetween } from "../calendar/dates";
import { CANCELLED_CHARGE, OPEN, OVERDUE, PAID } from "./words";
import { toCents } from "../money";

/** An open charge something was paid on, but not all. */
export const PARTIAL = "Parcial";

export type StandingLabel = typeof OPEN | typeof PAID | typeof OVERDUE | typeof PARTIAL | typeof CANCELLED_CHARGE;

/** What a charges list shows of a charge: its status in words and, when overdue, how many days late. */
export interface Standing {
  label: StandingLabel;
  /** Days since the due date (the school's calendar) of an overdue charge; null otherwise. */
  daysLate: number | null;
}

/**
 * A charge's standing on a day: 'Paga', 'Cancelada'; an open one past its due
 * date is 'Vencida' N days late (late wins over partly paid: it is what the
 * family must act on); an open one with payments is 'Parcial'; else 'Aberta'.
 */
export function chargeStanding(c: { status: string; dueDate: string; paid: string }, on: string): Standing {
  if (c.status === PAID) return { label: PAID, daysLate: null };
  if (c.status !== OPEN) return { label: CANCELLED_CHARGE, daysLate: null };
  if (c.dueDate < on) return { label: OVERDUE, daysLate: daysBetween(c.dueDate, on) };
  if ((toCents(c.paid) ?? 0) > 0) return { label: PARTIAL, daysLate: null };
  return { label: OPEN, daysLate: null };
}

/** 'há 1 dia', 'há 12 dias'. */
export function daysLateLabel(days: number): string {
  return days === 1 ? "há 1 dia" : `há ${days} dias`;
}
