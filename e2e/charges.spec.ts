import { randomUUID } from "node:crypto";
import { addDays, monthTitle, shiftMonth, today } from "../app/domain/calendar/dates";
import { makeBranch, makeCharge, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "./db";
import { expect, hydrated, selectBranch, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

/** A branch with a Pix key, a class, and two pupils of one family enrolled since 2020 on a R$ 150,00 plan. */
async function setup(request: import("@playwright/test").APIRequestContext) {
  const branch = await makeBranch({ name: `Unidade Fin ${tag()}` });
  const made = await makeClass({ branchId: branch.id });
  const offer = await makeOffer(branch.id, { monthlyValue: "150.00" });
  const family = await makeGuardian(1);
  await family.persons[0].update({ fullName: `Beatriz Financeiro ${tag()}`, phone: "11987654321" });
  for (const name of ["Ana", "Bruno"]) {
    const student = await makeStudent(family.guardian.id, { fullName: `${name} ${tag()}` });
    await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
  }
  const res = await request.put(`/api/branches/${branch.id}/billing-settings`, {
    data: { pixKey: "financeiro@escola.com.br", payeeName: "Escola de Dança", payeeCity: "São Paulo", dueDay: 10 },
  });
  expect(res.status()).toBe(200);
  return { branch, family, guardianName: family.persons[0].fullName };
}

test.describe("Financeiro", () => {
  test("generate a month, take a payment, reverse it; the overdue list and its WhatsApp link", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    await loginAs("Administrator");
    const s = await setup(page.request);
    await selectBranch(page, s.branch.name, jsEnabled);
    const month = "2033-05";

    // 'Gerar mensalidades': the preview, then the confirmation.
    await page.goto(`/charges?month=${month}`);
    await expect(page.getByRole("heading", { name: "Mensalidades", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Gerar mensalidades" }).click();
    const dialog = page.getByRole("dialog", { name: "Gerar mensalidades" });
    await expect(dialog).toBeVisible();
    if (jsEnabled) await hydrated(page);
    // The scope: every branch by default; this branch and month chosen, then the preview.
    await expect(dialog.getByLabel("Unidade").locator("option:checked")).toHaveText("Todas as unidades");
    await dialog.getByLabel("Unidade").selectOption({ label: s.branch.name });
    if (jsEnabled) await expect(page).toHaveURL(/branchId=/);
    await dialog.getByLabel("Mês").fill(month);
    await dialog.getByRole("button", { name: "Ver prévia" }).click();
    await expect(dialog.getByText("2 mensalidades, total R$ 300,00.")).toBeVisible();
    await expect(dialog.getByRole("row", { name: `${s.branch.name} 2 R$ 300,00` })).toBeVisible();
    await expectNoAxeViolations();
    await dialog.getByRole("button", { name: `Gerar 2 mensalidades · ${s.branch.name}` }).click();
    await expect(page.getByText("2 mensalidades geradas")).toBeVisible();
    await expect(page.getByText("2 cobranças")).toBeVisible();
    await expectNoAxeViolations();

    // The charge: pay what is due, then reverse it.
    await page.getByRole("link", { name: s.guardianName }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mensalidade 05/2033");
    // Its fee terms are the branch's when it was issued: changing the settings does not re-price it.
    await expect(page.getByText("Multa (2%)")).toBeVisible();
    const changed = await page.request.put(`/api/branches/${s.branch.id}/billing-settings`, {
      data: { finePercent: "0,5", monthlyInterestPercent: 0.25 },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.reload();
    await expect(page.getByText("Multa (2%)")).toBeVisible();
    await expect(page.getByText("Juros (1% ao mês)")).toBeVisible();
    await expect(page.getByLabel("Código Pix")).toHaveValue(/^000201.*br\.gov\.bcb\.pix/);
    await expect(page.getByLabel("Valor")).toHaveValue("150,00");
    await expectNoAxeViolations();
    await page.getByRole("button", { name: "Registrar pagamento" }).click();
    await expect(page.getByText("Pagamento registrado").first()).toBeVisible();
    await expect(page.getByText("Paga", { exact: true }).first()).toBeVisible();
    await page.getByLabel("Motivo do estorno").fill("Pix devolvido pelo banco");
    await page.getByRole("button", { name: "Estornar" }).click();
    await expect(page.getByText("Pagamento estornado").first()).toBeVisible();
    await expect(page.getByText("Estornado: Pix devolvido pelo banco")).toBeVisible();
    await expect(page.getByText("Aberta", { exact: true })).toBeVisible();

    // 'Inadimplência': the family with an overdue charge, and its WhatsApp reminder.
    await makeCharge({ guardianId: s.family.guardian.id, branchId: s.branch.id, amountCents: 20_000, dueDate: addDays(today(), -40) });
    await page.goto("/billing/overdue");
    const row = page.getByRole("row", { name: new RegExp(s.guardianName) });
    await expect(row).toContainText("31–60 dias");
    // The family's name leads to its page (persons and 'Financeiro').
    await expect(row.getByRole("link", { name: s.guardianName, exact: true })).toHaveAttribute(
      "href",
      `/guardians/${s.family.guardian.id}/persons`,
    );
    // The link makes the reminder when followed: a redirect to WhatsApp with the message.
    const link = row.getByRole("link", { name: /Cobrar no WhatsApp/ });
    await expect(link).toHaveAttribute("href", `/billing/overdue/${s.family.guardian.id}/whatsapp`);
    await expect(link).toHaveAttribute("target", "_blank");
    const reminder = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
    expect(reminder.status()).toBe(302);
    const whatsapp = new URL(reminder.headers()["location"]);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/5511987654321");
    expect(whatsapp.searchParams.get("text")).toContain("Pix copia e cola: 000201");
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", /\/api\/billing\/overdue\?format=csv/);
    await expectNoAxeViolations();
  });

  test("generation names its scope and proposes its first month not generated; money and report subtitles name the branch and month, at 375 and 1280 px", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    await loginAs("Administrator");
    const s = await setup(page.request);
    await selectBranch(page, s.branch.name, jsEnabled);
    const current = today().slice(0, 7);
    const dialog = page.getByRole("dialog", { name: "Gerar mensalidades" });
    const subtitle = (text: string) => page.locator("main h1 + p").filter({ hasText: text }).first();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/charges?month=2033-05");
      await expect(subtitle(`${s.branch.name} · Maio de 2033`)).toBeVisible();
      await page.goto("/billing/overdue");
      await expect(subtitle(`${s.branch.name} · ${monthTitle(current)}`)).toBeVisible();
      await page.goto("/reports");
      await expect(subtitle(`${s.branch.name} · ${monthTitle(current)}`)).toBeVisible();
      await page.goto(`/reports/finance?from=2033-01-01&to=2033-03-31&branchId=${s.branch.id}`);
      await expect(subtitle(`${s.branch.name} · Janeiro de 2033 a Março de 2033`)).toBeVisible();
      for (const report of ["funnel", "students", "attendance", "finance"]) {
        await page.goto(`/reports/${report}?from=2033-02-01&to=2033-02-28&branchId=`);
        await expect(subtitle("Todas as unidades · Fevereiro de 2033")).toBeVisible();
      }

      // The branch's scope: nothing generated yet, so the current month; the button says what it does.
      await page.goto(`/charges/generate?branchId=${s.branch.id}`);
      await expect(dialog).toBeVisible();
      if (jsEnabled) await hydrated(page);
      await expect(dialog.getByLabel("Unidade").locator("option:checked")).toHaveText(s.branch.name);
      await expect(dialog.getByLabel("Mês")).toHaveValue(width === 375 ? current : shiftMonth(current, 1));
      await expect(dialog.getByText(`${s.branch.name} · ${monthTitle(width === 375 ? current : shiftMonth(current, 1))}`)).toBeVisible();
      await expect(dialog.getByRole("row", { name: `${s.branch.name} 2 R$ 300,00` })).toBeVisible();
      await expectNoAxeViolations();
      const button = dialog.getByRole("button", { name: `Gerar 2 mensalidades · ${s.branch.name}` });
      await expect(button).toBeEnabled();
      // Every branch: the scope's name on the button, the month back to the network's first not generated.
      await dialog.getByLabel("Unidade").selectOption({ label: "Todas as unidades" });
      if (!jsEnabled) await dialog.getByRole("button", { name: "Ver prévia" }).click();
      await expect(dialog.getByRole("button", { name: /^Gerar .* · Todas as unidades$/ })).toBeVisible();
      // Back to the branch, and generate its month: the next proposal is the month after.
      await page.goto(`/charges/generate?branchId=${s.branch.id}`);
      if (jsEnabled) await hydrated(page);
      await dialog.getByRole("button", { name: `Gerar 2 mensalidades · ${s.branch.name}` }).click();
      await expect(page.getByText("2 mensalidades geradas")).toBeVisible();
    }
  });
});
