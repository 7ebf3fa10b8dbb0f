import { describe, expect, it } from "vitest";
import type { Actor } from "~/domain/access/roles";
import { addDays, monthBounds, today } from "~/domain/calendar/dates";
import { billingSummary, chargeDue, chargeList, generationCandidates, getCharge, overdueFamilies } from "~/domain/charges/queries.server";
import {
  cancelCharge,
  createOneOffCharge,
  generateCharges,
  previewGeneration,
  recordPayment,
  reversePayment,
  updateBillingSettings,
  waiveFees,
} from "~/domain/charges/service.server";
import { cancelEnrollment, updateEnrollment } from "~/domain/enrollments/service.server";
import { selectRows } from "~/platform/db.server";
import { makeCharge, makeClass, makeEnrollment, makeGuardian, makeOffer, makePayment, makeStudent } from "../support/factories";
import { actorOfType, refusal } from "../support/service";

/**
 * The money rules, called on the charges' commands and queries (no HTTP): what
 * is due with fine and interest, payments (partial, over, late, reversed),
 * monthly generation (amounts, idempotence, who is left out), waiving, cancelling,
 * the overdue list and the month's summary. Each amount is counted by hand in a
 * comment; the branch defaults are a 2 % fine and 1 % a month of interest, pro
 * rata by day over 30 days. The HTTP tests (tests/api/charges.test.ts) keep each
 * endpoint's statuses and contract.
 */

const TODAY = () => today();

async function actors(): Promise<{ admin: Actor; team: Actor }> {
  return { admin: await actorOfType("Administrator"), team: await actorOfType("Team") };
}

