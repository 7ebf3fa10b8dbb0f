import { expect, test, fieldError } from "./fixtures";

test.describe("Cursos", () => {
  test("administrator creates, edits and deletes a course through URL dialogs", async ({ page, loginAs, jsEnabled }) => {
    await loginAs("Administrator");
    await page.goto("/courses");
    await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeVisible();
    const name = `Ballet ${Math.random().toString(36).slice(2, 8)}`;

    await page.getByRole("link", { name: "Adicionar Curso" }).click();
    await expect(page).toHaveURL(/\/courses\/new$/);
    const dialog = page.getByRole("dialog", { name: "Adicionar Curso" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(fieldError(dialog, "Nome do curso é obrigatório")).toBeVisible();
    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByText("Curso criado com sucesso")).toBeVisible();
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

    await page.getByRole("link", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Curso" });
    await expect(edit.getByLabel("Nome")).toHaveValue(name);
    await edit.getByLabel("Ativo").uncheck();
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Curso atualizado com sucesso")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Inativo")).toBeVisible();

    await page.getByRole("link", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja excluir este curso? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Curso excluído com sucesso")).toBeVisible();
    await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
    if (jsEnabled) await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("with JavaScript the dialog is modal: Escape closes it and goes back to the list @js-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    await page.goto("/courses/new");
    const dialog = page.getByRole("dialog", { name: "Adicionar Curso" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a Team user sees the list without add, edit or delete controls", async ({ page, loginAs, expectNoAxeViolations }) => {
    await loginAs("Team");
    await page.goto("/courses");
    await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Adicionar Curso" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
    await expectNoAxeViolations();
  });
});
