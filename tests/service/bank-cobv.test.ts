import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, today } from "~/domain/calendar/dates";
import { syncChargesAtBank } from "~/domain/bank/jobs.server";
import { updatePixProvider } from "~/domain/bank/service.server";
import { bankConnectionOf, bankConnectionStatuses, webhookSecretMatches } from "~/domain/bank/queries.server";
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

describe("the bank connection's reads (what the webhook and 'Integrações' call)", () => {
  it("gives the client its decrypted connection, matches the webhook's secret only, and lists the branch's status", async () => {
    const admin = await actorOfType("Administrator");
    const branch = await makeBranch();
    await updateBillingSettings(admin, branch.id, { pixKey: "financeiro@escola.com.br", payeeName: "Escola", payeeCity: "Campinas" });
    expect(await bankConnectionOf(branch.id)).toBeNull();
    await updatePixProvider(admin, branch.id, { provider: "api-pix", ...bank.connection() });

    const connected = await bankConnectionOf(branch.id);
    // As given, less the blank lines around the PEMs.
    const given = Object.fromEntries(Object.entries(bank.connection()).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v]));
    expect(connected?.connection).toEqual(given);
    expect(connected?.pixKey).toBe("financeiro@escola.com.br");
    const secret = connected!.webhookUrl.split("/").at(-1)!;
    expect(connected!.webhookUrl).toMatch(new RegExp(`/api/webhooks/pix/${branch.id}/[0-9a-f]{64}$`));

    expect(await webhookSecretMatches(branch.id, secret)).toBe(true);
    expect(await webhookSecretMatches(branch.id, secret.slice(0, -1) + (secret.endsWith("0") ? "1" : "0"))).toBe(false);
    expect(await webhookSecretMatches(branch.id, secret.slice(1))).toBe(false);
    expect(await webhookSecretMatches("00000000-0000-4000-8000-000000000000", secret)).toBe(false);
    expect(await webhookSecretMatches("nao-e-uuid", "")).toBe(false);

    expect((await bankConnectionStatuses()).find((r) => r.branchId === branch.id)).toEqual({
      branchId: branch.id,
      branchName: branch.name,
      provider: "api-pix",
      status: "unchecked",
      lastError: null,
      checkedAt: null,
    });
  });
});