async function count(sql: string, params: Record<string, string>): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM ${sql}`, params);
  return Number(row.n);
}

/** A branch's class with `n` pupils enrolled ('Ativa' since 2020) on an offer of `monthlyValue`. */
async function network(n: number, monthlyValue = "189.90", discounts: number[] = []) {
  const made = await makeClass();
  const offer = await makeOffer(made.branchId, { monthlyValue });
  const pupils = [];
  for (let i = 0; i < n; i++) {
    const { guardian, persons } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const enrollment = await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    if (discounts[i]) await enrollment.update({ discountPercent: discounts[i] });
    pupils.push({ guardian, persons, student, enrollment });
  }
  return { ...made, offer, pupils };
}

/** A one-off charge made by the Administrator (R$ 1.000,00 due 10/10/2026 unless told). */
async function oneOff(admin: Actor, attrs: { amount?: string; dueDate?: string; branchId?: string } = {}) {
  const branchId = attrs.branchId ?? (await makeClass()).branchId;
  const { guardian } = await makeGuardian(1);
  return createOneOffCharge(admin, {
    guardianId: guardian.id,
    branchId,
    description: "Figurino do festival",
    amount: attrs.amount ?? "1000.00",
    dueDate: attrs.dueDate ?? "2026-10-10",
  });
}

const allCharges = async (actor: Actor, branchId: string) => (await chargeList(actor, { branchId }).read(null, 1000)).items;

describe("monthly generation", () => {
  it("previews, then creates one charge per active enrolment: value × (100 − discount) / 100 half up, due on the branch's day", async () => {
    const { admin, team } = await actors();
    const net = await network(3, "189.90", [0, 10, 12.5]);
    await updateBillingSettings(admin, net.branchId, { dueDay: 7 });
    const month = "2031-03";
    const preview = await previewGeneration(admin, { month, branchId: net.branchId });
    // 189,90; 189,90 × 0,9 = 170,91; 189,90 × 0,875 = 166,1625 → 166,16 (half up). 189,90 + 170,91 + 166,16 = 526,97.
    expect(preview).toMatchObject({ month, count: 3, total: "526.97" });
    expect(preview.items.map((i) => i.amount).sort()).toEqual(["166.16", "170.91", "189.90"]);
    expect(preview.items[0].dueDate).toBe("2031-03-07");
    expect(preview.items[0].description).toMatch(/^Mensalidade 03\/2031 — /);
    expect(await count(`"charges" WHERE "branchId" = :b`, { b: net.branchId })).toBe(0);

    expect((await refusal(generateCharges(team, { month, branchId: net.branchId }))).status).toBe(403);
    expect(await generateCharges(admin, { month, branchId: net.branchId })).toEqual({
      month,
      branchId: net.branchId,
      created: 3,
      skipped: 0,
      total: "526.97",
    });
    // Idempotent: the month again makes nothing.
    expect(await generateCharges(admin, { month, branchId: net.branchId })).toEqual({
      month,
      branchId: net.branchId,
      created: 0,
      skipped: 3,
      total: "0.00",
    });
    const list = await allCharges(team, net.branchId);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ competence: month, status: "Aberta", overdue: false, code: expect.stringMatching(/^M\d{7,}$/) });
    expect((await getCharge(team, list[0].id)).history).toEqual([expect.objectContaining({ event: "Criada" })]);
  });

  it("two generations of the same month at the same time make one charge per enrolment", async () => {
    const { admin } = await actors();
    const net = await network(4);
    const month = "2031-04";
    const results = await Promise.all(Array.from({ length: 4 }, () => generateCharges(admin, { month, branchId: net.branchId })));
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBe(4);
    expect(await count(`"charges" WHERE "branchId" = :b AND "competence" = :m`, { b: net.branchId, m: month })).toBe(4);
  });

  it("reads the month's enrolments in pages by id: each page after the last one's id, none twice, none left out", async () => {
    const net = await network(5);
    const month = "2031-07";
    const whole = (await generationCandidates(month, net.branchId)).items.map((i) => i.enrollmentId).sort();
    expect(whole).toHaveLength(5);
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await generationCandidates(month, net.branchId, undefined, { after, limit: 2 });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.enrollmentId));
      if (page.last === null) break;
      after = page.last;
    }
    expect(seen).toEqual(whole);
  });

  it("generates in pages: one charge per enrolment, consecutive codes, a 'Criada' entry each; again, nothing", async () => {
    const { admin, team } = await actors();
    const net = await network(5, "100.00");
    const month = "2031-08";
    expect(await generateCharges(admin, { month, branchId: net.branchId }, { pageSize: 2 })).toEqual({
      month,
      branchId: net.branchId,
      created: 5,
      skipped: 0,
      total: "500.00",
    });
    expect(await generateCharges(admin, { month, branchId: net.branchId }, { pageSize: 2 })).toEqual({
      month,
      branchId: net.branchId,
      created: 0,
      skipped: 5,
      total: "0.00",
    });
    const list = await allCharges(team, net.branchId);
    expect(list).toHaveLength(5);
    expect(new Set(list.map((c) => c.enrollmentId)).size).toBe(5);
    const numbers = list.map((c) => Number(c.code.slice(1))).sort((a, b) => a - b);
    expect(numbers.at(-1)! - numbers[0]).toBe(4);
    expect(
      await count(
        `"charge_history" AS "h" JOIN "charges" AS "c" ON "c"."id" = "h"."chargeId" WHERE "c"."branchId" = :b AND "h"."event" = 'Criada'`,
        { b: net.branchId },
      ),
    ).toBe(5);
  });

  it("leaves out enrolments that start after the month or are not active", async () => {
    const { admin } = await actors();
    const net = await network(2);
    await net.pupils[0].enrollment.update({ startDate: "2031-06-01" });
    await net.pupils[1].enrollment.update({ status: "Cancelada", cancelledAt: new Date(), cancelReason: "x" });
    expect((await previewGeneration(admin, { month: "2031-05", branchId: net.branchId })).count).toBe(0);
    expect((await previewGeneration(admin, { month: "2031-06", branchId: net.branchId })).count).toBe(1);
  });

  it("refuses a malformed month: 'Mês inválido'; reads a month typed as 'MM/YYYY'", async () => {
    const { admin } = await actors();
    for (const month of ["2031-13", "março", ""]) {
      const refused = await refusal(generateCharges(admin, { month }));
      expect(refused.status).toBe(400);
      expect(refused.errors?.month).toEqual(["Mês inválido"]);
    }
    expect((await refusal(previewGeneration(admin, { month: "31-01" }))).errors?.month).toEqual(["Mês inválido"]);
    const net = await network(1);
    expect((await generateCharges(admin, { month: "06/2031", branchId: net.branchId })).month).toBe("2031-06");
  });

  it("a generated month's charges freeze the branch's terms of the day they are generated", async () => {
    const { admin, team } = await actors();
    const net = await network(1, "100.00");
    await updateBillingSettings(admin, net.branchId, { finePercent: 1.5, monthlyInterestPercent: 0.75 });
    expect((await generateCharges(admin, { month: "2031-07", branchId: net.branchId })).created).toBe(1);
    await updateBillingSettings(admin, net.branchId, { finePercent: 0, monthlyInterestPercent: 0 });
    expect((await generateCharges(admin, { month: "2031-08", branchId: net.branchId })).created).toBe(1);
    const list = await allCharges(team, net.branchId);
    const terms = Object.fromEntries(list.map((c) => [c.competence, [c.finePercent, c.monthlyInterestPercent]]));
    expect(terms).toEqual({ "2031-07": [1.5, 0.75], "2031-08": [0, 0] });
  });
});

describe("what is due", () => {
  it("R$ 1.000,00 due 10/10, nothing paid, on 20/10 with 2 % and 1 %: fine 20,00, interest 3,33, due 1.023,33", async () => {
    const { admin, team } = await actors();
    const charge = await oneOff(admin, { amount: "1000.00", dueDate: "2026-10-10" });
    // Fine 1.000,00 × 2 % = 20,00; interest 1.000,00 × 1 % × 10/30 = 3,333 → 3,33.
    expect(await chargeDue(team, charge.id, "2026-10-20")).toEqual({
      date: "2026-10-20",
      principal: "1000.00",
      fine: "20.00",
      interest: "3.33",
      paid: "0.00",
      total: "1023.33",
    });
    // On the due date itself: nothing on top.
    expect((await chargeDue(team, charge.id, "2026-10-10")).total).toBe("1000.00");
  });

  it("a waiver leaves the amount only (the Administrator's, with a reason)", async () => {
    const { admin, team } = await actors();
    // 10 days late: 1.000,00 + 20,00 + 1.000,00 × 1 % × 10/30 (3,33).
    const charge = await oneOff(admin, { amount: "1000.00", dueDate: addDays(TODAY(), -10) });
    expect(await getCharge(team, charge.id)).toMatchObject({ amountDue: "1023.33", overdue: true });
    expect((await refusal(waiveFees(team, charge.id, { reason: "Acordo" }))).status).toBe(403);
    expect((await refusal(waiveFees(admin, charge.id, { reason: " " }))).errors?.reason).toEqual(["Motivo é obrigatório"]);
    const waived = await waiveFees(admin, charge.id, { reason: "Acordo com a família" });
    expect(waived).toMatchObject({ feesWaived: true, waiveReason: "Acordo com a família", amountDue: "1000.00" });
    expect(waived.history.map((h) => h.event)).toEqual(["Criada", "Multa e juros dispensados"]);
  });

  it("a branch's new fee terms re-price no open charge: the old one keeps its terms, a new one takes the new terms", async () => {
    const { admin, team } = await actors();
    const { branchId } = await makeClass();
    const dueDate = addDays(TODAY(), -10);
    const old = await oneOff(admin, { branchId, amount: "1000.00", dueDate });
    expect(old).toMatchObject({ finePercent: 2, monthlyInterestPercent: 1, amountDue: "1023.33" });
    // Yesterday, 9 days late: 20,00 + 1.000,00 × 1 % × 9/30 = 3,00.
    const date = addDays(TODAY(), -1);
    const before = await chargeDue(team, old.id, date);
    expect(before).toMatchObject({ fine: "20.00", interest: "3.00", total: "1023.00" });

    await updateBillingSettings(admin, branchId, { pixKey: "12345678909", payeeName: "Escola", payeeCity: "São Paulo" });
    const changed = await updateBillingSettings(admin, branchId, { finePercent: 1, monthlyInterestPercent: 0.5 });
    // Only the fee terms change: the Pix key and its payee are kept.
    expect(changed).toMatchObject({ pixKey: "12345678909", payeeName: "Escola", payeeCity: "São Paulo", finePercent: 1 });

    expect(await getCharge(team, old.id)).toMatchObject({ finePercent: 2, monthlyInterestPercent: 1, amountDue: "1023.33" });
    expect(await chargeDue(team, old.id, date)).toEqual(before);
    expect((await allCharges(team, branchId)).find((c) => c.id === old.id)).toMatchObject({ finePercent: 2, amountDue: "1023.33" });
    const overdue = await overdueFamilies(team, { branchId });
    expect(overdue[0].charges.map((c) => c.amountDue)).toEqual(["1023.33"]);

    // New terms: 1.000,00 + 1 % (10,00) + 1.000,00 × 0,5 % × 10/30 (1,67) = 1.011,67.
    const fresh = await oneOff(admin, { branchId, amount: "1000.00", dueDate });
    expect(fresh).toMatchObject({ finePercent: 1, monthlyInterestPercent: 0.5, amountDue: "1011.67" });
    // A payment of the old charge's full due (its own terms) settles it.
    const paid = await recordPayment(team, old.id, { amount: "1023.33", paidOn: TODAY(), method: "Pix" });
    expect(paid).toMatchObject({ status: "Paga", amountDue: "0.00" });
  });
});

describe("payments", () => {
  it("partial payments, then paid; more than is due is refused; a reversal reopens it", async () => {
    const { admin, team } = await actors();
    const charge = await oneOff(admin, { amount: "300.00", dueDate: addDays(TODAY(), 5) });
    const pay = (body: object) => recordPayment(team, charge.id, { paidOn: TODAY(), method: "Pix", ...body });
    // 300,00 − 100,00 = 200,00 left.
    expect(await pay({ amount: "100.00", method: "Dinheiro" })).toMatchObject({ status: "Aberta", paid: "100.00", amountDue: "200.00" });
    const over = await refusal(pay({ amount: "200.01" }));
    expect(over.status).toBe(400);
    expect(over.errors?.amount).toEqual(["Valor maior que o devido"]);
    const second = await pay({ amount: "200" });
    expect(second).toMatchObject({ status: "Paga", paid: "300.00", amountDue: "0.00", paidAt: expect.any(String) });
    const again = await refusal(pay({ amount: "1" }));
    expect([again.status, again.message]).toEqual([409, "Cobrança já paga"]);

    const paymentId = second.payments[1].id;
    expect((await refusal(reversePayment(admin, paymentId, {}))).errors?.reason).toEqual(["Motivo é obrigatório"]);
    // Reversing is the Administrator's: Team is refused and nothing changes.
    const byTeam = await refusal(reversePayment(team, paymentId, { reason: "Pix devolvido" }));
    expect([byTeam.status, byTeam.message]).toEqual([403, "Você não tem permissão para realizar esta ação"]);
    expect(await getCharge(team, charge.id)).toMatchObject({ status: "Paga", paid: "300.00" });
    // The 200,00 reversed: 100,00 paid, 200,00 due again.
    const reversed = await reversePayment(admin, paymentId, { reason: "Pix devolvido" });
    expect(reversed).toMatchObject({ status: "Aberta", paidAt: null, paid: "100.00", amountDue: "200.00" });
    expect(reversed.payments[1]).toMatchObject({ reverseReason: "Pix devolvido", reversedAt: expect.any(String) });
    const twice = await refusal(reversePayment(admin, paymentId, { reason: "de novo" }));
    expect([twice.status, twice.message]).toEqual([409, "Pagamento já estornado"]);
    expect(reversed.history.map((h) => h.event)).toEqual([
      "Criada",
      "Pagamento registrado",
      "Pagamento registrado",
      "Paga",
      "Pagamento estornado",
    ]);
    expect(await count(`"payments" WHERE "chargeId" = :c`, { c: charge.id })).toBe(2);
  });

  it("a late payment pays the fees due on its date", async () => {
    const { admin, team } = await actors();
    // 10 days late: 1.000,00 + 20,00 + 3,33.
    const charge = await oneOff(admin, { amount: "1000.00", dueDate: addDays(TODAY(), -10) });
    const paid = await recordPayment(team, charge.id, { amount: "1023.33", paidOn: TODAY(), method: "Transferência" });
    expect(paid).toMatchObject({ status: "Paga", paid: "1023.33" });
  });

  it.each([
    [{ amount: "0" }, "amount", "Valor deve ser maior que zero"],
    [{ amount: "-5" }, "amount", "Valor deve ser maior que zero"],
    [{ paidOn: "2026-02-30" }, "paidOn", "Data de pagamento inválida"],
    [{ paidOn: "2100-01-01" }, "paidOn", "Data de pagamento no futuro"],
    [{ method: "Cheque" }, "method", "Forma de pagamento inválida"],
  ])("refuses %j with the field's message (400), writing nothing", async (body, field, message) => {
    const { admin, team } = await actors();
    const charge = await oneOff(admin, { amount: "50.00", dueDate: addDays(TODAY(), 5) });
    const refused = await refusal(recordPayment(team, charge.id, { amount: "10", paidOn: TODAY(), method: "Pix", ...body }));
    expect(refused.status).toBe(400);
    expect(refused.errors?.[field]).toEqual([message]);
    expect(await count(`"payments" WHERE "chargeId" = :c`, { c: charge.id })).toBe(0);
  });
});

describe("cancelling", () => {
  it("an open charge without payments, with a reason; not one with payments (409); not twice", async () => {
    const { admin, team } = await actors();
    const charge = await oneOff(admin, { amount: "80.00", dueDate: addDays(TODAY(), 5) });
    const paid = await recordPayment(team, charge.id, { amount: "10", paidOn: TODAY(), method: "Pix" });
    const refused = await refusal(cancelCharge(admin, charge.id, { reason: "Erro" }));
    expect([refused.status, refused.message]).toEqual([409, "Cobrança com pagamentos: estorne-os antes"]);
    await reversePayment(admin, paid.payments[0].id, { reason: "Engano" });
    const cancelled = await cancelCharge(admin, charge.id, { reason: "Lançada por engano" });
    expect(cancelled).toMatchObject({ status: "Cancelada", cancelReason: "Lançada por engano", amountDue: "0.00" });
    const again = await refusal(cancelCharge(admin, charge.id, { reason: "x" }));
    expect([again.status, again.message]).toEqual([409, "Cobrança cancelada"]);
    const pay = await refusal(recordPayment(team, charge.id, { amount: "10", paidOn: TODAY(), method: "Pix" }));
    expect(pay.message).toBe("Cobrança cancelada");
  });

  it("cancelling an enrolment cancels its open charges due after today without payments, in the same transaction", async () => {
    const { admin, team } = await actors();
    const net = await network(1);
    const { enrollment, guardian, student } = net.pupils[0];
    const base = { guardianId: guardian.id, branchId: net.branchId, studentId: student.id, enrollmentId: enrollment.id };
    const past = await makeCharge({ ...base, competence: "2026-01", dueDate: addDays(TODAY(), -20) });
    const future = await makeCharge({ ...base, competence: "2040-01", dueDate: addDays(TODAY(), 20) });
    const futurePaid = await makeCharge({ ...base, competence: "2040-02", dueDate: addDays(TODAY(), 50) });
    await makePayment({ chargeId: futurePaid.id, amountCents: 1000, paidOn: TODAY() });
    await cancelEnrollment(admin, enrollment.id, "Mudou de cidade");
    expect(await getCharge(team, past.id)).toMatchObject({ status: "Aberta" });
    expect(await getCharge(team, future.id)).toMatchObject({ status: "Cancelada", cancelReason: "Matrícula cancelada" });
    expect(await getCharge(team, futurePaid.id)).toMatchObject({ status: "Aberta" });
  });
});

describe("one-off charges", () => {
  it("need a family, a description, a positive amount and a due date; Administrator only", async () => {
    const { admin, team } = await actors();
    const { branchId } = await makeClass();
    const refused = await refusal(createOneOffCharge(admin, { branchId, description: " ", amount: "0", dueDate: "amanhã" }));
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      guardianId: ["Responsável é obrigatório"],
      description: ["Descrição é obrigatória"],
      amount: ["Valor deve ser maior que zero"],
      dueDate: ["Data de vencimento inválida"],
    });
    const { guardian } = await makeGuardian(1);
    const input = { guardianId: guardian.id, branchId, description: "Festival", amount: 45.5, dueDate: "2031-01-10" };
    expect((await refusal(createOneOffCharge(team, input))).status).toBe(403);
    expect(await createOneOffCharge(admin, input)).toMatchObject({
      amount: "45.50",
      competence: null,
      enrollmentId: null,
      code: expect.stringMatching(/^A\d{7,}$/),
    });
  });

  it("a discount out of 0–100 is refused on the enrolment: 'Desconto deve ser de 0 a 100%'", async () => {
    const { admin } = await actors();
    const net = await network(1);
    const id = net.pupils[0].enrollment.id;
    expect((await refusal(updateEnrollment(admin, id, { discountPercent: 101 }))).errors?.discountPercent).toEqual([
      "Desconto deve ser de 0 a 100%",
    ]);
    expect((await updateEnrollment(admin, id, { discountPercent: 15 })).discountPercent).toBe(15);
  });
});

describe("overdue families and the month's summary", () => {
  it("largest first, with the oldest due date, the days late and the bucket", async () => {
    const { team } = await actors();
    const { branchId } = await makeClass();
    const a = await makeGuardian(1);
    const b = await makeGuardian(1);
    await makeCharge({ guardianId: a.guardian.id, branchId, amountCents: 10_000, dueDate: addDays(TODAY(), -45) });
    await makeCharge({ guardianId: a.guardian.id, branchId, amountCents: 10_000, dueDate: addDays(TODAY(), -5) });
    await makeCharge({ guardianId: b.guardian.id, branchId, amountCents: 50_000, dueDate: addDays(TODAY(), -3) });
    await makeCharge({ guardianId: b.guardian.id, branchId, amountCents: 50_000, dueDate: addDays(TODAY(), 3) });
    const families = await overdueFamilies(team, { branchId });
    // B: 500,00 + 10,00 + 500,00 × 1 % × 3/30 (0,50) = 510,50 (its charge not yet due is not counted).
    // A: 100,00 + 2,00 + 1,50 (45 days) and 100,00 + 2,00 + 0,17 (5 days) = 205,67.
    expect(families.map((f) => f.guardianId)).toEqual([b.guardian.id, a.guardian.id]);
    expect(families[0]).toMatchObject({ total: "510.50", daysLate: 3, bucket: "1–30", phone: "11987654321" });
    expect(families[1]).toMatchObject({ total: "205.67", oldestDueDate: addDays(TODAY(), -45), daysLate: 45, bucket: "31–60" });
    expect(families[1].charges).toHaveLength(2);
  });

  it("the kept overdue list follows a payment, a reversal and a new charge at once", async () => {
    const { admin, team } = await actors();
    const { branchId } = await makeClass();
    const a = await makeGuardian(1);
    const b = await makeGuardian(1);
    const late = await makeCharge({ guardianId: a.guardian.id, branchId, amountCents: 10_000, dueDate: addDays(TODAY(), -10) });
    await makeCharge({ guardianId: b.guardian.id, branchId, amountCents: 20_000, dueDate: addDays(TODAY(), -10) });
    const ids = async () => (await overdueFamilies(team, { branchId })).map((f) => f.guardianId);
    expect(await ids()).toEqual([b.guardian.id, a.guardian.id]);
    // Read twice (kept), then a payment settles family A: it leaves the list on the next read.
    expect(await ids()).toEqual([b.guardian.id, a.guardian.id]);
    const due = (await getCharge(team, late.id)).amountDue;
    const paid = await recordPayment(team, late.id, { amount: due, paidOn: TODAY(), method: "Pix" });
    expect(await ids()).toEqual([b.guardian.id]);
    // The reversal brings it back; a new overdue charge of A's puts A first.
    await reversePayment(admin, paid.payments.at(-1)!.id, { reason: "Engano" });
    expect(await ids()).toEqual([b.guardian.id, a.guardian.id]);
    await makeCharge({ guardianId: a.guardian.id, branchId, amountCents: 30_000, dueDate: addDays(TODAY(), -2) });
    expect(await ids()).toEqual([a.guardian.id, b.guardian.id]);
  });

  it("the month's summary: expected, received; a cancelled charge is not expected", async () => {
    const { admin } = await actors();
    const { branchId } = await makeClass();
    const { guardian } = await makeGuardian(1);
    const month = TODAY().slice(0, 7);
    const past = addDays(TODAY(), -1) >= `${month}-01` ? addDays(TODAY(), -1) : `${month}-01`;
    // Expected 200,00 (the 100,00 cancelled is not); received the 50,00 paid today.
    const c1 = await makeCharge({ guardianId: guardian.id, branchId, amountCents: 20_000, dueDate: past });
    await makeCharge({ guardianId: guardian.id, branchId, amountCents: 10_000, dueDate: `${month}-28`, status: "Cancelada" });
    await makePayment({ chargeId: c1.id, amountCents: 5_000, paidOn: TODAY() });
    expect(await billingSummary(admin, { month, branchId })).toMatchObject({ month, expected: "200.00", received: "50.00" });
    expect((await refusal(billingSummary(admin, { month: "2031-13" }))).errors?.month).toEqual(["Mês inválido"]);
  });

  it("the month's summary (kept between reads, as the dashboard reads it) follows a payment and a new charge at once", async () => {
    const { admin, team } = await actors();
    const { branchId } = await makeClass();
    const { guardian } = await makeGuardian(1);
    const month = TODAY().slice(0, 7);
    // Due on the month's last day: never before today (a day 28 is overdue on the 29th, with fees on top).
    const { last } = monthBounds(month);
    const charge = await makeCharge({ guardianId: guardian.id, branchId, amountCents: 10_000, dueDate: last });
    const summary = () => billingSummary(admin, { month, branchId });
    expect(await summary()).toMatchObject({ expected: "100.00", received: "0.00", open: "100.00" });
    expect(await summary()).toMatchObject({ expected: "100.00", received: "0.00", open: "100.00" });
    await recordPayment(team, charge.id, { amount: "40.00", paidOn: TODAY(), method: "Pix" });
    // 100,00 − 40,00 = 60,00 open; then a new 50,00: 150,00 expected, 110,00 open.
    expect(await summary()).toMatchObject({ expected: "100.00", received: "40.00", open: "60.00" });
    await makeCharge({ guardianId: guardian.id, branchId, amountCents: 5_000, dueDate: last });
    expect(await summary()).toMatchObject({ expected: "150.00", received: "40.00", open: "110.00" });
  });
});
