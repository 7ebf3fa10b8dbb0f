import { expect, test } from "./fixtures";

/**
 * 'Auditoria' (/audit): administrators see who changed what, filter it with a
 * GET form (with or without JavaScript) and reach a record's entries from its
 * page ('Ver alterações'); others get the 403 screen and no menu entry.
 */
test.describe("Auditoria", () => {
  test("an administrator filters the changes of a record, at 375 and 1280 px, axe-clean", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator", "Gestora Auditoria");
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await page.request.post("/api/courses", { data: { name: `Curso Auditado ${tag}` } });
    expect(created.status()).toBe(201);
    const course = (await created.json()) as { id: string };
    expect((await page.request.patch(`/api/courses/${course.id}`, { data: { name: `Curso Renomeado ${tag}` } })).status()).toBe(200);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      // The menu's entry (on a phone, inside the closed menu sheet, which is out of the page until opened).
      const entry = page.locator('#menu nav[aria-label="Menu principal"] a[href="/audit"]');
      await expect(entry).toHaveText("Auditoria");
      await page.goto("/audit");
      await expect(page.getByRole("heading", { name: "Auditoria", level: 1 })).toBeVisible();

      const filters = page.getByRole("search", { name: "Filtrar auditoria" });
      await filters.getByLabel("Entidade").selectOption({ label: "Cursos" });
      await filters.getByLabel("Registro").fill(course.id);
      await filters.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(new RegExp(`/audit\\?entity=courses&entityId=${course.id}`));
      await expect(page.getByText("2 alterações")).toBeVisible();
      const visible = width < 1024 ? page.locator(".lg\\:hidden") : page.getByRole("table", { name: "Auditoria" });
      await expect(visible.getByText(`Curso Auditado ${tag}`).first()).toBeVisible();
      await expect(visible.getByText(`Curso Renomeado ${tag}`).first()).toBeVisible();
      await expect(visible.getByText("Gestora Auditoria").first()).toBeVisible();
      // The record by what it is (no id), its field in Portuguese, the time as dd/MM/yyyy HH:mm.
      await expect(visible.getByRole("link", { name: `Curso Curso Renomeado ${tag}` }).first()).toBeVisible();
      await expect(visible.getByText(course.id)).toHaveCount(0);
      await expect(visible.getByText("Nome", { exact: true }).first()).toBeVisible();
      await expect(visible.getByText("name", { exact: true })).toHaveCount(0);
      await expect(visible.locator("time").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      await expectNoAxeViolations();
    }

    // A period with nothing in it, then 'Limpar'.
    await page.goto(`/audit?entity=courses&entityId=${course.id}&from=2020-01-01&to=2020-01-31`);
    await expect(page.getByText("Nenhuma alteração encontrada")).toBeVisible();
    await page.getByRole("link", { name: "Limpar" }).click();
    await expect(page).toHaveURL(/\/audit$/);
  });

  test("the sign-ins are behind 'Mostrar acessos' (a GET parameter, with or without JavaScript)", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const email = `ninguem.${Math.random().toString(36).slice(2, 8)}@teste.com`;
    const refused = await page.request.post("/api/login", { data: { email, password: "errada123" } });
    expect(refused.status()).toBe(401);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/audit?entity=users");
    const table = page.getByRole("table", { name: "Auditoria" });
    await expect(page.getByRole("heading", { name: "Auditoria", level: 1 })).toBeVisible();
    await expect(table.getByText(email)).toHaveCount(0);
    await expect(table.getByRole("cell", { name: "Entrada recusada", exact: true })).toHaveCount(0);
    const filters = page.getByRole("search", { name: "Filtrar auditoria" });
    await filters.getByLabel("Mostrar acessos").check();
    await filters.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/signIns=show/);
    await expect(table.getByText(email).first()).toBeVisible();
    await expect(filters.getByLabel("Mostrar acessos")).toBeChecked();
  });

  test("a student's page links to its changes ('Ver alterações')", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const tag = Math.random().toString(36).slice(2, 8);
    const cpf = String(Math.floor(Math.random() * 1e11)).padStart(11, "0");
    const guardian = await page.request.post("/api/guardians", {
      data: {
        address: "Rua das Trilhas, 9",
        persons: [
          { fullName: `Mãe ${tag}`, cpf, email: `mae.${tag}@teste.com`, birthDate: "1985-04-12", phone: "11987654321", isPrimary: true },
        ],
      },
    });
    expect(guardian.status()).toBe(201);
    const student = await page.request.post("/api/students", {
      data: { guardianId: (await guardian.json()).id, fullName: `Aluna ${tag}` },
    });
    expect(student.status()).toBe(201);
    const { id } = (await student.json()) as { id: string };
    await page.goto(`/students/${id}`);
    await page.getByRole("link", { name: "Ver alterações" }).click();
    await expect(page).toHaveURL(new RegExp(`/audit\\?entity=students&entityId=${id}`));
    await expect(page.getByText("1 alteração")).toBeVisible();
  });

  test("Team gets the 403 screen and no menu entry", async ({ page, loginAs }) => {
    await loginAs("Team");
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Auditoria" })).toHaveCount(0);
    const response = await page.goto("/audit");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Você não tem permissão para realizar esta ação")).toBeVisible();
  });
});
