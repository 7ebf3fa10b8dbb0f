import { describe, expect, it } from "vitest";
import { transaction } from "~/platform/db.server";
import { addDays, today } from "~/domain/calendar/dates";
import { getCharge } from "~/domain/charges/queries.server";
import { recordBankPayment, recordPayment, reversePayment } from "~/domain/charges/service.server";
import { getReconciliation } from "~/domain/bank/received/service.server";
import { makeCharge, makeClass, makeGuardian } from "../support/factories";
import { actorOfType, refusal } from "../support/service";

/**
 * The charges' rules for a Pix the bank received (issue 42): one payment per
 * endToEndId, its date in the school's zone, money never refused, the excess
 * over what was due with fine and interest, and the lists of the 'Conciliação'.
 * Each file keeps to branches of its own.
 */

let seq = 0;
const e2e = () => `E${String(Date.now())}${String(++seq).padStart(6, "0")}BANKPAYMENTS`.slice(0, 32);

async function family() {
  const { branchId } = await makeClass();
  const { guardian } = await makeGuardian(1);
  return { branchId, guardianId: guardian.id };
}

const pay = (chargeId: string, valorCents: number, horario: Date, endToEndId = e2e()) =>
  transaction((t) => recordBankPayment(t, chargeId, { endToEndId, valorCents, horario }));

describe("a Pix recorded from the bank", () => {
  it("is one payment per endToEndId, dated in the school's zone, by 'Banco'", async () => {
    const f = await family();
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), 5) });
    // 01:00 UTC is 22:00 of the day before in São Paulo.
    const horario = new Date(`${today()}T01:00:00.000Z`);
    const id = e2e();
    const first = await pay(charge.id, 10_000, horario, id);
    const again = await pay(charge.id, 10_000, horario, id);
    expect(first).toMatchObject({ created: true, excessCents: 0, alreadyPaid: false });
    expect(again).toEqual({ paymentId: first.paymentId, created: false, excessCents: 0, alreadyPaid: true });
    const admin = await actorOfType("Administrator");
    const read = await getCharge(admin, charge.id);
    expect(read.status).toBe("Paga");
    expect(read.payments).toEqual([
      expect.objectContaining({ paidOn: addDays(today(), -1), source: "bank", endToEndId: id, createdByName: "Banco", amount: "100.00" }),
    ]);
    expect(read.history.filter((h) => h.userName === "Banco").map((h) => h.event)).toEqual(["Pix recebido pelo banco", "Paga"]);
    const refused = await refusal(reversePayment(admin, first.paymentId, { reason: "Engano" }));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe("Pagamento recebido pelo banco: só pode ser desfeito por devolução");
  });

  it("is never refused: paid late beyond the amount with fine and interest, the excess is 'Pago a maior'", async () => {
    const f = await family();
    const dueDate = addDays(today(), -30);
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate });
    // Due on today: 100,00 + 2 % fine (2,00) + 1 % a month × 30/30 days (1,00) = 103,00; paid 110,00 → 7,00 over.
    const outcome = await pay(charge.id, 11_000, new Date(`${today()}T15:00:00.000Z`));
    expect(outcome.excessCents).toBe(700);
    const admin = await actorOfType("Administrator");
    const read = await getCharge(admin, charge.id);
    expect(read.status).toBe("Paga");
    expect(read.history.map((h) => h.event)).toContain("Pago a maior");
    const listed = await getReconciliation(admin, { branchId: f.branchId });
    expect(listed.overpaid).toEqual([expect.objectContaining({ chargeId: charge.id, paymentId: outcome.paymentId, excess: "7.00" })]);
    expect(listed.paidTwice).toEqual([]);
  });

  it("on a charge paid by hand is recorded whole, listed as 'Baixa manual e Pix no banco'; the manual payment reversed leaves it paid", async () => {
    const f = await family();
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), 5) });
    const [team, admin] = [await actorOfType("Team"), await actorOfType("Administrator")];
    const byHand = await recordPayment(team, charge.id, { amount: "100.00", paidOn: today(), method: "Dinheiro" });
    const outcome = await pay(charge.id, 10_000, new Date());
    expect(outcome).toMatchObject({ created: true, excessCents: 10_000, alreadyPaid: true });
    const listed = await getReconciliation(admin, { branchId: f.branchId });
    expect(listed.paidTwice).toEqual([
      expect.objectContaining({ chargeId: charge.id, manualPaymentId: byHand.payments[0].id, bankPaymentId: outcome.paymentId }),
    ]);
    expect(listed.overpaid).toEqual([]);
    const reversed = await reversePayment(admin, byHand.payments[0].id, { reason: "Dinheiro devolvido" });
    expect(reversed.status).toBe("Paga");
    expect((await getReconciliation(admin, { branchId: f.branchId })).paidTwice).toEqual([]);
  });

  it("a Client may not read the reconciliation", async () => {
    const refused = await refusal(getReconciliation(await actorOfType("Client")));
    expect(refused.status).toBe(403);
  });
});
