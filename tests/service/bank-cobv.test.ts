import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "~/domain/calendar/dates";
import { syncChargesAtBank } from "~/domain/bank/jobs.server";
import { updatePixProvider } from "~/domain/bank/service.server";
import { getCharge } from "~/domain/charges/queries.server";
import { createOneOffCharge, updateBillingSettings } from "~/domain/charges/service.server";
import { makeBranch, makeGuardian } from "../support/factories";
import { actorOfType } from "../support/service";
import { startFakeApiPixBank, type FakeApiPixBank } from "../support/fake-api-pix-bank";

/**
 * The job that brings a charge to its bank (`bank-cobv`), run by hand with the
 * queue's attempt numbers: a bank that is down leaves the charge 'Pendente'
 * with the bank's message, the last try (10) leaves it 'Falhou', and a later
 * run ('Tentar de novo' on 'Integrações') registers it.
 */

let bank: FakeApiPixBank;

beforeAll(async () => {
  bank = await startFakeApiPixBank();
});

afterAll(async () => {
  expect(bank.violations).toEqual([]);
  await bank.close();
});

describe("the bank-cobv job", () => {
  it("keeps the bank's error while it retries, says 'Falhou' after the last try, and registers the charge once the bank is back", async () => {
    const admin = await actorOfType("Administrator");
    const branch = await makeBranch();
    await updateBillingSettings(admin, branch.id, { pixKey: "escola@exemplo.com.br", payeeName: "Escola", payeeCity: "São Paulo" });
    await updatePixProvider(admin, branch.id, { provider: "api-pix", ...bank.connection() });
    const { guardian } = await makeGuardian(1);
    const charge = await createOneOffCharge(admin, {
      guardianId: guardian.id,
      branchId: branch.id,
      description: "Figurino do festival",
      amount: "150.00",
      dueDate: addDays(today(), 10),
    });
    expect(charge.bank).toMatchObject({ status: "Pendente", revisao: null, lastError: null });
    const run = (attempt: number) => syncChargesAtBank.run({ chargeIds: [charge.id] }, { jobId: "manual", attempt });

    await bank.down(true);
    try {
      await expect(run(1)).rejects.toThrow(/1 de 1 cobranças sem resposta do banco/);
      const retrying = (await getCharge(admin, charge.id)).bank;
      expect(retrying).toMatchObject({ status: "Pendente", copyPaste: null, lastError: expect.any(String) });
      await expect(run(10)).rejects.toThrow();
      expect((await getCharge(admin, charge.id)).bank).toMatchObject({ status: "Falhou", lastError: retrying!.lastError });
    } finally {
      await bank.down(false);
    }

    await run(1);
    const cobv = bank.cobvs.get(charge.bank!.txid!)!;
    expect((await getCharge(admin, charge.id)).bank).toEqual({
      txid: charge.bank!.txid,
      status: "Registrada",
      revisao: cobv.revisao,
      copyPaste: cobv.pixCopiaECola,
      lastError: null,
    });
    // A second run (a duplicate job): no second registration, the same values revised, still 'Registrada'.
    await run(1);
    expect(bank.requestsTo("PUT", `/cobv/${charge.bank!.txid}`).filter((r) => r.status < 300)).toHaveLength(1);
    expect(bank.cobvs.get(charge.bank!.txid!)?.valor.original).toBe("150.00");
    expect((await getCharge(admin, charge.id)).bank?.status).toBe("Registrada");
  });
});
