import { randomUUID } from "node:crypto";
import { addDays, today } from "../app/domain/calendar/dates";
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
    await expect(dialog.getByText("2 mensalidades, total R$ 300,00.")).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await expectNoAxeViolations();
    await dialog.getByRole("button", { name: "Gerar" }).click();
    await expect(page.getByText("2 mensalidades geradas")).toBeVisible();
    await expect(page.getByText("2 cobranças")).toBeVisible();
    await expectNoAxeViolations();

    // The charge: pay what is due, then reverse it.
    await page.getByRole("link", { name: s.guardianName }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Mensalidade 05/2033");
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
});
