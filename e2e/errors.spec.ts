import { randomUUID } from "node:crypto";
import { expect, hydrated, test } from "./fixtures";

/**
 * A dialog or screen that cannot load (a stale link, a forbidden action) shows
 * its Portuguese message inside the shell, over its list, with a way back. The
 * English 404 page stays for unknown URLs only.
 */
test.describe("Erros dentro do sistema", () => {
  test("a stale edit link shows 'Curso não encontrado' over the list, with the menu and a way back", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator");
    const response = await page.goto(`/courses/${randomUUID()}/edit`);
    expect(response?.status()).toBe(404);
    const dialog = page.getByRole("dialog", { name: "Não encontrado" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Curso não encontrado")).toBeVisible();
    // The shell and the list are still there.
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeAttached();
    await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeAttached();
    await expect(page.getByText("404 Page Not Found")).toHaveCount(0);
    await expectNoAxeViolations();

    if (jsEnabled) {
      await hydrated(page);
      await page.keyboard.press("Escape");
    } else {
      await dialog.getByRole("link", { name: "Voltar" }).click();
    }
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeVisible();
  });

  test("a forbidden dialog says so in Portuguese (Team opening 'Nova Turma')", async ({ page, loginAs }) => {
    await loginAs("Team");
    const response = await page.goto("/classes/new");
    expect(response?.status()).toBe(403);
    const dialog = page.getByRole("dialog", { name: "Acesso negado" });
    await expect(dialog.getByText("Você não tem permissão para realizar esta ação")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeAttached();
  });

  test("an unknown trial's history link, followed from the calendar page", async ({ page, loginAs }) => {
    await loginAs("Team");
    const response = await page.goto(`/trials/${randomUUID()}/history?month=2026-11`);
    expect(response?.status()).toBe(404);
    const dialog = page.getByRole("dialog", { name: "Não encontrado" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Voltar" })).toHaveAttribute("href", "/trials?month=2026-11");
  });

  test("unknown URLs keep the English 404 page", async ({ page, loginAs }) => {
    await loginAs("Client");
    const response = await page.goto("/nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
  });
});
