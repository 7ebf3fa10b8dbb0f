import type { Transaction } from "sequelize";
import { apiPixClient, type ApiPixClient } from "~/integrations/api-pix/client.server";
import { BankError } from "~/integrations/api-pix/errors";
import type { Cobv } from "~/integrations/api-pix/schema";
import { txidFor } from "~/integrations/api-pix/txid";
import { defineJob, enqueue, MAX_ATTEMPTS, type JobContext } from "~/platform/jobs.server";
import { centsToDecimal, toCents, toHundredths } from "../money";
import { guardianDebtors } from "../guardians/queries.server";
import { chargeDTOs } from "../charges/queries.server";
import { linkChargesToBank, type BankColumns, type NewCharge } from "../charges/bank-link.server";
import { recordBankStates, type BankState } from "../charges/service.server";
import { CANCELLED_CHARGE, GUARDIAN_WITHOUT_CPF, OPEN, PAID, type ChargeDTO } from "../charges/schema";
import { bankConnectionOf, connectedBranches } from "./queries.server";

/**
 * Charges at the bank (issue 42): each charge of a branch with a bank
 * connection is registered as a `cobv` (PUT /cobv/{txid}) and followed there
 * (PATCH /cobv/{txid}) by one idempotent job: it reads the charge as it is now
 * and sends what the bank should hold, so jobs of one charge may run in any
 * order and a retry repeats nothing harmful.
 *
 * - open and never registered → PUT: due date, 60 days valid after it, the
 *   paying guardian (CPF and name), what remains to pay, the fine and the
 *   monthly interest frozen on the charge (none when waived), the Pix key and
 *   the description;
 * - open and registered → PATCH of the amount left and the fees (zero when waived);
 * - paid by hand or cancelled → PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR ('Removida');
 *   a cobv the bank already has as CONCLUIDA (paid by Pix) is 'Concluída'.
 *
 * A failed try keeps the bank's message on the charge; the last one
 * (MAX_ATTEMPTS) leaves it 'Falhou'.
 */

/** Days a `cobv` may still be paid after its due date. */
export const VALID_AFTER_DUE_DAYS = 60;
/** Requests to the bank at once, within one job. */
const PARALLEL = 8;
/** Charges per job (a month's generation enqueues one job per page of this many). */
export const CHARGES_PER_JOB = 500;

const STATUS_OF: Record<Cobv["status"], BankState["bankStatus"]> = {
  ATIVA: "Registrada",
  CONCLUIDA: "Concluída",
  REMOVIDA_PELO_USUARIO_RECEBEDOR: "Removida",
  REMOVIDA_PELO_PSP: "Removida",
};

function answered(cobv: Cobv): BankState {
  return {
    bankStatus: STATUS_OF[cobv.status] ?? "Registrada",
    bankRevision: cobv.revisao,
    bankLocation: cobv.loc?.location?.slice(0, 300) ?? null,
    bankCopyPaste: cobv.pixCopiaECola ?? null,
    bankError: null,
  };
}

const percent = (value: number) => centsToDecimal(toHundredths(value));

/** The fees of a charge as the bank computes them: fine once (modalidade 2, percent), interest a month in calendar days (3). */
function fees(charge: ChargeDTO) {
  return {
    multa: { modalidade: 2 as const, valorPerc: charge.feesWaived ? "0.00" : percent(charge.finePercent) },
    juros: { modalidade: 3 as const, valorPerc: charge.feesWaived ? "0.00" : percent(charge.monthlyInterestPercent) },
  };
}

/** What remains of the charge's amount once its payments are counted (at least one cent while open). */
function remaining(charge: ChargeDTO): string {
  const left = (toCents(charge.amount) ?? 0) - (toCents(charge.paid) ?? 0);
  return centsToDecimal(Math.max(1, left));
}

/** The body of PUT /cobv/{txid} for a charge. */
export function cobvBody(charge: ChargeDTO, debtor: { cpf: string; name: string }, pixKey: string) {
  const { multa, juros } = fees(charge);
  return {
    calendario: { dataDeVencimento: charge.dueDate, validadeAposVencimento: VALID_AFTER_DUE_DAYS },
    devedor: { cpf: debtor.cpf, nome: debtor.name.slice(0, 200) },
    valor: { original: remaining(charge), ...(charge.feesWaived ? {} : { multa, juros }) },
    chave: pixKey,
    solicitacaoPagador: charge.description.slice(0, 140),
  };
}

