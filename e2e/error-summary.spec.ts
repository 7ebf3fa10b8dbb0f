import { expect, test } from "./fixtures";

/**
 * A failed submit shows, at the top of the form, 'Há um problema' and each message as a
 * link to its field (the GOV.UK error summary), and the page lands on it: with and
 * without JavaScript, on every create form of the app.
 */
const FORMS = [
  { url: "/users/new", dialog: "Adicionar Novo Usuário", submit: "Criar" },
  { url: "/offers/new", dialog: "Adicionar Oferta", submit: "Criar" },
  { url: "/branches/new", dialog: "Adicionar Unidade", submit: "Criar" },
  { url: "/courses/new", dialog: "Adicionar Curso", submit: "Criar" },
  { url: "/classes/new", dialog: "Adicionar Turma", submit: "Criar" },
  { url: "/guardians/new", dialog: "Novo Responsável", submit: "Cadastrar" },
  { url: "/students/new", dialog: "Novo Aluno", submit: "Cadastrar" },
  { url: "/trials/new", dialog: "Novo Experimental", submit: "Cadastrar" },
] as const;

test.describe("Resumo de erros", () => {
  test("every create form: a failed submit lands on the summary, whose links lead to fields that exist", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    for (const form of FORMS) {
      await page.goto(form.url);
      const dialog = page.getByRole("dialog", { name: form.dialog });
      await expect(dialog, form.url).toBeVisible();
      await dialog.getByRole("button", { name: form.submit, exact: true }).click();
      const summary = dialog.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Há um problema" }) });
      await expect(summary, form.url).toBeVisible();
      await expect(summary, form.url).toBeFocused();
      const targets = await summary.getByRole("link").evaluateAll((links) =>
        links.map((a) => {
          const id = decodeURIComponent((a as HTMLAnchorElement).hash.slice(1));
          const target = document.getElementById(id);
          return { id, exists: target !== null, control: target?.matches("input, select, textarea, button, [tabindex]") ?? false };
        }),
      );
      expect(targets.length, form.url).toBeGreaterThan(0);
      for (const t of targets) expect(t, `${form.url} → #${t.id}`).toMatchObject({ exists: true, control: true });
    }
  });

  test("a summary link moves to its field, what was typed is kept, and the page passes axe", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator");
    await page.goto("/branches/new");
    const dialog = page.getByRole("dialog", { name: "Adicionar Unidade" });
    await dialog.getByLabel("Nome").fill("Unidade Resumo");
    await dialog.getByRole("button", { name: "Criar", exact: true }).click();
    const summary = dialog.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Há um problema" }) });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText(["Endereço é obrigatório"]);
    await expect(dialog.getByLabel("Nome")).toHaveValue("Unidade Resumo");
    await expectNoAxeViolations();
    await summary.getByRole("link", { name: "Endereço é obrigatório" }).click();
    if (jsEnabled) await expect(dialog.getByLabel("Endereço")).toBeFocused();
    else await expect(page).toHaveURL(/#.+address$/);
  });

  test("the sign-in and registration forms have it too", async ({ page }) => {
    await page.goto("/auth?mode=register");
    await page.getByRole("button", { name: "Criar Conta" }).click();
    const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Há um problema" }) });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "E-mail é obrigatório" })).toHaveAttribute("href", "#auth-register-email");
  });
});
