import fs from "node:fs";
import { request, type APIRequestContext, type Locator } from "@playwright/test";
import { expect, test, uniqueEmail, fieldError } from "./fixtures";

/**
 * Only one branch is the default at a time, and both projects run at once: the
 * test that marks a default takes a lock so the other project cannot unmark it mid-test.
 */
async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const dir = `.tmp/e2e-${process.env.E2E_PORT ?? 4173}/default-branch.lock`;
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

async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/register", {
    data: { name: "Admin API", email: uniqueEmail("admin"), password: "segredo123", userType: "Administrator" },
  });
  expect(res.status()).toBe(201);
  return api;
}

const rand = () => Math.random().toString(36).slice(2, 8);

/** Opens a `<details>` section; with JS it stays open across the dialog's client-side navigations. */
async function expand(details: Locator) {
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
}

test.describe("Unidades", () => {
  test.describe.configure({ timeout: 90_000 });

  test("administrator creates a default branch, edits and deletes it", async ({ page, loginAs, jsEnabled }) => {
    await loginAs("Administrator");
    const name = `Unidade ${rand()}`;
    await exclusive(async () => {
      await page.goto("/branches");
      await expect(page.getByRole("heading", { name: "Unidades", level: 1 })).toBeVisible();
      await page.getByRole("link", { name: "Adicionar Unidade" }).click();
      await expect(page).toHaveURL(/\/branches\/new$/);
      const dialog = page.getByRole("dialog", { name: "Adicionar Unidade" });
      await expect(dialog.getByLabel("Ativo")).toBeChecked();
      await expect(dialog.getByLabel("Unidade padrão")).not.toBeChecked();
      await dialog.getByRole("button", { name: "Criar" }).click();
      await expect(fieldError(dialog, "Nome da unidade é obrigatório")).toBeVisible();
      await expect(fieldError(dialog, "Endereço é obrigatório")).toBeVisible();
      await dialog.getByLabel("Nome").fill(name);
      await dialog.getByLabel("Endereço").fill("Av. Brasil, 500");
      await dialog.getByLabel("Unidade padrão").check();
      await dialog.getByRole("button", { name: "Criar" }).click();
      await expect(page).toHaveURL(/\/branches$/);
      await expect(page.getByText("Unidade criada com sucesso")).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(name) });
      await expect(row.getByText("Padrão")).toBeVisible();
      await expect(row.getByRole("cell", { name: "Av. Brasil, 500" })).toBeVisible();
      // Only one default: no other row carries the marker.
      await expect(page.getByRole("table").getByText("Padrão", { exact: true })).toHaveCount(1);

      await page.getByRole("link", { name: `Editar ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Editar Unidade" });
      await expect(edit.getByLabel("Nome")).toHaveValue(name);
      await expect(edit.getByLabel("Unidade padrão")).toBeChecked();
      await edit.getByLabel("Ativo").uncheck();
      await edit.getByLabel("Unidade padrão").uncheck();
      await edit.getByRole("button", { name: "Atualizar" }).click();
      await expect(page.getByText("Unidade atualizada com sucesso")).toBeVisible();
      await expect(row.getByText("Inativo")).toBeVisible();
      await expect(row.getByText("Padrão")).toHaveCount(0);
    });

    await page.getByRole("link", { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Unidade excluída com sucesso")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
    if (jsEnabled) await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("classrooms dialog: add a classroom and a schedule, grouped by weekday, overlap refused, delete", async ({
    page,
    loginAs,
    baseURL,
    expectNoAxeViolations,
  }) => {
    await loginAs("Administrator");
    const api = await adminApi(baseURL!);
    const branchName = `Unidade Salas ${rand()}`;
    const branch = await (await api.post("/api/branches", { data: { name: branchName, address: "Rua A, 1" } })).json();
    await api.dispose();

    await page.goto("/branches");
    await page.getByRole("link", { name: `Salas de ${branchName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/classrooms$`));
    const rooms = page.getByRole("dialog", { name: `Salas de Aula - ${branchName}` });
    await expect(rooms.getByText("Capacidade Total: 0 vagas")).toBeVisible();

    await rooms.getByRole("link", { name: "Adicionar Sala" }).click();
    const roomForm = page.getByRole("dialog", { name: "Adicionar Sala" });
    await roomForm.getByLabel("Capacidade (vagas por hora)").fill("0");
    await roomForm.getByRole("button", { name: "Criar" }).click();
    await expect(fieldError(roomForm, "Nome da sala é obrigatório")).toBeVisible();
    await expect(fieldError(roomForm, "Capacidade deve ser maior que zero")).toBeVisible();
    await roomForm.getByLabel("Nome").fill("Sala Espelhos");
    await roomForm.getByLabel("Capacidade (vagas por hora)").fill("15");
    await roomForm.getByRole("button", { name: "Criar" }).click();
    await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/classrooms$`));
    await expect(page.getByText("Sala criada com sucesso")).toBeVisible();
    await expect(rooms.getByText("Capacidade: 15 vagas/hora")).toBeVisible();
    await expect(rooms.getByText("Capacidade Total: 15 vagas")).toBeVisible();

    await expand(rooms.locator("details"));
    await expect(rooms.getByText("Nenhum horário cadastrado")).toBeVisible();
    await rooms.getByRole("link", { name: "Adicionar Horário na sala Sala Espelhos" }).click();
    let slotForm = page.getByRole("dialog", { name: "Adicionar Horário" });
    await expect(slotForm.getByLabel("Dia da semana")).toHaveValue("Segunda");
    await slotForm.getByLabel("Dia da semana").selectOption("Terça");
    await slotForm.getByLabel("Horário inicial").fill("08:00");
    await slotForm.getByLabel("Horário final").fill("09:00");
    await slotForm.getByRole("button", { name: "Criar" }).click();
    await expect(page.getByText("Horário criado com sucesso")).toBeVisible();

    await expand(rooms.locator("details"));
    const terca = rooms.getByRole("list", { name: "Horários de Terça" });
    await expect(terca.getByText("08:00 - 09:00", { exact: true })).toBeVisible();
    await expectNoAxeViolations();

    await rooms.getByRole("link", { name: "Adicionar Horário na sala Sala Espelhos" }).click();
    slotForm = page.getByRole("dialog", { name: "Adicionar Horário" });
    await slotForm.getByLabel("Dia da semana").selectOption("Terça");
    await slotForm.getByLabel("Horário inicial").fill("08:30");
    await slotForm.getByLabel("Horário final").fill("09:30");
    await slotForm.getByRole("button", { name: "Criar" }).click();
    // The field's message (with JavaScript the error toast also shows, inside the modal dialog).
    await expect(
      slotForm.locator("form").getByText("Este horário se sobrepõe a outro horário da sala (Terça 08:00 - 09:00)"),
    ).toBeVisible();
    await expect(slotForm.getByLabel("Horário inicial")).toHaveValue("08:30");
    await slotForm.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/classrooms$`));
    await expect(page.getByRole("dialog", { name: "Adicionar Horário" })).toHaveCount(0);

    await expand(rooms.locator("details"));
    await rooms.getByRole("link", { name: "Excluir horário Terça 08:00 - 09:00" }).click();
    const confirmSlot = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirmSlot.getByText("Tem certeza que deseja excluir este horário? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirmSlot.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Horário excluído com sucesso")).toBeVisible();

    await rooms.getByRole("link", { name: "Excluir sala Sala Espelhos" }).click();
    await page.getByRole("alertdialog", { name: "Confirmar exclusão" }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Sala excluída com sucesso")).toBeVisible();
    await expect(rooms.getByText("Nenhuma sala cadastrada nesta unidade")).toBeVisible();
    await expect(rooms.getByText("Capacidade Total: 0 vagas")).toBeVisible();
  });

  test("the nested dialog is modal on top; Escape returns to the classrooms dialog @js-only", async ({ page, loginAs, baseURL }) => {
    await loginAs("Administrator");
    const api = await adminApi(baseURL!);
    const branchName = `Unidade Modal ${rand()}`;
    const branch = await (await api.post("/api/branches", { data: { name: branchName, address: "Rua B, 2" } })).json();
    await api.dispose();
    // Opened straight from the URL: the nested dialog must end up above its parent.
    await page.goto(`/branches/${branch.id}/classrooms/new`);
    const form = page.getByRole("dialog", { name: "Adicionar Sala" });
    await expect(form).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll("dialog")].filter((d) => d.matches(":modal")).length))
      .toBe(2);
    await form.getByLabel("Nome").fill("Sala Foco");
    await expect(form.getByLabel("Nome")).toBeFocused();
    await form.getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/classrooms$`));

    // Opened from the classrooms dialog, Escape closes only the nested dialog.
    await page.getByRole("link", { name: "Adicionar Sala" }).click();
    await expect(page.getByRole("dialog", { name: "Adicionar Sala" })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll("dialog")].filter((d) => d.matches(":modal")).length))
      .toBe(2);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`/branches/${branch.id}/classrooms$`));
    await expect(page.getByRole("dialog", { name: `Salas de Aula - ${branchName}` })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Adicionar Sala" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/branches$/);
  });

  test("Team sees Salas on the mobile cards only, no admin controls, axe clean", async ({
    page,
    loginAs,
    baseURL,
    expectNoAxeViolations,
  }) => {
    await loginAs("Team");
    const api = await adminApi(baseURL!);
    const branchName = `Unidade Equipe ${rand()}`;
    const branch = await (await api.post("/api/branches", { data: { name: branchName, address: "Rua C, 3" } })).json();
    const room = await (await api.post("/api/classrooms", { data: { branchId: branch.id, name: "Sala Palco", capacity: 30 } })).json();
    await api.post("/api/classroom-schedules", {
      data: { classroomId: room.id, dayOfWeek: "Sábado", startTime: "10:00", endTime: "11:00" },
    });
    await api.post("/api/classroom-schedules", {
      data: { classroomId: room.id, dayOfWeek: "Segunda", startTime: "18:00", endTime: "19:00" },
    });
    await api.dispose();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/branches");
    await expect(page.getByRole("heading", { name: branchName, level: 2 })).toBeVisible();
    await expect(page.getByRole("table")).toBeHidden();
    await expect(page.getByRole("link", { name: "Adicionar Unidade" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
    await expectNoAxeViolations();

    await page.getByRole("link", { name: `Salas de ${branchName}` }).click();
    const rooms = page.getByRole("dialog", { name: `Salas de Aula - ${branchName}` });
    await expect(rooms.getByText("Capacidade Total: 30 vagas")).toBeVisible();
    await expect(rooms.getByRole("link", { name: "Adicionar Sala" })).toHaveCount(0);
    await expand(rooms.locator("details"));
    // Grouped Monday to Saturday.
    const groups = rooms.getByRole("heading", { level: 4 });
    await expect(groups).toHaveText(["Segunda", "Sábado"]);
    await expect(rooms.getByRole("list", { name: "Horários de Sábado" }).getByText("10:00 - 11:00", { exact: true })).toBeVisible();
    await expect(rooms.getByRole("link", { name: /^Adicionar Horário/ })).toHaveCount(0);
    await expect(rooms.getByRole("link", { name: /^Excluir/ })).toHaveCount(0);
    await expectNoAxeViolations();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/branches");
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(branchName) })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Ações" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Salas de ${branchName}` })).toHaveCount(0);
    expect((await page.request.get(`/branches/${branch.id}/classrooms/new`)).status()).toBe(403);
  });
});