/** One charge brought to what the bank should hold; the new bank state (null: nothing to do). */
async function syncOne(
  client: ApiPixClient,
  charge: ChargeDTO,
  debtor: { name: string; cpf: string } | undefined,
  pixKey: string,
): Promise<BankState | null> {
  const bank = charge.bank;
  if (!bank?.txid || bank.status === "Removida" || bank.status === "Concluída") return null;
  const registered = bank.revisao !== null;
  if (charge.status === CANCELLED_CHARGE || charge.status === PAID) {
    if (!registered) return { bankStatus: "Removida", bankError: null };
    try {
      return answered(await client.patchCobv(bank.txid, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }));
    } catch (error) {
      // Paid by Pix at the bank first: the bank keeps it CONCLUIDA and refuses the removal.
      const current = await client.getCobv(bank.txid).catch(() => null);
      if (current && current.status !== "ATIVA") return answered(current);
      throw error;
    }
  }
  if (charge.status !== OPEN) return null;
  if (registered) {
    return answered(await client.patchCobv(bank.txid, { valor: { original: remaining(charge), ...fees(charge) } }));
  }
  if (!debtor?.cpf) return { bankStatus: null, bankError: GUARDIAN_WITHOUT_CPF };
  try {
    return answered(await client.putCobv(bank.txid, cobvBody(charge, debtor, pixKey)));
  } catch (error) {
    // Created by an earlier try whose answer was lost: the bank has it already.
    const current = error instanceof BankError ? await client.getCobv(bank.txid).catch(() => null) : null;
    if (current) return answered(current);
    throw error;
  }
}

/** Runs `fn` over `items`, PARALLEL at a time. */
async function inParallel<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** The job: these charges brought to the bank (registered, revised or removed). */
export const syncChargesAtBank = defineJob<{ chargeIds: string[] }>(
  "bank-cobv",
  async ({ chargeIds }, ctx: JobContext) => {
    const states: Array<{ id: string; state: BankState }> = [];
    const failures: string[] = [];
    const clients = new Map<string, Promise<{ client: ApiPixClient; pixKey: string } | null>>();
    const clientOf = (branchId: string) => {
      let made = clients.get(branchId);
      if (!made) {
        made = bankConnectionOf(branchId).then((bank) => (bank ? { client: apiPixClient(bank.connection), pixKey: bank.pixKey } : null));
        clients.set(branchId, made);
      }
      return made;
    };
    // A charge no longer there (an insert skipped as a duplicate) has nothing to register.
    const charges = (await chargeDTOs(chargeIds)).filter((c) => c.bank?.txid);
    const debtors = await guardianDebtors(charges.map((c) => c.guardianId));
    await inParallel(charges, async (charge) => {
      const id = charge.id;
      const bank = await clientOf(charge.branchId);
      // Disconnected since: the charge keeps its static Pix code.
      if (!bank) return;
      try {
        const state = await syncOne(bank.client, charge, debtors.get(charge.guardianId), bank.pixKey);
        if (state) states.push({ id, state });
      } catch (error) {
        failures.push(messageOf(error));
        const last = ctx.attempt >= MAX_ATTEMPTS;
        states.push({ id, state: last ? { bankStatus: "Falhou", bankError: messageOf(error) } : { bankError: messageOf(error) } });
      }
    });
    await recordBankStates(states);
    if (failures.length) throw new Error(`${failures.length} de ${chargeIds.length} cobranças sem resposta do banco: ${failures[0]}`);
  },
  { label: "Cobranças no banco (cobv)" },
);

/** The bank columns of new charges: a txid and 'Pendente' in a connected branch, or why not. */
async function registrations(t: Transaction, charges: readonly NewCharge[]): Promise<Map<string, BankColumns>> {
  const connected = await connectedBranches(
    charges.map((c) => c.branchId),
    t,
  );
  const inBank = charges.filter((c) => connected.has(c.branchId));
  const debtors = await guardianDebtors(
    inBank.map((c) => c.guardianId),
    t,
  );
  const columns = new Map<string, BankColumns>();
  for (const c of inBank) {
    columns.set(
      c.id,
      debtors.get(c.guardianId)?.cpf
        ? { bankTxid: txidFor(c.code, c.id), bankStatus: "Pendente", bankError: null }
        : { bankTxid: null, bankStatus: null, bankError: GUARDIAN_WITHOUT_CPF },
    );
  }
  return columns;
}

/** Charges created or changed in `t`: one job per CHARGES_PER_JOB, run after commit. */
async function follow(t: Transaction, chargeIds: readonly string[]): Promise<void> {
  for (let i = 0; i < chargeIds.length; i += CHARGES_PER_JOB) {
    await enqueue(t, syncChargesAtBank, { chargeIds: chargeIds.slice(i, i + CHARGES_PER_JOB) });
  }
}

linkChargesToBank({ registrations, follow });

export const BANK_JOBS = [syncChargesAtBank];
