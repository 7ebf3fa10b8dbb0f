import { isAdmin, isStaff, type Actor } from "~/domain/access/roles";
import { chargePage, dueTodayTotal } from "~/domain/charges/queries.server";
import { centsToDecimal } from "~/domain/money";
import { today } from "~/domain/calendar/dates";

/** How many charges the section lists (open first, then the latest). */
export const FINANCE_SECTION_SIZE = 12;

/**
 * The 'Financeiro' section's data, for a student's page (`studentId`) or a
 * family's (`guardianId`: all its students' charges and its one-off ones):
 * the open charges first (the oldest due on top), then the latest others,
 * what the open ones are due today in total, and whether the rows link to
 * the charge (Team and Administrator) and a one-off charge may be created
 * (Administrator, on a family's page).
 */
export async function financeSection(actor: Actor, filter: { studentId: string } | { guardianId: string }) {
  const [page, due] = await Promise.all([
    chargePage(actor, filter, { offset: 0, limit: FINANCE_SECTION_SIZE, openFirst: true }),
    dueTodayTotal(actor, filter),
  ]);
  return {
    charges: page.items,
    total: page.totals.count,
    dueToday: centsToDecimal(due),
    linked: isStaff(actor),
    // A family's page names the student of each charge.
    family: "guardianId" in filter,
    // The day the statuses are told on ('Vencida · há N dias').
    on: today(),
    newChargeHref: "guardianId" in filter && isAdmin(actor) ? `/guardians/${filter.guardianId}/charges/new` : null,
  };
}

export type FinanceSectionData = Awaited<ReturnType<typeof financeSection>>;
