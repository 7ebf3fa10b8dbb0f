import type { Transaction } from "sequelize";

/**
 * Where the charges meet their bank (issue 42). The bank module sits above the
 * charges (it reads them, registers them as `cobv`s and records the Pix it
 * receives as their payments), so the charges cannot import it: it plugs itself
 * in here once, at start (`app/domain/bank/jobs.server.ts`, loaded by the jobs'
 * registry `app/server/jobs.server.ts`). Without it (a script that never loads
 * the registry) charges are made as before, with no bank columns and no jobs.
 */

/** A charge about to be inserted: what its registration at the bank depends on. */
export interface NewCharge {
  id: string;
  code: string;
  branchId: string;
  guardianId: string;
}

/** The bank columns a new charge is inserted with. */
export interface BankColumns {
  bankTxid: string | null;
  bankStatus: string | null;
  bankError: string | null;
}

export interface ChargesBankLink {
  /** The bank columns of new charges (a txid and 'Pendente', or why not), by id; absent: the branch has no connection. */
  registrations(t: Transaction, charges: readonly NewCharge[]): Promise<Map<string, BankColumns>>;
  /** Charges registered (or to register) at the bank that were created or changed in `t`: the bank follows after commit. */
  follow(t: Transaction, chargeIds: readonly string[]): Promise<void>;
}

let link: ChargesBankLink | null = null;

/** Called once by the bank module. */
export function linkChargesToBank(next: ChargesBankLink): void {
  link = next;
}

export async function bankRegistrations(t: Transaction, charges: readonly NewCharge[]): Promise<Map<string, BankColumns>> {
  return link && charges.length ? link.registrations(t, charges) : new Map();
}

export async function followAtBank(t: Transaction, chargeIds: readonly string[]): Promise<void> {
  if (link && chargeIds.length) await link.follow(t, chargeIds);
}
