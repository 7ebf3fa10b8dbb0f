import { describe, expect, it } from "vitest";
import { BillingSettings } from "#db/models.ts";
import { selectRows } from "~/platform/db.server";
import { addDays, today } from "~/domain/calendar/dates";
import { chargePix } from "~/domain/charges/pix.server";
import { getCharge } from "~/domain/charges/queries.server";
import {
  createOneOffCharge,
  generateCharges,
  previewGeneration,
  recordPayment,
  reversePayment,
  updateBillingSettings,
  waiveFees,
} from "~/domain/charges/service.server";
import { createEnrollment, enrollFromTrial } from "~/domain/enrollments/service.server";
import {
  makeBranch,
  makeCharge,
  makeClass,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makePayment,
  makeStudent,
  makeTrial,
} from "../support/factories";
import { actorOfType, refusal } from "../support/service";

/**
 * Issue 39: money decisions are the Administrator's. Reversals, back-dated
 * payments beyond a week and discounts at enrolment; zero is not a charge;
 * a Pix that cannot be made is said so, never a failure.
 */

const FORBIDDEN = "Você não tem permissão para realizar esta ação";

async function family() {
  const { branchId } = await makeClass();
  const { guardian } = await makeGuardian(1);
  return { branchId, guardianId: guardian.id };
}

