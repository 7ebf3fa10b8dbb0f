import { randomUUID } from "node:crypto";
import { makeBranch } from "./db";
import { expect, fieldError, hydrated, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

test.describe("Financeiro da unidade", () => {
  test("each invalid value says its message with what was typed kept; valid values are saved and shown again", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator");
    const branch = await makeBranch({ name: `Unidade Pix ${tag()}` });
    await page.goto("/branches");
    if (jsEnabled) await hydrated(page);
    await page
      .getByRole("link", { name: `Financeiro de ${branch.name}` })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Financeiro" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/billing$`));
    // The defaults: due on the 10th, 2 % fine, 1 % interest a month.
    await expect(dialog.getByLabel("Dia de vencimento")).toHaveValue("10");
    await expect(dialog.getByLabel("Multa (%)")).toHaveValue("2");
    await expect(dialog.getByLabel("Juros ao mês (%)")).toHaveValue("1");
    await expectNoAxeViolations();

    // One invalid value of each kind.
    await dialog.getByLabel("Chave Pix").fill("chave errada");
    await dialog.getByLabel("Nome do recebedor").fill("Escola de Dança");
    await dialog.getByLabel("Cidade do recebedor").fill("São Paulo");
    await dialog.getByLabel("Dia de vencimento").fill("29");
    await dialog.getByLabel("Multa (%)").fill("2,5");
    await dialog.getByLabel("Juros ao mês (%)").fill("1,5");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    const errors = page.getByRole("dialog", { name: "Financeiro" });
    await expect(fieldError(errors, "Chave Pix inválida")).toBeVisible();
    await expect(fieldError(errors, "Dia de vencimento deve ser de 1 a 28")).toBeVisible();
    await expect(fieldError(errors, "Multa deve ser de 0 a 2%")).toBeVisible();
    await expect(fieldError(errors, "Juros devem ser de 0 a 1% ao mês")).toBeVisible();
    await expect(errors.getByLabel("Chave Pix")).toHaveValue("chave errada");
    await expect(errors.getByLabel("Chave Pix")).toHaveAttribute("aria-invalid", "true");
    await expect(errors.getByLabel("Dia de vencimento")).toHaveValue("29");
    await expect(errors.getByLabel("Multa (%)")).toHaveValue("2,5");
    await expect(errors.getByLabel("Juros ao mês (%)")).toHaveValue("1,5");
    await expectNoAxeViolations();
    // Nothing was saved.
    const before = await (await page.request.get(`/api/branches/${branch.id}/billing-settings`)).json();
    expect(before).toMatchObject({ pixKey: null, dueDay: 10, finePercent: 2, monthlyInterestPercent: 1 });

    // Valid values: saved, and shown again when the dialog opens anew.
    await errors.getByLabel("Chave Pix").fill("financeiro@escola.com.br");
    await errors.getByLabel("Dia de vencimento").fill("15");
    await errors.getByLabel("Multa (%)").fill("1,5");
    await errors.getByLabel("Juros ao mês (%)").fill("0,5");
    await errors.getByRole("button", { name: "Salvar" }).click();
    await expect(page).toHaveURL(/\/branches$/);
    await expect(page.getByText("Configurações financeiras salvas")).toBeVisible();
    await page.goto(`/branches/${branch.id}/billing`);
    const again = page.getByRole("dialog", { name: "Financeiro" });
    await expect(again.getByLabel("Chave Pix")).toHaveValue("financeiro@escola.com.br");
    await expect(again.getByLabel("Nome do recebedor")).toHaveValue("Escola de Dança");
    await expect(again.getByLabel("Cidade do recebedor")).toHaveValue("São Paulo");
    await expect(again.getByLabel("Dia de vencimento")).toHaveValue("15");
    await expect(again.getByLabel("Multa (%)")).toHaveValue("1,5");
    await expect(again.getByLabel("Juros ao mês (%)")).toHaveValue("0,5");
    const saved = await (await page.request.get(`/api/branches/${branch.id}/billing-settings`)).json();
    expect(saved).toMatchObject({
      pixKey: "financeiro@escola.com.br",
      pixKeyKind: "email",
      dueDay: 15,
      finePercent: 1.5,
      monthlyInterestPercent: 0.5,
    });
  });

  test("the dialog keeps the focus inside and closes on Escape @js-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const branch = await makeBranch({ name: `Unidade Foco ${tag()}` });
    await page.goto("/branches");
    await hydrated(page);
    const open = page.getByRole("link", { name: `Financeiro de ${branch.name}` }).first();
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Financeiro" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);

    // The page behind the modal dialog is inert: Tab never reaches it (past the
    // last control focus goes to the browser's own UI, then back into the dialog).
    let inside = 0;
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      const where = await dialog.evaluate((el) =>
        el.contains(document.activeElement) ? "dialog" : document.activeElement === document.body ? "browser" : "page",
      );
      expect(where).not.toBe("page");
      if (where === "dialog") inside++;
    }
    expect(inside).toBeGreaterThan(14);
    await dialog.getByLabel("Dia de vencimento").focus();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/branches$/);
    await expect(page.getByRole("dialog", { name: "Financeiro" })).toHaveCount(0);
  });
});
