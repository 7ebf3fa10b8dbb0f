import fs from "node:fs";
import { request, type APIRequestContext } from "@playwright/test";
import { expect, test, uniqueEmail, fieldError } from "./fixtures";

/**
 * The tests of this file (run by both projects at once) take turns through a
 * lock directory in the run's work dir: they read the global offers list. Its
 * empty state is checked first of all, in e2e/empty-states.first.ts.
 */
async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const dir = `.tmp/e2e-${process.env.E2E_PORT ?? 4173}/offers.lock`;
  for (;;) {
    try {
      fs.mkdirSync(dir, { recursive: false });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An administrator's API session, separate from the page's cookies. */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/register", {
    data: { name: "Admin API", email: uniqueEmail("admin"), password: "segredo123", userType: "Administrator" },
  });
  expect(res.status()).toBe(201);
  return api;
}

async function makeBranch(api: APIRequestContext, name: string) {
  const res = await api.post("/api/branches", { data: { name, address: "Rua das Flores, 100" } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; name: string };
}

const rand = () => Math.random().toString(36).slice(2, 8);

test.describe("Ofertas", () => {
  test.describe.configure({ timeout: 90_000 });

  test("administrator creates (with validation), edits and deletes an offer", async ({ page, loginAs, baseURL, jsEnabled }) => {
    await loginAs("Administrator");
    const api = await adminApi(baseURL!);
    const branch = await makeBranch(api, `Unidade Ofertas ${rand()}`);
    // A second active branch, so that the form does not preselect the only one (§2).
    await makeBranch(api, `Unidade Ofertas ${rand()}`);
    const name = `Plano ${rand()}`;
    await exclusive(async () => {
      await page.goto("/offers");
      await page.getByRole("link", { name: "Adicionar Oferta" }).click();
      await expect(page).toHaveURL(/\/offers\/new$/);
      const dialog = page.getByRole("dialog", { name: "Adicionar Oferta" });
      await expect(dialog.getByLabel("Valor mensal (R$)")).toHaveAttribute("step", "0.01");
      await dialog.getByLabel("Valor mensal (R$)").fill("0");
      await dialog.getByRole("button", { name: "Criar" }).click();
      await expect(fieldError(dialog, "Nome da oferta é obrigatório")).toBeVisible();
      await expect(fieldError(dialog, "Valor mensal deve ser maior que zero")).toBeVisible();
      await expect(fieldError(dialog, "Por favor, insira um link válido")).toBeVisible();
      await expect(fieldError(dialog, "Unidade é obrigatória")).toBeVisible();

      await dialog.getByLabel("Nome").fill(name);
      await dialog.getByLabel("Valor mensal (R$)").fill("189.90");
      await dialog.getByLabel("Link de checkout").fill("https://pagamento.exemplo.com/plano");
      await dialog.getByLabel("Unidade").selectOption({ label: branch.name });
      await dialog.getByRole("button", { name: "Criar" }).click();
      await expect(page).toHaveURL(/\/offers$/);
      await expect(page.getByText("Oferta criada com sucesso")).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(name) });
      await expect(row.getByRole("cell", { name: "R$ 189,90" })).toBeVisible();
      await expect(row.getByRole("cell", { name: branch.name })).toBeVisible();
      await expect(row.getByText("Ativo")).toBeVisible();
      const checkout = page.getByRole("link", { name: `Ver checkout de ${name}` });
      await expect(checkout).toHaveAttribute("href", "https://pagamento.exemplo.com/plano");
      await expect(checkout).toHaveAttribute("target", "_blank");
      await expect(checkout).toHaveAttribute("rel", "noopener noreferrer");

      await page.getByRole("link", { name: `Editar ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Editar Oferta" });
      await expect(edit.getByLabel("Valor mensal (R$)")).toHaveValue("189.90");
      await edit.getByLabel("Valor mensal (R$)").fill("210.5");
      await edit.getByLabel("Ativo").uncheck();
      await edit.getByRole("button", { name: "Atualizar" }).click();
      await expect(page.getByText("Oferta atualizada com sucesso")).toBeVisible();
      await expect(row.getByRole("cell", { name: "R$ 210,50" })).toBeVisible();
      await expect(row.getByText("Inativo")).toBeVisible();

      await page.getByRole("link", { name: `Excluir ${name}` }).click();
      const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
      await expect(confirm.getByText("Tem certeza que deseja excluir esta oferta? Esta ação não pode ser desfeita.")).toBeVisible();
      await confirm.getByRole("button", { name: "Excluir" }).click();
      await expect(page.getByText("Oferta excluída com sucesso")).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
      if (jsEnabled) await expect(page.getByRole("dialog")).toHaveCount(0);
    });
    await api.dispose();
  });

  test("cards at 375px, a table at 1280px; Team sees no admin controls; axe clean", async ({
    page,
    loginAs,
    baseURL,
    expectNoAxeViolations,
  }) => {
    await loginAs("Team");
    const api = await adminApi(baseURL!);
    const branch = await makeBranch(api, `Unidade Vitrine ${rand()}`);
    const name = `Plano Vitrine ${rand()}`;
    await exclusive(async () => {
      const res = await api.post("/api/offers", {
        data: { name, monthlyValue: 99.9, checkoutLink: "https://pagamento.exemplo.com/vitrine", branchId: branch.id },
      });
      expect(res.status()).toBe(201);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/offers");
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
      await expect(page.getByRole("table")).toBeHidden();
      await expect(page.getByText("R$ 99,90").first()).toBeVisible();
      await expect(page.getByRole("link", { name: `Ver checkout de ${name}` })).toHaveAttribute("target", "_blank");
      await expect(page.getByRole("link", { name: "Adicionar Oferta" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
      await expectNoAxeViolations();

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByRole("table")).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Ações" })).toHaveCount(0);
      await expect(page.getByRole("row", { name: new RegExp(name) }).getByRole("cell", { name: "R$ 99,90" })).toBeVisible();
      await expectNoAxeViolations();
    });
    expect((await page.request.get("/offers/new")).status()).toBe(403);
    await api.dispose();
  });

  test("the offer dialog passes axe", async ({ page, loginAs, expectNoAxeViolations }) => {
    await loginAs("Administrator");
    await page.goto("/offers/new");
    await expect(page.getByRole("dialog", { name: "Adicionar Oferta" })).toBeVisible();
    await expectNoAxeViolations();
  });
});
