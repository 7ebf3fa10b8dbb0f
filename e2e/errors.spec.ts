import { randomUUID } from "node:crypto";
import { expect, hydrated, test } from "./fixtures";
import { makeBranch } from "./db";

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

  for (const width of [375, 1280]) {
    test(`at ${width} px an unknown URL keeps SPEC's English 404 page, inside the shell when signed in, with 'Voltar ao início'`, async ({
      page,
      loginAs,
      expectNoAxeViolations,
    }) => {
      await makeBranch();
      await page.setViewportSize({ width, height: 800 });
      await loginAs("Client");
      const response = await page.goto("/nao-existe");
      expect(response?.status()).toBe(404);
      // A Portuguese line above SPEC's English page.
      await expect(page.getByText("Página não encontrada", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
      await expect(page).toHaveTitle("404 Page Not Found");
      // The shell's menu (a closed sheet on a phone) and header.
      await expect(page.getByRole("navigation", { name: "Menu principal", includeHidden: true })).toBeAttached();
      // A family's header has no branch selector (the branch is the staff's working context).
      await expect(page.getByRole("banner").getByLabel("Unidade")).toHaveCount(0);
      await expectNoAxeViolations({ wcag22: true });
      // Its start is its own space.
      await page.getByRole("link", { name: "Voltar ao início" }).click();
      await expect(page).toHaveURL(/\/family$/);
      await expect(page.getByRole("heading", { level: 1, name: "Minha família" })).toBeVisible();
    });
  }

  test("a screen's 'Não encontrado' inside the shell has a title", async ({ page, loginAs, expectNoAxeViolations }) => {
    await loginAs("Team");
    const response = await page.goto(`/classes/${randomUUID()}/attendance?date=2026-11-20&scheduleId=${randomUUID()}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Não encontrado" })).toBeVisible();
    await expect(page).toHaveTitle("Não encontrado");
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeAttached();
    await expectNoAxeViolations({ wcag22: true });
  });

  for (const width of [375, 1280]) {
    test(`at ${width} px a missing student ('Aluno não encontrado') offers the way out, not 'Tentar novamente' (a retry cannot find it)`, async ({
      page,
      loginAs,
      expectNoAxeViolations,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await loginAs("Team");
      const response = await page.goto(`/students/${randomUUID()}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Não encontrado" })).toBeVisible();
      await expect(page.getByText("Aluno não encontrado")).toBeVisible();
      await expect(page.getByRole("link", { name: "Tentar novamente" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Ir para o Dashboard" })).toBeVisible();
      await expect(page.getByText("404 Page Not Found")).toHaveCount(0);
      await expectNoAxeViolations({ wcag22: true });
    });
  }
});
