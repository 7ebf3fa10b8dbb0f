import type { Transaction } from "sequelize";

/**
 * Whether the family of `guardianId` has charges still open (not paid nor
 * cancelled): a family that owes the school may not be anonymised ('Família
 * com cobranças em aberto', 409). The money module answers it once charges
 * exist; until then no family has any.
 */
export async function hasOpenCharges(guardianId: string, t?: Transaction): Promise<boolean> {
  void guardianId;
  void t;
  return false;
}
