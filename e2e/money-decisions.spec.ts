import { randomUUID } from "node:crypto";
import { addDays, today } from "../app/domain/calendar/dates";
import { makeBillingSettings, makeBranch, makeCharge, makeClass, makeGuardian, makeOffer, makePayment, makeStudent } from "./db";
import { expect, hydrated, test } from "./fixtures";

/**
 * Issue 39: money decisions are the Administrator's. What Team sees on the
 * screens (no 'Estornar', no 'Desconto (%)'), and a Pix the branch's payee
 * cannot make shown as unavailable instead of breaking the page; on a phone
 * and on a desktop.
 */

const tag = () => randomUUID().slice(0, 6);
const PIX_UNAVAILABLE = "Pix indisponível para esta cobrança: fale com a secretaria da escola.";

/** A branch whose stored payee name has no letters (as an old release or a script could leave it), with a family's open charge partly paid. */
async function setup() {
  const branch = await makeBranch({ name: `Unidade Decisões ${tag()}` });
  await makeBillingSettings(branch.id, { pixKey: "financeiro@escola.com.br", payeeName: "***", payeeCity: "Recife" });
  const { cls } = await makeClass({ branchId: branch.id });
  const offer = await makeOffer(branch.id, { name: `Plano ${tag()}`, monthlyValue: "180.00" });
  const family = await makeGuardian(1);
  const student = await makeStudent(family.guardian.id, { fullName: `Lívia ${tag()}` });
  const charge = await makeCharge({
    guardianId: family.guardian.id,
    studentId: student.id,
    branchId: branch.id,
    description: `Figurino ${tag()}`,
    amountCents: 12_000,
    dueDate: addDays(today(), 5),
  });
  await makePayment({ chargeId: charge.id, amountCents: 2_000, paidOn: today() });
  return { cls, offer, student, charge };
}

for (const width of [375, 1280]) {
  test.describe(`Decisões de dinheiro (${width} px)`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("Team: the charge without 'Estornar' and with 'Pix indisponível…'; the enrolment without 'Desconto (%)'", async ({
      page,
      loginAs,
      jsEnabled,
      expectNoAxeViolations,
    }) => {
      const s = await setup();
      await loginAs("Team");
      await page.goto(`/charges/${s.charge.id}`);
      await expect(page.getByRole("heading", { level: 1, name: s.charge.description })).toBeVisible();
      const payments = page.getByRole("region", { name: "Pagamentos" });
      await expect(payments.getByText("R$ 20,00")).toBeVisible();
      await expect(page.getByRole("button", { name: "Estornar" })).toHaveCount(0);
      await expect(page.getByLabel("Motivo do estorno")).toHaveCount(0);
      await expect(page.getByText(PIX_UNAVAILABLE)).toBeVisible();
      await expect(page.getByLabel("Código Pix")).toHaveCount(0);
      // A payment dated a week back at most: the date field says so.
      await expect(page.getByLabel("Data", { exact: true })).toHaveAttribute("min", addDays(today(), -7));
      if (jsEnabled) await hydrated(page);
      await expectNoAxeViolations();

      await page.goto(`/students/${s.student.id}/enroll?classId=${s.cls.id}`);
      const dialog = page.getByRole("dialog", { name: "Nova matrícula" });
      await expect(dialog).toBeVisible();
      if (jsEnabled) await hydrated(page);
      await expect(dialog.getByLabel("Data de início")).toBeVisible();
      await expect(dialog.getByLabel("Desconto (%)")).toHaveCount(0);
      await dialog.getByLabel("Oferta").selectOption({ label: `${s.offer.name} - R$ 180,00` });
      await dialog.getByRole("button", { name: "Matricular" }).click();
      await expect(page).toHaveURL(new RegExp(`/students/${s.student.id}$`));
      await expect(page.getByText("Matrícula realizada")).toBeVisible();
      const res = await page.request.get(`/api/enrollments?studentId=${s.student.id}`);
      const body = await res.json();
      const items = Array.isArray(body) ? body : body.items;
      expect(items.map((e: { discountPercent: number }) => e.discountPercent)).toEqual([0]);
    });

    test("the Administrator: 'Estornar' on the charge, and 'Desconto (%)' in the enrolment", async ({ page, loginAs, jsEnabled }) => {
      const s = await setup();
      await loginAs("Administrator");
      await page.goto(`/charges/${s.charge.id}`);
      await expect(page.getByRole("heading", { level: 1, name: s.charge.description })).toBeVisible();
      await expect(page.getByText(PIX_UNAVAILABLE)).toBeVisible();
      if (jsEnabled) await hydrated(page);
      await page.getByLabel("Motivo do estorno").fill("Lançado em dobro");
      await page.getByRole("button", { name: "Estornar" }).click();
      await expect(page.getByText("Estornado: Lançado em dobro")).toBeVisible();

      await page.goto(`/students/${s.student.id}/enroll?classId=${s.cls.id}`);
      const dialog = page.getByRole("dialog", { name: "Nova matrícula" });
      await expect(dialog.getByLabel("Desconto (%)")).toHaveValue("0");
    });
  });
}
