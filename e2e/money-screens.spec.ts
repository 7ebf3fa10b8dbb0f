import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { addDays, daysBetween, monthBounds, today } from "../app/domain/calendar/dates";
import { makeBranch, makeCharge, makeClass, makeEnrollment, makeGuardian, makeOffer, makePayment, makeStudent } from "./db";
import { expect, fieldError, hydrated, selectBranch, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

/**
 * A branch with a Pix key and a family with a pupil enrolled on a R$ 150,00
 * plan, and its charges: one R$ 200,00 overdue by 40 days, one R$ 100,00 due
 * in 10 days, one paid. Due today: 200 + 2 % fine (4,00) + 1 % a month for 40
 * days (2,67) + 100 = R$ 306,67.
 */
async function family(request: APIRequestContext) {
  const branch = await makeBranch({ name: `Unidade Caixa ${tag()}` });
  const made = await makeClass({ branchId: branch.id });
  const offer = await makeOffer(branch.id, { monthlyValue: "150.00" });
  const f = await makeGuardian(1);
  const name = `Carla Família ${tag()}`;
  await f.persons[0].update({ fullName: name, phone: "11987654321" });
  const student = await makeStudent(f.guardian.id, { fullName: `Davi ${tag()}` });
  await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
  const res = await request.put(`/api/branches/${branch.id}/billing-settings`, {
    data: { pixKey: "financeiro@escola.com.br", payeeName: "Escola de Dança", payeeCity: "São Paulo" },
  });
  expect(res.status()).toBe(200);
  const base = { guardianId: f.guardian.id, branchId: branch.id, studentId: student.id };
  const paid = await makeCharge({
    ...base,
    description: "Mensalidade antiga",
    amountCents: 15_000,
    dueDate: addDays(today(), -70),
    status: "Paga",
  });
  await makePayment({ chargeId: paid.id, amountCents: 15_000, paidOn: addDays(today(), -72) });
  const overdue = await makeCharge({ ...base, description: "Mensalidade vencida", amountCents: 20_000, dueDate: addDays(today(), -40) });
  const open = await makeCharge({ ...base, description: "Mensalidade em aberto", amountCents: 10_000, dueDate: addDays(today(), 10) });
  return { branch, guardian: f.guardian, name, student, overdue, open, paid };
}

test.describe("Financeiro da família", () => {
  test("the family's page lists its charges open first with what is due today; 'Nova cobrança' checks its fields and adds one", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator");
    const s = await family(page.request);
    await page.goto(`/guardians/${s.guardian.id}/persons`);
    const dialog = page.getByRole("dialog", { name: "Gerenciar Pessoas" });
    const finance = dialog.getByRole("region", { name: "Financeiro" });
    await expect(finance).toBeVisible();
    await expect(finance.getByTestId("finance-due-today")).toHaveText("Devido hoje: R$ 306,67");
    const rows = finance.getByRole("listitem");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Mensalidade vencida");
    await expect(rows.nth(0)).toContainText("Vencida");
    await expect(rows.nth(0)).toContainText("devido hoje R$ 206,67");
    await expect(rows.nth(1)).toContainText("Mensalidade em aberto");
    await expect(rows.nth(2)).toContainText("Mensalidade antiga");
    await expect(rows.nth(2)).toContainText("Paga");
    await expect(finance.getByRole("link", { name: "Mensalidade vencida" })).toHaveAttribute("href", `/charges/${s.overdue.id}`);
    if (jsEnabled) await hydrated(page);
    await expectNoAxeViolations();

    // 'Nova cobrança': the family's, its fields checked with the messages.
    await finance.getByRole("link", { name: "Nova cobrança" }).click();
    const form = page.getByRole("dialog", { name: "Nova cobrança" });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/guardians/${s.guardian.id}/charges/new$`));
    await expect(form.getByLabel("Responsável")).toHaveValue(s.name);
    if (jsEnabled) await hydrated(page);
    await form.getByLabel("Unidade").selectOption({ label: s.branch.name });
    await form.getByLabel("Valor (R$)").fill("0");
    // Leaving the field checks it with JavaScript (its message moves the button down): then submit.
    await form.getByLabel("Valor (R$)").press("Tab");
    await form.getByRole("button", { name: "Criar" }).click();
    await expect(fieldError(form, "Descrição é obrigatória")).toBeVisible();
    await expect(fieldError(form, "Valor deve ser maior que zero")).toBeVisible();
    await expect(fieldError(form, "Data de vencimento inválida")).toBeVisible();
    await expect(form.getByLabel("Valor (R$)")).toHaveValue("0");
    await expectNoAxeViolations();

    await form.getByLabel("Aluno").selectOption({ label: s.student.fullName });
    await form.getByLabel("Descrição").fill("Figurino do festival");
    await form.getByLabel("Valor (R$)").fill("85,50");
    await form.getByLabel("Vencimento").fill(addDays(today(), 20));
    await form.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(new RegExp(`/guardians/${s.guardian.id}/persons$`));
    await expect(page.getByText("Cobrança criada")).toBeVisible();
    const after = page.getByRole("dialog", { name: "Gerenciar Pessoas" }).getByRole("region", { name: "Financeiro" });
    await expect(after.getByRole("listitem")).toHaveCount(4);
    await expect(after.getByRole("listitem").nth(2)).toContainText("Figurino do festival");
    await expect(after.getByTestId("finance-due-today")).toHaveText("Devido hoje: R$ 392,17");
    const list = await (await page.request.get(`/api/charges?guardianId=${s.guardian.id}&status=Aberta`)).json();
    const created = (Array.isArray(list) ? list : list.items).find(
      (c: { description: string }) => c.description === "Figurino do festival",
    );
    expect(created).toMatchObject({ amount: "85.50", studentId: s.student.id, branchId: s.branch.id, enrollmentId: null });
  });

  test("a family without charges says so; Team reads the section without 'Nova cobrança' and may not open it", async ({
    page,
    loginAs,
  }) => {
    await loginAs("Team");
    const f = await makeGuardian(1);
    await page.goto(`/guardians/${f.guardian.id}/persons`);
    const finance = page.getByRole("dialog", { name: "Pessoas do Responsável" }).getByRole("region", { name: "Financeiro" });
    await expect(finance.getByText("Nenhuma cobrança desta família")).toBeVisible();
    await expect(finance.getByTestId("finance-due-today")).toHaveCount(0);
    await expect(finance.getByRole("link", { name: "Nova cobrança" })).toHaveCount(0);
    const res = await page.goto(`/guardians/${f.guardian.id}/charges/new`);
    expect(res?.status()).toBe(403);
  });
});

test.describe("Telas do financeiro, axe", () => {
  for (const width of [375, 1280]) {
    test(`the charges, the generation's preview, a charge with its Pix code, the overdue families and the family's section are axe-clean at ${width} px`, async ({
      page,
      loginAs,
      jsEnabled,
      expectNoAxeViolations,
    }) => {
      test.setTimeout(150_000);
      await loginAs("Administrator");
      const s = await family(page.request);
      await page.setViewportSize({ width, height: 900 });
      // The money screens show the selected branch's charges.
      await selectBranch(page, s.branch.name, jsEnabled);
      const month = addDays(today(), -40).slice(0, 7);
      const ready = async () => {
        if (jsEnabled) await hydrated(page);
      };

      await page.goto(`/charges?month=${month}&q=${encodeURIComponent(s.name)}`);
      await expect(page.getByRole("heading", { level: 1, name: "Mensalidades" })).toBeVisible();
      await expect(page.getByRole("link", { name: s.name }).first()).toBeVisible();
      await ready();
      await expectNoAxeViolations();

      await page.goto(`/charges/generate?month=2034-02`);
      await expect(page.getByRole("dialog", { name: "Gerar mensalidades" })).toBeVisible();
      await ready();
      await expectNoAxeViolations();

      await page.goto(`/charges/${s.overdue.id}`);
      await expect(page.getByLabel("Código Pix")).toHaveValue(/^000201.*br\.gov\.bcb\.pix/);
      await expect(page.getByRole("img", { name: /QR/ }).first()).toBeVisible();
      await ready();
      await expectNoAxeViolations();

      await page.goto("/billing/overdue");
      await expect(page.getByRole("heading", { level: 1, name: "Inadimplência" })).toBeVisible();
      await expect(page.getByText(s.name).locator("visible=true").first()).toBeVisible();
      await ready();
      await expectNoAxeViolations();

      await page.goto(`/guardians/${s.guardian.id}/persons`);
      await expect(page.getByRole("region", { name: "Financeiro" })).toBeVisible();
      await ready();
      await expectNoAxeViolations();

      await page.goto(`/guardians/${s.guardian.id}/charges/new`);
      await expect(page.getByRole("dialog", { name: "Nova cobrança" })).toBeVisible();
      await ready();
      await expectNoAxeViolations();

      await page.goto(`/students/${s.student.id}`);
      await expect(page.getByRole("region", { name: "Financeiro" })).toBeVisible();
      await ready();
      await expectNoAxeViolations();
    });
  }
});

test.describe("Status das cobranças", () => {
  for (const width of [375, 1280]) {
    test(`one status badge on every money list ('Vencida · há N dias', '✓ Paga', 'Parcial', 'Aberta'), open ones first; axe-clean at ${width} px`, async ({
      page,
      loginAs,
      jsEnabled,
      expectNoAxeViolations,
    }) => {
      test.setTimeout(120_000);
      await loginAs("Administrator");
      const s = await family(page.request);
      await page.setViewportSize({ width, height: 900 });
      await selectBranch(page, s.branch.name, jsEnabled);
      // In the month of the overdue charge: a paid one due on its first day, a cancelled one, and an open one due on its
      // last day (before today whatever today is), which must come first.
      const month = addDays(today(), -40).slice(0, 7);
      const { first, last } = monthBounds(month);
      const base = { guardianId: s.guardian.id, branchId: s.branch.id, studentId: s.student.id };
      await makeCharge({ ...base, description: "Paga no início", dueDate: first, status: "Paga" });
      await makeCharge({ ...base, description: "Cancelada no início", dueDate: first, status: "Cancelada" });
      const late = await makeCharge({ ...base, description: "Vencida no fim", dueDate: last });
      const partial = await makeCharge({ ...base, description: "Paga em parte", amountCents: 10_000, dueDate: addDays(today(), 20) });
      await makePayment({ chargeId: partial.id, amountCents: 4_000, paidOn: today() });
      const days = (date: string) => {
        const n = daysBetween(date, today());
        return n === 1 ? "há 1 dia" : `há ${n} dias`;
      };

      await page.goto(`/charges?month=${month}&q=${encodeURIComponent(s.name)}`);
      const rows = page.getByRole("table", { name: "Mensalidades" }).locator("tbody tr");
      const statuses = rows.locator("[data-status]");
      // Open ones first (the oldest due first), then the paid and the cancelled ones.
      await expect(rows.first()).toContainText("Mensalidade vencida");
      await expect(rows.nth(1)).toContainText("Vencida no fim");
      await expect(statuses).toHaveText([
        `Vencida · ${days(addDays(today(), -40))}`,
        `Vencida · ${days(last)}`,
        /(✓\s?Paga|Cancelada)$/,
        /(✓\s?Paga|Cancelada)$/,
      ]);
      await expect(rows.filter({ hasText: "Paga no início" }).locator("[data-status]")).toHaveText("✓ Paga");
      await expect(rows.filter({ hasText: "Cancelada no início" }).locator("[data-status]")).toHaveText("Cancelada");
      await expectNoAxeViolations();

      await page.goto(`/charges/${partial.id}`);
      await expect(page.locator("[data-status]")).toHaveText("Parcial");
      await page.goto(`/charges/${late.id}`);
      await expect(page.locator("[data-status]")).toHaveText(`Vencida · ${days(last)}`);
      await page.goto(`/charges/${s.open.id}`);
      await expect(page.locator("[data-status]")).toHaveText("Aberta");

      await page.goto("/billing/overdue");
      await expect(
        page
          .getByText(`Vencida · ${days(addDays(today(), -40))}`)
          .locator("visible=true")
          .first(),
      ).toBeVisible();
      await expectNoAxeViolations();

      // The family's section (a student's and a family's page) says the same.
      await page.goto(`/guardians/${s.guardian.id}/persons`);
      const finance = page.getByRole("region", { name: "Financeiro" });
      await expect(finance.locator("[data-status]").locator("visible=true").first()).toHaveText(`Vencida · ${days(addDays(today(), -40))}`);
      await expect(finance.getByText("Parcial").locator("visible=true")).toHaveCount(1);
      await expectNoAxeViolations();
    });
  }
});
