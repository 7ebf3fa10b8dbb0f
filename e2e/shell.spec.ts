import { expect, hydrated, test } from "./fixtures";
import { makeBranch } from "./db";

test.describe("authenticated shell", () => {
  test("sidebar shows every section and entry, marks the active one, and the footer shows the user", async ({
    page,
    loginAs,
    jsEnabled,
  }) => {
    const user = await loginAs("Team", "Joana Equipe");
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Barra lateral" });
    await expect(sidebar.getByRole("img", { name: "Escola Teste" })).toBeVisible();
    for (const title of ["Menu", "Comercial", "Secretaria", "Operação", "Financeiro", "Relatórios", "Configurações"]) {
      await expect(sidebar.getByRole("heading", { name: title })).toBeVisible();
    }
    for (const entry of [
      "Dashboard",
      "Minhas tarefas",
      "Experimentais",
      "Responsáveis",
      "Alunos",
      "Aulas de Hoje",
      "Turmas",
      "Mensalidades",
      "Inadimplência",
      "Funil",
      "Frequência",
      "Usuários",
      "Ofertas",
      "Unidades",
      "Cursos",
    ]) {
      await expect(sidebar.getByRole("link", { name: entry, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    if (jsEnabled) {
      // With JavaScript the menu navigates in the page (no document load).
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    }
    await sidebar.getByRole("link", { name: "Cursos" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cursos" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Cursos" })).toHaveAttribute("aria-current", "page");
    if (jsEnabled) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByText("Joana Equipe")).toBeVisible();
    await expect(sidebar.getByText(user.email)).toBeVisible();
    await expect(sidebar.getByRole("button", { name: "Sair" })).toBeVisible();
  });

  test("a family starts on its own space: '/' leads to /family, no branch select, no dashboard or settings entries", async ({
    page,
    loginAs,
  }) => {
    await makeBranch();
    await loginAs("Client", "Joana Cliente");
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await expect(page).toHaveURL(/\/family$/);
      await expect(page.getByRole("heading", { level: 1, name: "Minha família" })).toBeVisible();
      // The branch is the staff's working context.
      await expect(page.getByLabel("Unidade", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Aplicar" })).toHaveCount(0);
    }
    const sidebar = page.getByRole("complementary", { name: "Barra lateral" });
    await expect(sidebar.getByRole("link", { name: "Minha família", exact: true })).toBeVisible();
    for (const entry of [
      "Dashboard",
      "Ofertas",
      "Unidades",
      "Cursos",
      "Minhas tarefas",
      "Experimentais",
      "Responsáveis",
      "Alunos",
      "Aulas de Hoje",
      "Turmas",
      "Mensalidades",
      "Inadimplência",
      "Funil",
      "Usuários",
      "Auditoria",
      "Integrações",
    ]) {
      await expect(sidebar.getByRole("link", { name: entry, exact: true })).toHaveCount(0);
    }
    for (const title of ["Comercial", "Secretaria", "Operação", "Financeiro", "Relatórios", "Configurações"])
      await expect(sidebar.getByRole("heading", { name: title })).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "Minha família" })).toHaveAttribute("aria-current", "page");
    // The user menu leads to the family's space too.
    await page.getByLabel("Menu do usuário: Joana Cliente").click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Minha família" })).toHaveAttribute("href", "/family");
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  test("Ctrl+B collapses the sidebar to icons and the state is kept in the sidebar_state cookie for 7 days @js-only", async ({
    page,
    loginAs,
  }) => {
    await loginAs("Team");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Barra lateral" });
    await expect(sidebar).toHaveCSS("width", "256px");
    await hydrated(page);
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveCSS("width", "48px");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state")!;
    expect(cookie.value).toBe("false");
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7.01);
    // Icons keep their names for assistive technology, and a tooltip shows on hover.
    await expect(sidebar.getByRole("link", { name: "Turmas" })).toBeVisible();
    await page.reload();
    await expect(sidebar).toHaveCSS("width", "48px");
    await hydrated(page);
    await page.getByRole("button", { name: "Alternar barra lateral" }).click();
    await expect(sidebar).toHaveCSS("width", "256px");
  });

  test("without JavaScript the toggle posts and flips the cookie @nojs-only", async ({ page, loginAs }) => {
    await loginAs("Team");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/courses");
    const sidebar = page.getByRole("complementary", { name: "Barra lateral" });
    await expect(sidebar).toHaveCSS("width", "256px");
    await page.getByRole("button", { name: "Alternar barra lateral" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(sidebar).toHaveCSS("width", "48px");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state")!;
    expect(cookie.value).toBe("false");
  });

  test("on a phone the sidebar is an off-canvas sheet that opens from the header", async ({ page, loginAs, jsEnabled }) => {
    await loginAs("Team");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const link = page.getByRole("link", { name: "Turmas" });
    // Closed, the sheet is hidden (not only off the screen).
    await expect(link).toBeHidden();
    if (jsEnabled) {
      await hydrated(page);
      await page.getByRole("button", { name: "Alternar barra lateral" }).click();
    } else await page.getByRole("link", { name: "Abrir menu" }).click();
    await expect(link).toBeInViewport();
    await link.click();
    await expect(page).toHaveURL(/\/classes/);
  });

  test("below 768 px the closed menu is out of the tab order: from the page's top the keyboard goes through the header to the content", async ({
    page,
    loginAs,
    jsEnabled,
  }) => {
    await loginAs("Team");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/today");
    if (jsEnabled) await hydrated(page);
    const stops: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      const where = await page.evaluate(() => {
        const el = document.activeElement!;
        if (el.closest("#menu")) return "menu";
        if (el.closest("main")) return "main";
        return el.closest("header") ? "header" : "other";
      });
      stops.push(where);
      if (where === "main") break;
    }
    expect(stops).not.toContain("menu");
    // The skip link, the menu button, the branch ('Aplicar' too without JS), the user menu; then the content.
    expect(stops.at(-1)).toBe("main");
    expect(stops.length).toBeLessThanOrEqual(6);
    await expect(page.getByRole("navigation", { name: "Menu principal" })).toBeHidden();
  });

  test("on a phone the keyboard opens the menu, walks it and closes it", async ({ page, loginAs, jsEnabled }) => {
    await loginAs("Team");
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/courses");
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    if (jsEnabled) {
      await hydrated(page);
      await page.getByRole("button", { name: "Alternar barra lateral" }).focus();
      await page.keyboard.press("Enter");
      await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
      // The page behind the open sheet is out of reach.
      await expect(page.locator("main")).toHaveAttribute("inert", "");
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: "Minhas tarefas" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Alternar barra lateral" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
      await page.keyboard.press("Tab");
    } else {
      await page.getByRole("link", { name: "Abrir menu" }).focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#menu$/);
      await expect(menu).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
      await page.keyboard.press("Tab");
    }
    // 'Minhas tarefas' is the first entry of 'Comercial'.
    await expect(menu.getByRole("link", { name: "Minhas tarefas" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Experimentais" })).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Aulas de Hoje" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByRole("heading", { level: 1, name: "Aulas de Hoje" })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test("the branch is switched from the header of any screen, which stays where it was", async ({ page, loginAs, jsEnabled }) => {
    const tag = Math.random().toString(36).slice(2, 6);
    const north = await makeBranch({ name: `ZZ Norte ${tag}` });
    for (const width of [375, 1280]) {
      await loginAs("Team");
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/courses");
      if (jsEnabled) await hydrated(page);
      const select = page.getByRole("banner").getByLabel("Unidade");
      await expect(select).toBeVisible();
      if (jsEnabled) {
        await Promise.all([
          page.waitForResponse((r) => r.url().includes("/preferences/branch") && r.request().method() === "POST"),
          select.selectOption({ label: north.name }),
        ]);
      } else {
        await select.selectOption({ label: north.name });
        await page.getByRole("banner").getByRole("button", { name: "Aplicar" }).click();
      }
      await expect(page).toHaveURL(/\/courses$/);
      await expect(page.getByRole("heading", { level: 1, name: "Cursos" })).toBeVisible();
      await expect(page.getByRole("banner").getByLabel("Unidade")).toHaveValue(north.id);
      // The header fits the phone's width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.goto("/today");
      await expect(page.getByTestId("today-branch")).toContainText(north.name);
      await page.context().clearCookies();
    }
  });

  test("header user menu shows the user and logs out", async ({ page, loginAs, jsEnabled }) => {
    const user = await loginAs("Administrator", "Paula Admin");
    await page.goto("/");
    if (jsEnabled) await hydrated(page);
    await page.getByLabel("Menu do usuário: Paula Admin").click();
    const banner = page.getByRole("banner");
    await expect(banner.getByText(user.email)).toBeVisible();
    await banner.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("dashboard: cards, and the branch selector lists active branches with '(Padrão)', chosen automatically and changeable", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    const tag = Math.random().toString(36).slice(2, 6);
    await makeBranch({ name: `AA Centro ${tag}`, isDefault: true });
    const other = await makeBranch({ name: `AA Sul ${tag}` });
    await makeBranch({ name: `AA Fechada ${tag}`, active: false });
    await loginAs("Team", "Rita Equipe");
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Bem-vindo ao sistema Escola Teste")).toBeVisible();
    for (const label of ["Usuário", "E-mail", "Tipo de Usuário"])
      await expect(page.getByRole("heading", { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText("Equipe", { exact: true })).toBeVisible();

    if (jsEnabled) await hydrated(page);
    const select = page.getByLabel("Unidade");
    await expect(select).toHaveCSS("width", "200px");
    const options = await select.locator("option").allTextContents();
    expect(options).toContain(`AA Centro ${tag} (Padrão)`);
    expect(options).toContain(`AA Sul ${tag}`);
    expect(options.join("|")).not.toContain(`AA Fechada ${tag}`);
    // Some default branch is chosen automatically (other tests may add defaults too).
    expect(await select.inputValue()).not.toBe("");

    if (jsEnabled) {
      // The choice is posted on change; wait for the server to store it.
      await Promise.all([
        page.waitForResponse((r) => r.url().includes("/preferences/branch")),
        select.selectOption({ label: `AA Sul ${tag}` }),
      ]);
    } else {
      await select.selectOption({ label: `AA Sul ${tag}` });
      await page.getByRole("button", { name: "Aplicar" }).click();
    }
    await expect(page.getByLabel("Unidade")).toHaveValue(other.id);
    await page.reload();
    await expect(page.getByLabel("Unidade")).toHaveValue(other.id);
    const cookie = (await page.context().cookies()).find((c) => c.name === "selected_branch");
    expect(cookie?.value).toBe(other.id);
    if (jsEnabled) {
      expect(await page.evaluate(() => localStorage.getItem("selectedBranchId"))).toBe(other.id);
    }
    await expectNoAxeViolations();
  });

  test("a branch chosen while the scripts are still loading is applied when they load @js-only", async ({ page, loginAs }) => {
    const tag = Math.random().toString(36).slice(2, 6);
    await makeBranch({ name: `AA Padrão ${tag}`, isDefault: true });
    const late = await makeBranch({ name: `AA Lenta ${tag}` });
    await loginAs("Team");
    // A slow phone: the page is shown, its scripts have not run yet, the user picks a branch
    // and does not press 'Aplicar'.
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const select = page.getByLabel("Unidade");
    await expect(page.getByRole("button", { name: "Aplicar" })).toBeVisible();
    expect(await select.inputValue()).not.toBe(late.id);
    await select.selectOption({ label: late.name });
    const posted = page.waitForResponse((r) => r.url().includes("/preferences/branch") && r.request().method() === "POST");
    release();
    await posted;
    await hydrated(page);
    await expect(select).toHaveValue(late.id);
    await page.reload();
    await expect(page.getByLabel("Unidade")).toHaveValue(late.id);
    expect(await page.evaluate(() => localStorage.getItem("selectedBranchId"))).toBe(late.id);
  });
});

test("the app hydrates under its Content Security Policy with no violations @js-only", async ({ page, loginAs }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto("/auth");
  await hydrated(page);
  await loginAs("Team");
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("link", { name: "Cursos" }).click();
  await expect(page).toHaveURL(/\/courses$/);
  expect(violations).toEqual([]);
});