async function paymentsOf(chargeId: string): Promise<number> {
  const [row] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "payments" WHERE "chargeId" = :chargeId`, {
    chargeId,
  });
  return Number(row.n);
}

describe("reversing a payment", () => {
  it("is the Administrator's: Team is refused (403) and the payment still counts", async () => {
    const [team, admin] = [await actorOfType("Team"), await actorOfType("Administrator")];
    const f = await family();
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), 5) });
    const paid = await recordPayment(team, charge.id, { amount: "100.00", paidOn: today(), method: "Pix" });
    expect(paid.status).toBe("Paga");
    const paymentId = paid.payments[0].id;
    const refused = await refusal(reversePayment(team, paymentId, { reason: "Pix devolvido" }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(FORBIDDEN);
    expect((await getCharge(admin, charge.id)).payments[0].reversedAt).toBeNull();
    const reversed = await reversePayment(admin, paymentId, { reason: "Pix devolvido" });
    expect(reversed).toMatchObject({ status: "Aberta", paid: "0.00" });
  });
});

describe("a back-dated payment", () => {
  it("Team: from 7 days ago to today; 8 days ago is 400 'Data de pagamento anterior a 7 dias: peça ao Administrador'", async () => {
    const team = await actorOfType("Team");
    const f = await family();
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), 5) });
    const refused = await refusal(recordPayment(team, charge.id, { amount: "10.00", paidOn: addDays(today(), -8), method: "Pix" }));
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ paidOn: ["Data de pagamento anterior a 7 dias: peça ao Administrador"] });
    expect(await paymentsOf(charge.id)).toBe(0);
    const ok = await recordPayment(team, charge.id, { amount: "10.00", paidOn: addDays(today(), -7), method: "Pix" });
    expect(ok.payments.map((p) => p.paidOn)).toEqual([addDays(today(), -7)]);
  });

  it("Administrator: from the charge's creation date less 60 days; earlier is 400 'Data de pagamento anterior ao permitido'", async () => {
    const admin = await actorOfType("Administrator");
    const f = await family();
    const created = addDays(today(), -100);
    const charge = await makeCharge({
      ...f,
      amountCents: 10_000,
      dueDate: addDays(today(), -90),
      createdAt: new Date(`${created}T15:00:00Z`),
    });
    const earliest = addDays(created, -60);
    const refused = await refusal(recordPayment(admin, charge.id, { amount: "10.00", paidOn: addDays(earliest, -1), method: "Pix" }));
    expect(refused.status).toBe(400);
    expect(refused.errors).toEqual({ paidOn: ["Data de pagamento anterior ao permitido"] });
    expect(await paymentsOf(charge.id)).toBe(0);
    const ok = await recordPayment(admin, charge.id, { amount: "10.00", paidOn: earliest, method: "Dinheiro" });
    expect(ok.payments.map((p) => p.paidOn)).toEqual([earliest]);
    // Team, on the same charge, a week back at most.
    const team = await actorOfType("Team");
    const teamRefused = await refusal(recordPayment(team, charge.id, { amount: "1.00", paidOn: addDays(today(), -30), method: "Pix" }));
    expect(teamRefused.errors).toEqual({ paidOn: ["Data de pagamento anterior a 7 dias: peça ao Administrador"] });
  });

  it("Administrator: never before 2000-01-01, even for a charge created then", async () => {
    const admin = await actorOfType("Administrator");
    const f = await family();
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate: "2000-03-10", createdAt: new Date("2000-02-15T15:00:00Z") });
    const refused = await refusal(recordPayment(admin, charge.id, { amount: "10.00", paidOn: "1999-12-31", method: "Pix" }));
    expect(refused.errors).toEqual({ paidOn: ["Data de pagamento anterior ao permitido"] });
    const ok = await recordPayment(admin, charge.id, { amount: "10.00", paidOn: "2000-01-01", method: "Pix" });
    expect(ok.payments.map((p) => p.paidOn)).toEqual(["2000-01-01"]);
  });

  it("a future date keeps its rule: 'Data de pagamento no futuro'", async () => {
    const admin = await actorOfType("Administrator");
    const f = await family();
    const charge = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), 5) });
    const refused = await refusal(recordPayment(admin, charge.id, { amount: "10.00", paidOn: addDays(today(), 1), method: "Pix" }));
    expect(refused.errors).toEqual({ paidOn: ["Data de pagamento no futuro"] });
  });
});

describe("a discount at enrolment", () => {
  async function classWithStudent() {
    const { cls, branchId } = await makeClass();
    const offer = await makeOffer(branchId);
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    return { cls, offer, guardian, student };
  }

  it("Team: 403 'Desconto só pelo Administrador' on the discount's field, nothing written; 0 or none is fine", async () => {
    const [team, admin] = [await actorOfType("Team"), await actorOfType("Administrator")];
    const s = await classWithStudent();
    const input = { studentId: s.student.id, classId: s.cls.id, offerId: s.offer.id, startDate: addDays(today(), 7) };
    const refused = await refusal(createEnrollment(team, { ...input, discountPercent: 10 }));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("Desconto só pelo Administrador");
    expect(refused.errors).toEqual({ discountPercent: ["Desconto só pelo Administrador"] });
    const [none] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "enrollments" WHERE "studentId" = :id`, {
      id: s.student.id,
    });
    expect(Number(none.n)).toBe(0);
    expect((await createEnrollment(team, { ...input, discountPercent: 0 })).discountPercent).toBe(0);
    const other = await classWithStudent();
    const byAdmin = await createEnrollment(admin, {
      studentId: other.student.id,
      classId: other.cls.id,
      offerId: other.offer.id,
      startDate: addDays(today(), 7),
      discountPercent: 12.5,
    });
    expect(byAdmin.discountPercent).toBe(12.5);
  });

  it("from a trial: Team's discount is refused before the family is written", async () => {
    const team = await actorOfType("Team");
    const { cls, branchId } = await makeClass();
    const offer = await makeOffer(branchId);
    const trial = await makeTrial(cls.id);
    const { guardian } = await makeGuardian(1);
    const body = { guardianId: guardian.id, offerId: offer.id, startDate: addDays(today(), 7), discountPercent: "5" };
    const refused = await refusal(enrollFromTrial(team, trial.id, body));
    expect(refused.status).toBe(403);
    expect(refused.errors).toEqual({ discountPercent: ["Desconto só pelo Administrador"] });
    const [students] = await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "students" WHERE "guardianId" = :id`, {
      id: guardian.id,
    });
    expect(Number(students.n)).toBe(0);
    const ok = await enrollFromTrial(team, trial.id, { ...body, discountPercent: undefined });
    expect(ok.enrollment.discountPercent).toBe(0);
  });
});

describe("zero is not a charge", () => {
  it("a 100 % discount: no monthly charge; the preview lists it apart ('Bolsa integral: sem cobrança')", async () => {
    const admin = await actorOfType("Administrator");
    const { cls, branchId } = await makeClass();
    const offer = await makeOffer(branchId, { monthlyValue: "200.00" });
    const pupils = [];
    for (const discount of [0, 100]) {
      const { guardian } = await makeGuardian(1);
      const student = await makeStudent(guardian.id);
      const enrollment = await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id, startDate: "2020-01-06" });
      await enrollment.update({ discountPercent: discount });
      pupils.push({ student, enrollment });
    }
    const month = "2032-07";
    const preview = await previewGeneration(admin, { month, branchId });
    expect(preview).toMatchObject({ count: 1, total: "200.00" });
    expect(preview.items.map((i) => i.enrollmentId)).toEqual([pupils[0].enrollment.id]);
    expect(preview.fullScholarships).toEqual([
      expect.objectContaining({ enrollmentId: pupils[1].enrollment.id, studentName: pupils[1].student.fullName, amount: "0.00" }),
    ]);
    expect(await generateCharges(admin, { month, branchId })).toEqual({ month, branchId, created: 1, skipped: 0, total: "200.00" });
    const rows = await selectRows<{ enrollmentId: string }>(`SELECT "enrollmentId" FROM "charges" WHERE "branchId" = :branchId`, {
      branchId,
    });
    expect(rows.map((r) => r.enrollmentId)).toEqual([pupils[0].enrollment.id]);
  });

  it("a one-off charge of R$ 0,00 is refused: 'Valor deve ser maior que zero'", async () => {
    const admin = await actorOfType("Administrator");
    const f = await family();
    for (const amount of ["0", "0,00", 0, "0.001"]) {
      const refused = await refusal(createOneOffCharge(admin, { ...f, description: "Figurino", amount, dueDate: addDays(today(), 5) }));
      expect(refused.errors?.amount).toEqual(["Valor deve ser maior que zero"]);
    }
  });

  it("the Pix of a charge with nothing due is 409 'Nada a pagar': paid, cancelled, waived down to what was paid, balance 0", async () => {
    const admin = await actorOfType("Administrator");
    const f = await family();
    await updateBillingSettings(admin, f.branchId, { pixKey: "financeiro@escola.com.br", payeeName: "Escola", payeeCity: "Recife" });
    const paid = await makeCharge({ ...f, status: "Paga" });
    const cancelled = await makeCharge({ ...f, status: "Cancelada" });
    const zero = await makeCharge({ ...f, amountCents: 0, dueDate: addDays(today(), 5) });
    // Late, paid without its fees, then the fees waived: 'Paga'.
    const waived = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), -10) });
    await makePayment({ chargeId: waived.id, amountCents: 10_000, paidOn: addDays(today(), -1) });
    expect((await waiveFees(admin, waived.id, { reason: "Acordo" })).status).toBe("Paga");
    // Open, with its fees waived and paid in full (still 'Aberta' as written straight in the database).
    const settled = await makeCharge({ ...f, amountCents: 10_000, dueDate: addDays(today(), -10), feesWaived: true });
    await makePayment({ chargeId: settled.id, amountCents: 10_000, paidOn: addDays(today(), -1) });
    for (const charge of [paid, cancelled, zero, waived, settled]) {
      const refused = await refusal(chargePix(admin, charge.id));
      expect(refused.status).toBe(409);
      expect(refused.message).toBe("Nada a pagar");
    }
    const open = await makeCharge({ ...f, amountCents: 5_000, dueDate: addDays(today(), 5) });
    expect((await chargePix(admin, open.id)).amount).toBe("50.00");
  });
});

describe("Pix never breaks", () => {
  it("settings: a payee's name or city without letters once accents and symbols go is 400", async () => {
    const admin = await actorOfType("Administrator");
    const branch = await makeBranch();
    const key = { pixKey: "financeiro@escola.com.br" };
    const name = await refusal(updateBillingSettings(admin, branch.id, { ...key, payeeName: "!!! ***", payeeCity: "Recife" }));
    expect(name.status).toBe(400);
    expect(name.errors).toEqual({ payeeName: ["Nome do recebedor inválido para Pix"] });
    const city = await refusal(updateBillingSettings(admin, branch.id, { ...key, payeeName: "Escola", payeeCity: "´´" }));
    expect(city.errors).toEqual({ payeeCity: ["Cidade do recebedor inválida para Pix"] });
    // Without a key too: what is typed must be usable once a key comes.
    const noKey = await refusal(updateBillingSettings(admin, branch.id, { payeeName: "123", payeeCity: "Recife" }));
    expect(noKey.errors).toEqual({ payeeName: ["Nome do recebedor inválido para Pix"] });
    // What the code carries: 25 characters of the name, 15 of the city.
    const cut = await refusal(
      updateBillingSettings(admin, branch.id, { ...key, payeeName: "Escola", payeeCity: "1234567890123456 Recife" }),
    );
    expect(cut.errors).toEqual({ payeeCity: ["Cidade do recebedor inválida para Pix"] });
    const ok = await updateBillingSettings(admin, branch.id, { ...key, payeeName: "Ação & Dança Ltda.", payeeCity: "São Paulo" });
    expect(ok).toMatchObject({ payeeName: "Ação & Dança Ltda.", payeeCity: "São Paulo" });
  });

  it("a bad payee written straight into the database: the Pix is 409 'Pix indisponível…', not a failure", async () => {
    const admin = await actorOfType("Administrator");
    const f = await family();
    await updateBillingSettings(admin, f.branchId, { pixKey: "financeiro@escola.com.br", payeeName: "Escola", payeeCity: "Recife" });
    // As a script or an old release could have left it (the settings' rule refuses it now).
    await BillingSettings.update({ payeeName: "###" }, { where: { branchId: f.branchId } });
    const charge = await makeCharge({ ...f, amountCents: 5_000, dueDate: addDays(today(), 5) });
    const refused = await refusal(chargePix(admin, charge.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe("Pix indisponível para esta cobrança: fale com a secretaria da escola.");
  });
});
