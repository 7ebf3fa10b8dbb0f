import { createUser, expect, test, uniqueEmail, fieldError } from "./fixtures";

test.describe("sign-in and registration", () => {
  test("register creates the account and opens the dashboard", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("img", { name: "Escola Teste" })).toBeVisible();
    await page.getByRole("link", { name: "Criar Conta" }).click();
    await expect(page).toHaveURL(/mode=register/);
    await page.getByLabel("Nome Completo").fill("Beatriz Souza");
    const email = uniqueEmail("reg");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill("segredo123");
    await page.getByLabel("Tipo de Usuário").selectOption({ label: "Equipe" });
    await page.getByRole("button", { name: "Criar Conta" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Bem-vindo ao sistema Escola Teste")).toBeVisible();
    await expect(page.getByRole("main").getByText("Equipe", { exact: true })).toBeVisible();
  });

  test("register shows the §5 messages and keeps what was typed", async ({ page }) => {
    await page.goto("/auth?mode=register");
    await page.getByLabel("Nome Completo").fill("Carlos");
    await page.getByLabel("E-mail").fill("invalido");
    await page.getByLabel("Senha", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Criar Conta" }).click();
    await expect(fieldError(page, "Por favor, insira um e-mail válido")).toBeVisible();
    await expect(fieldError(page, "A senha deve ter pelo menos 6 caracteres")).toBeVisible();
    await expect(fieldError(page, "Por favor, selecione um tipo de usuário")).toBeVisible();
    await expect(page.getByLabel("Nome Completo")).toHaveValue("Carlos");
  });

  test("login with a wrong password shows the error; the right one signs in", async ({ page, baseURL, jsEnabled }) => {
    const user = await createUser(baseURL!, "Administrator", "Helena Admin");
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill("errada123");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "E-mail ou senha inválidos" }).first()).toBeVisible();
    if (jsEnabled) await expect(page.getByText("Falha no login")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(user.email);
    await page.getByLabel("Senha", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Helena Admin")).toBeVisible();
  });

  test("a signed-out visitor is sent to /auth and returns to the page asked for", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!, "Team");
    await page.goto("/?from=bookmark");
    await expect(page).toHaveURL(/\/auth\?redirectTo=/);
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/\?from=bookmark$/);
  });

  test("remember-me keeps a 30-day cookie; without it the cookie ends with the browser", async ({ page, baseURL }) => {
    const user = await createUser(baseURL!, "Team");
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill(user.password);
    await page.getByLabel("Lembrar-me neste dispositivo").check();
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const remembered = (await page.context().cookies()).find((c) => c.name === "__session")!;
    const days = (remembered.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30.01);

    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    const sessionCookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    expect(sessionCookie.expires).toBe(-1);
  });

  test("logout ends the session; /auth redirects a signed-in user to its start (a family's: /family)", async ({ page, loginAs }) => {
    await loginAs("Client");
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/family$/);
    await page.getByRole("complementary").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth/);
  });

  test("unknown paths show the English 404 page", async ({ page }) => {
    const res = await page.goto("/nao-existe");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("404 Page Not Found")).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("the auth screen has no axe violations (login and register)", async ({ page, expectNoAxeViolations }) => {
    await page.goto("/auth");
    await expectNoAxeViolations();
    await page.goto("/auth?mode=register");
    await expectNoAxeViolations();
  });
});

test("field errors clear when the field is edited, and inputs are disabled while signing in @js-only", async ({ page }) => {
  await page.goto("/auth");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(fieldError(page, "E-mail é obrigatório")).toBeVisible();
  await expect(fieldError(page, "Senha é obrigatória")).toBeVisible();
  await page.getByLabel("E-mail").fill("alguem@teste.com");
  await expect(fieldError(page, "E-mail é obrigatório")).toHaveCount(0);
  await page.getByLabel("Senha", { exact: true }).fill("x");
  await expect(fieldError(page, "Senha é obrigatória")).toHaveCount(0);
  // The password can be shown and hidden.
  await page.getByRole("button", { name: "Mostrar senha" }).click();
  await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Ocultar senha" }).click();
  await expect(page.getByLabel("Senha", { exact: true })).toHaveAttribute("type", "password");
  // Pending state: hold the submission and look at the form.
  await page.route("**/auth.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("button", { name: "Entrando..." })).toBeVisible();
  await expect(page.getByLabel("E-mail")).toBeDisabled();
});
