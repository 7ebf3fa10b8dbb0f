import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail, fieldError } from "./fixtures";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');

const tag = () => Math.random().toString(36).slice(2, 8);

/** A user created through the API with the page's (administrator) session. */
async function createUserViaApi(page: Page, name: string) {
  const res = await page.request.post("/api/users", {
    data: { name, email: uniqueEmail("lista"), password: "segredo123", userType: "Team", cpf: "12345678901" },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string; email: string };
}

test.describe("Usuários", () => {
  test("administrator creates, edits and deletes a user through URL dialogs, with the §5 messages", async ({
    page,
    loginAs,
    jsEnabled,
  }) => {
    const admin = await loginAs("Administrator");
    const t = tag();
    const name = `Bailarina ${t}`;
    await page.goto(`/users?q=${t}`);
    await expect(page.getByRole("heading", { name: "Usuários", level: 1 })).toBeVisible();

    await page.getByRole("link", { name: "Adicionar Usuário" }).click();
    await expect(page).toHaveURL(new RegExp(`/users/new\\?q=${t}$`));
    const dialog = page.getByRole("dialog", { name: "Adicionar Novo Usuário" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Criar" }).click();
    for (const message of ["Nome é obrigatório", "E-mail é obrigatório", "Senha é obrigatória", "Tipo de usuário é obrigatório"]) {
      await expect(fieldError(dialog, message)).toBeVisible();
    }

    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByLabel("E-mail").fill("nao-e-email");
    await dialog.getByLabel("Senha").fill("123");
    await dialog.getByLabel("Tipo de Usuário").selectOption({ label: "Equipe" });
    await dialog.getByLabel("CPF").fill("123");
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(fieldError(dialog, "Por favor, insira um e-mail válido")).toBeVisible();
    await expect(fieldError(dialog, "A senha deve ter pelo menos 6 caracteres")).toBeVisible();
    await expect(fieldError(dialog, "CPF deve conter exatamente 11 dígitos")).toBeVisible();

    // A taken e-mail: 409 from the server, on the e-mail field, with an 'Erro' toast.
    await dialog.getByLabel("E-mail").fill(admin.email);
    await dialog.getByLabel("Senha").fill("segredo123");
    await dialog.getByLabel("CPF").fill("12345678901");
    if (jsEnabled) await expect(dialog.getByLabel("CPF")).toHaveValue("123.456.789-01");
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(fieldError(dialog, "E-mail já cadastrado")).toBeVisible();
    // The action's toast is shown by the client, inside the modal dialog; without JavaScript the message is next to the field.
    if (jsEnabled) await expect(dialog.getByRole("alert").filter({ hasText: "Erro" })).toContainText("E-mail já cadastrado");

    const email = uniqueEmail("bailarina");
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByLabel("Senha").fill("segredo123");
    await dialog.getByLabel("Tipo de Usuário").selectOption({ label: "Equipe" });
    await dialog.getByLabel("CPF").fill("12345678901");
    await dialog.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(new RegExp(`/users\\?q=${t}$`));
    await expect(page.getByText("Usuário criado com sucesso")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row.getByRole("cell", { name: "123.456.789-01" })).toBeVisible();
    await expect(row.getByRole("cell", { name: "Equipe" })).toBeVisible();
    await expect(row.getByRole("cell", { name: email })).toBeVisible();

    await page.getByRole("link", { name: `Editar ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Usuário" });
    await expect(edit.getByLabel("Nome")).toHaveValue(name);
    await expect(edit.getByLabel("Senha")).toHaveValue("");
    await edit.getByLabel("Nome").fill(`${name} Souza`);
    await edit.getByLabel("Tipo de Usuário").selectOption({ label: "Administrador" });
    await edit.getByLabel("CPF").fill("");
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Usuário atualizado com sucesso")).toBeVisible();
    const edited = page.getByRole("row", { name: new RegExp(`${name} Souza`) });
    await expect(edited.getByRole("cell", { name: "Administrador" })).toBeVisible();
    await expect(edited.getByRole("cell", { name: "-", exact: true })).toBeVisible();

    await page.getByRole("link", { name: `Excluir ${name} Souza` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita.")).toBeVisible();
    await expect(confirm.getByRole("link", { name: "Cancelar" })).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Usuário excluído com sucesso")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
    if (jsEnabled) await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("an administrator cannot delete themself: the dialog shows why", async ({ page, loginAs }) => {
    const admin = await loginAs("Administrator", `Admin ${tag()}`);
    await page.goto(`/users/${admin.id}/delete`);
    await page.getByRole("alertdialog", { name: "Confirmar exclusão" }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByRole("alertdialog").locator("form").getByText("Você não pode excluir o seu próprio usuário")).toBeVisible();
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Usuários", level: 1 })).toBeVisible();
  });

  test("cards on a 375 px screen, a table at 1280 px; the list is searchable", async ({ page, loginAs, expectNoAxeViolations }) => {
    await loginAs("Administrator");
    const t = tag();
    const user = await createUserViaApi(page, `Card ${t}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/users?q=${t}`);
    await expect(page.getByRole("heading", { name: user.name, level: 2 })).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    await expect(page.getByRole("definition").filter({ hasText: "123.456.789-01" })).toBeVisible();
    await expectNoAxeViolations();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("heading", { name: user.name, level: 2 })).toBeHidden();
    for (const header of ["Usuário", "E-mail", "CPF", "Tipo", "Ações"]) {
      await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
    }

    await page.goto("/users");
    await page.getByLabel("Buscar por nome ou e-mail").fill(user.email);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/users\?q=/);
    await expect(page.getByRole("row")).toHaveCount(2);
    await expect(page.getByRole("row", { name: new RegExp(user.name) })).toBeVisible();
    await expect(page.getByText("Nenhum usuário encontrado no sistema")).toHaveCount(0);
  });

  test("a Team user sees the list without add, edit or delete controls nor the actions column", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    await loginAs("Team");
    await page.goto("/users");
    await expect(page.getByRole("heading", { name: "Usuários", level: 1 })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("link", { name: "Adicionar Usuário" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Excluir/ })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Ações" })).toHaveCount(0);
    await expectNoAxeViolations();
    const res = await page.goto("/users/new");
    expect(res?.status()).toBe(403);
  });

  test("the create and edit dialogs pass axe", async ({ page, loginAs, expectNoAxeViolations }) => {
    // Two full axe audits (each in a fresh context without JavaScript) on a 2-core machine.
    test.setTimeout(60_000);
    await loginAs("Administrator");
    const user = await createUserViaApi(page, `Axe ${tag()}`);
    await page.goto("/users/new");
    await expect(page.getByRole("dialog", { name: "Adicionar Novo Usuário" })).toBeVisible();
    await expectNoAxeViolations();
    await page.goto(`/users/${user.id}/edit`);
    await expect(page.getByRole("dialog", { name: "Editar Usuário" }).getByLabel("Foto do usuário")).toBeVisible();
    await expectNoAxeViolations();
  });

  test("avatar upload with JavaScript: the file chooser runs the signed-URL flow @js-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const t = tag();
    const user = await createUserViaApi(page, `Foto ${t}`);
    await page.goto(`/users/${user.id}/edit?q=${t}`);
    const dialog = page.getByRole("dialog", { name: "Editar Usuário" });
    await expect(dialog).toBeVisible();
    // Wait for hydration: the modal is opened by the client.
    await expect.poll(() => page.evaluate(() => document.querySelector("dialog")?.matches(":modal"))).toBe(true);

    // The browser's own check refuses a non-image before any request.
    let chooser = page.waitForEvent("filechooser");
    await dialog.getByLabel("Foto do usuário").click();
    await (await chooser).setFiles({ name: "desenho.svg", mimeType: "image/svg+xml", buffer: SVG });
    await expect(page.getByText("Arquivo inválido ou muito grande.")).toBeVisible();

    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/")) uploads.push(`${r.method()} ${new URL(r.url()).pathname.replace(/upload\/.+$/, "upload/<token>")}`);
    });
    chooser = page.waitForEvent("filechooser");
    await dialog.getByLabel("Foto do usuário").click();
    await (await chooser).setFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByText("Avatar atualizado com sucesso")).toBeVisible();
    expect(uploads).toEqual(["POST /api/objects/upload", "PUT /api/objects/upload/<token>", `PUT /api/users/${user.id}/avatar`]);
    await expect(dialog.locator('img[src^="/uploads/"]')).toBeVisible();

    await dialog.getByRole("link", { name: "Cancelar" }).click();
    const row = page.getByRole("row", { name: new RegExp(user.name) });
    await expect(row.locator('img[src^="/uploads/"]')).toBeVisible();
    const src = await row.locator("img").getAttribute("src");
    const file = await page.request.get(src!);
    expect(file.headers()["content-type"]).toBe("image/png");
  });

  test("avatar upload without JavaScript: the edit form posts the file (multipart) @nojs-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    const t = tag();
    const user = await createUserViaApi(page, `Foto ${t}`);
    await page.goto(`/users/${user.id}/edit?q=${t}`);
    const dialog = page.getByRole("dialog", { name: "Editar Usuário" });

    await dialog.getByLabel("Foto do usuário").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: SVG });
    await dialog.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByRole("dialog", { name: "Editar Usuário" }).getByText("Arquivo inválido ou muito grande.").first()).toBeVisible();

    await page
      .getByRole("dialog", { name: "Editar Usuário" })
      .getByLabel("Foto do usuário")
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("dialog", { name: "Editar Usuário" }).getByRole("button", { name: "Atualizar" }).click();
    await expect(page).toHaveURL(new RegExp(`/users\\?q=${t}$`));
    await expect(page.getByText("Usuário atualizado com sucesso")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(user.name) }).locator('img[src^="/uploads/"]')).toBeVisible();
  });

  test("on a phone without JavaScript an error toast leaves after 5 s and frees the dialog's buttons @nojs-only", async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    const admin = await loginAs("Administrator");
    const t = tag();
    await page.goto(`/users/new?q=${t}`);
    const dialog = page.getByRole("dialog", { name: "Adicionar Novo Usuário" });
    await dialog.getByLabel("Nome").fill(`Toast ${t}`);
    await dialog.getByLabel("E-mail").fill(admin.email);
    await dialog.getByLabel("Senha").fill("segredo123");
    await dialog.getByLabel("Tipo de Usuário").selectOption({ label: "Equipe" });
    await dialog.getByRole("button", { name: "Criar" }).click();

    // The server's answer shows the 'Erro' toast at the bottom of the screen, over the dialog's
    // footer; without JavaScript it offers no close button, and it leaves by itself (§9: 5000 ms).
    const toast = page.getByRole("region", { name: "Notificações (F8)" }).getByRole("alert").filter({ hasText: "E-mail já cadastrado" });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole("button", { name: "Fechar notificação" })).toHaveCount(0);
    // (Whether it covers 'Criar' depends on where the page landed: on the error summary at the
    // top of the form, the footer may be below the fold.)
    const submit = page.getByRole("dialog", { name: "Adicionar Novo Usuário" }).getByRole("button", { name: "Criar" });
    await expect(toast).toBeHidden({ timeout: 10_000 });

    // The button can be pressed again (a click on a covered button would be refused).
    await page.getByRole("dialog", { name: "Adicionar Novo Usuário" }).getByLabel("E-mail").fill(uniqueEmail("toast"));
    await page.getByRole("dialog", { name: "Adicionar Novo Usuário" }).getByLabel("Senha").fill("segredo123");
    await submit.click({ timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`/users\\?q=${t}$`));
    await expect(page.getByText("Usuário criado com sucesso")).toBeVisible();
  });
});
