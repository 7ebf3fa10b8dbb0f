import { request, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expect, hydrated, test, uniqueEmail, fieldError } from "./fixtures";

function randomCpf(): string {
  return String(Math.floor(Math.random() * 1e11)).padStart(11, "0");
}

function masked(cpf: string): string {
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

/** Creates a guardian through the JSON API with the page's (administrator) cookies. */
async function apiGuardian(request: APIRequestContext, persons: Array<{ fullName: string; cpf?: string; isPrimary?: boolean }>) {
  const res = await request.post("/api/guardians", {
    data: {
      address: "Rua das Palmeiras, 12",
      persons: persons.map((p) => ({
        fullName: p.fullName,
        cpf: p.cpf ?? randomCpf(),
        email: uniqueEmail("resp"),
        birthDate: "1988-03-15",
        phone: "11987654321",
        isPrimary: p.isPrimary ?? false,
      })),
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

async function fillPerson(page: Page, index: number, person: { fullName: string; cpf: string; email: string }) {
  const group = page.getByRole("group", { name: `Pessoa ${index}` });
  await group.getByLabel("Nome completo").fill(person.fullName);
  await group.getByLabel("CPF").fill(person.cpf);
  await group.getByLabel("E-mail").fill(person.email);
  await group.getByLabel("Data de nascimento").fill("1985-04-12");
  await group.getByLabel("Telefone").fill("(11) 98765-4321");
}

test.describe("Responsáveis", () => {
  test("administrator creates a guardian with persons, edits them, changes the primary and deletes", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    // A long journey (create, edit, change primary, delete) on a shared, busy machine.
    test.setTimeout(120_000);
    await loginAs("Administrator");
    const tag = randomUUID().slice(0, 6);
    const ana = { fullName: `Ana ${tag}`, cpf: masked(randomCpf()), email: uniqueEmail("ana") };
    const temp = { fullName: `Temporária ${tag}`, cpf: masked(randomCpf()), email: uniqueEmail("temp") };
    const bia = { fullName: `Bia ${tag}`, cpf: masked(randomCpf()), email: uniqueEmail("bia") };

    await page.goto("/guardians");
    await expect(page.getByRole("heading", { name: "Responsáveis", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Novo Responsável" }).click();
    await expect(page).toHaveURL(/\/guardians\/new$/);
    const dialog = page.getByRole("dialog", { name: "Novo Responsável" });
    await expect(dialog).toBeVisible();
    if (jsEnabled) await hydrated(page);

    await dialog.getByRole("button", { name: "Cadastrar" }).click();
    await expect(fieldError(dialog, "Endereço é obrigatório")).toBeVisible();
    await expect(fieldError(dialog, "Adicione pelo menos uma pessoa completa")).toBeVisible();
    await expectNoAxeViolations();

    await dialog.getByLabel("Endereço").fill("Rua das Acácias, 45");
    await fillPerson(page, 1, ana);
    await dialog.getByRole("button", { name: "Adicionar Pessoa" }).click();
    await fillPerson(page, 2, temp);
    await dialog.getByRole("button", { name: "Adicionar Pessoa" }).click();
    await fillPerson(page, 3, bia);
    // Temporária is marked primary, then removed: the first remaining person becomes primary.
    await dialog.getByRole("radio", { name: "Principal (Pessoa 2)" }).check();
    await dialog.getByRole("button", { name: "Remover Pessoa 2" }).click();
    await expect(dialog.getByRole("group", { name: "Pessoa 3" })).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Pessoa 2" }).getByLabel("Nome completo")).toHaveValue(bia.fullName);
    await expect(page.getByRole("group", { name: "Pessoa 1" }).getByLabel("Nome completo")).toHaveValue(ana.fullName);
    await expect(page.getByRole("group", { name: "Pessoa 1" }).getByLabel("CPF")).toHaveValue(ana.cpf);
    await expect(dialog.getByRole("radio", { name: "Principal (Pessoa 1)" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Principal (Pessoa 2)" })).not.toBeChecked();
    await dialog.getByRole("button", { name: "Cadastrar" }).click();

    await expect(page).toHaveURL(/\/guardians$/);
    await expect(page.getByText("Responsável cadastrado")).toBeVisible();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: ana.fullName }) });
    await expect(card).toContainText(ana.email);
    await expect(card).toContainText(ana.cpf);
    await expect(card).toContainText("(11) 98765-4321");
    await expect(card).toContainText("Rua das Acácias, 45");
    await expect(card).toContainText("+1 pessoa(s) adicional(is)");
    await expect(page.getByText(temp.fullName)).toHaveCount(0);

    // Manage persons: the primary (Ana) cannot be deleted; Bia is edited and made primary.
    await card.getByRole("link", { name: `Gerenciar Pessoas de ${ana.fullName}` }).click();
    const manage = page.getByRole("dialog", { name: "Gerenciar Pessoas" });
    await expect(manage).toBeVisible();
    await expect(manage.getByRole("link", { name: `Excluir ${ana.fullName}` })).toHaveCount(0);
    await expectNoAxeViolations();
    await manage.getByRole("link", { name: `Editar ${bia.fullName}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar Pessoa" });
    await expect(edit.getByLabel("Nome completo")).toHaveValue(bia.fullName);
    await expect(edit.getByLabel("CPF")).toHaveValue(bia.cpf);
    const renamed = `Beatriz ${tag}`;
    await edit.getByLabel("Nome completo").fill(renamed);
    await edit.getByLabel("Principal").check();
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Pessoa atualizada")).toBeVisible();
    const manageAgain = page.getByRole("dialog", { name: "Gerenciar Pessoas" });
    // With JavaScript the dialog is modal (the page behind it is inert): the toast shows inside it.
    if (jsEnabled) await expect(manageAgain.getByRole("status")).toContainText("Pessoa atualizada");
    await expect(manageAgain.getByRole("listitem").first()).toContainText(renamed);
    await expect(manageAgain.getByRole("listitem").first()).toContainText("Principal");
    await expect(manageAgain.getByRole("link", { name: `Excluir ${renamed}` })).toHaveCount(0);

    // Ana is no longer primary: she can be deleted; then Beatriz is the last one.
    await manageAgain.getByRole("link", { name: `Excluir ${ana.fullName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja excluir esta pessoa? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Pessoa removida")).toBeVisible();
    await expect(page.getByText("Pessoa removida")).toHaveCount(1);
    const last = page.getByRole("dialog", { name: "Gerenciar Pessoas" });
    await expect(last.getByRole("listitem")).toHaveCount(1);
    await expect(last.getByRole("link", { name: /^Excluir/ })).toHaveCount(0);
    await last.getByRole("link", { name: "Fechar" }).last().click();
    await expect(page).toHaveURL(/\/guardians$/);

    // Other tests add guardians meanwhile (the list is newest first, 24 a page): found by its name.
    await page.goto(`/guardians?q=${encodeURIComponent(renamed)}`);
    const renamedCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: renamed }) });
    await expect(renamedCard).not.toContainText("adicional");
    await renamedCard.getByRole("link", { name: `Excluir ${renamed}` }).click();
    const confirmGuardian = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(
      confirmGuardian.getByText("Tem certeza que deseja excluir este responsável? Esta ação não pode ser desfeita."),
    ).toBeVisible();
    await confirmGuardian.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Responsável removido")).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);
  });

  test("the CPF input formats while typing and keeps at most 14 characters @js-only", async ({ page, loginAs }) => {
    await loginAs("Administrator");
    await page.goto("/guardians/new");
    await hydrated(page);
    const cpf = page.getByRole("group", { name: "Pessoa 1" }).getByLabel("CPF");
    await expect(cpf).toHaveAttribute("maxlength", "14");
    await cpf.pressSequentially("1234567890199");
    await expect(cpf).toHaveValue("123.456.789-01");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/guardians$/);
  });

  test("search by name, e-mail or CPF goes through the URL", async ({ page, loginAs, expectNoAxeViolations }) => {
    await loginAs("Administrator");
    const tag = randomUUID().slice(0, 6);
    const cpf = randomCpf();
    await apiGuardian(page.request, [{ fullName: `Clara ${tag}`, cpf, isPrimary: true }, { fullName: `Davi ${tag}` }]);
    await apiGuardian(page.request, [{ fullName: `Elisa ${tag}` }]);

    await page.goto("/guardians");
    const search = page.getByRole("searchbox", { name: "Buscar por nome, e-mail ou CPF" });
    await search.fill(masked(cpf));
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/guardians\?q=\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await expect(page.getByRole("heading", { name: `Clara ${tag}` })).toBeVisible();
    await expect(page.getByRole("heading", { name: `Elisa ${tag}` })).toHaveCount(0);
    await expect(page.getByText("+1 pessoa(s) adicional(is)")).toBeVisible();
    await expectNoAxeViolations();

    await page.goto(`/guardians?q=${encodeURIComponent(tag)}`);
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(2);
    // A non-primary person's name finds its guardian too.
    await page.getByRole("searchbox", { name: "Buscar por nome, e-mail ou CPF" }).fill(`davi ${tag}`);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("heading", { name: `Clara ${tag}` })).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(1);

    await page.goto(`/guardians?q=ninguem-${tag}`);
    await expect(page.getByText("Nenhum responsável encontrado")).toBeVisible();
  });

  test("a Team user sees the cards and the persons without change controls", async ({ page, loginAs, baseURL, expectNoAxeViolations }) => {
    const tag = randomUUID().slice(0, 6);
    // The guardian is made by an administrator in a separate request context (its own cookies).
    const adminApi = await request.newContext({ baseURL });
    const reg = await adminApi.post("/api/register", {
      data: { name: "Admin", email: uniqueEmail("adm"), password: "segredo123", userType: "Administrator" },
    });
    expect(reg.status()).toBe(201);
    await apiGuardian(adminApi, [{ fullName: `Fábia ${tag}`, isPrimary: true }, { fullName: `Gil ${tag}` }]);
    await adminApi.dispose();

    await loginAs("Team");
    await page.goto(`/guardians?q=${tag}`);
    await expect(page.getByRole("heading", { name: `Fábia ${tag}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Novo Responsável" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Excluir/ })).toHaveCount(0);
    await expectNoAxeViolations();
    await page.getByRole("link", { name: `Ver Pessoas de Fábia ${tag}` }).click();
    const dialog = page.getByRole("dialog", { name: "Pessoas do Responsável" });
    await expect(dialog.getByText(`Gil ${tag}`)).toBeVisible();
    await expect(dialog.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
  });
});
