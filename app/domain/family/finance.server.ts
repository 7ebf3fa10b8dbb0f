import type { Actor } from "../access/roles";
import { NotFoundError } from "../errors";
import { addDays, today } from "../calendar/dates";
import { chargePage } from "../charges/queries.server";
import { OPEN, type ChargeDTO } from "../charges/schema";
import { centsToDecimal, toCents } from "../money";
import { studentEnrollmentDetails } from "../enrollments/queries.server";
import { familyGuardianId } from "../access/queries.server";
import { FAMILY_NOT_FOUND } from "../access/family-scope";
import { DUE_SOON_DAYS, type FamilyChargeDTO, type FamilyFinanceDTO } from "./schema";

/** How many charges the family's 'Financeiro' reads: every open one comes first (see `chargePage`'s `openFirst`). */
const FAMILY_CHARGES = 200;

/**
 * The family's 'Financeiro' (the screen and GET /api/family/finance), read
 * through the charges' own queries with the Client's scope: 'Vencido' (open,
 * due before today, the oldest first), 'A vencer' (open, due today or later,
 * the nearest first) and 'Histórico' (paid and cancelled, the latest first).
 * What is due today counts the overdue charges and those due today only, with
 * their fine and interest; a charge due later is not due yet. 'A pagar' (the
 * summary card) is what is overdue or due in the next DUE_SOON_DAYS days,
 * the most urgent first. A charge made by an enrolment is titled by its
 * class; a one-off charge by its description. 404 without a family.
 */
export async function familyFinance(actor: Actor | null): Promise<FamilyFinanceDTO> {
  const guardianId = await familyGuardianId(actor);
  if (!guardianId) throw new NotFoundError(FAMILY_NOT_FOUND);
  const { items } = await chargePage(actor, { guardianId }, { offset: 0, limit: FAMILY_CHARGES, openFirst: true });
  const labels = await enrollmentClassLabels(items);
  const charges = items.map((c): FamilyChargeDTO => {
    const classLabel = c.enrollmentId ? (labels.get(c.enrollmentId) ?? null) : null;
    return { ...c, title: classLabel ?? c.description, classLabel };
  });
  const on = today();
  const open = charges.filter((c) => c.status === OPEN);
  const overdue = open.filter((c) => c.dueDate < on);
  const upcoming = open.filter((c) => c.dueDate >= on);
  const history = charges.filter((c) => c.status !== OPEN);
  const dueNow = open.filter((c) => c.dueDate <= on);
  const soon = addDays(on, DUE_SOON_DAYS);
  const toPay = open.filter((c) => c.dueDate <= soon);
  return {
    date: on,
    overdue,
    upcoming,
    history,
    dueToday: centsToDecimal(dueNow.reduce((sum, c) => sum + (toCents(c.amountDue) ?? 0), 0)),
    toPay: { charges: toPay, total: centsToDecimal(toPay.reduce((sum, c) => sum + (toCents(c.amountDue) ?? 0), 0)) },
  };
}

/** The class of each enrolment the charges came from ('Ballet - Turma 1'), through the enrolments' own read of each child. */
async function enrollmentClassLabels(charges: readonly ChargeDTO[]): Promise<Map<string, string>> {
  const students = [...new Set(charges.filter((c) => c.enrollmentId && c.studentId).map((c) => c.studentId!))];
  const details = await Promise.all(students.map((id) => studentEnrollmentDetails(id)));
  return new Map(details.flat().map((e) => [e.id, e.classLabel]));
}
