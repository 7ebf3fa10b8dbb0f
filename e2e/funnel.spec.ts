import { randomUUID } from "node:crypto";
import { addDays, today } from "../app/domain/calendar/dates";
import { makeClass, makeTask, makeTrial } from "./db";
import { expect, fieldError, hydrated, test } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);

test.describe("O fim do funil: perdido, reaberto e tarefas", () => {
  test("'Marcar como perdido' with the note left empty marks the trial lost (no note)", async ({ page, loginAs, jsEnabled }) => {
    await loginAs("Team");
    const { cls } = await makeClass();
    const day = today();
    const trial = await makeTrial(cls.id, { studentName: `Sem nota ${tag()}`, status: "Compareceu", scheduledDate: day });

    await page.goto(`/trials/${trial.id}/lose?view=day&date=${day}`);
    const lose = page.getByRole("dialog", { name: "Marcar como perdido" });
    await expect(lose).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await lose.getByLabel("Motivo da perda").selectOption("Horário");
    await expect(lose.getByLabel("Observação")).toHaveValue("");
    await lose.getByRole("button", { name: "Marcar como perdido" }).click();

    await expect(page.getByText("Experimental marcado como perdido")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/trials/${trial.id}/history\\?view=day&date=${day}$`));
    const view = page.getByRole("dialog", { name: "Histórico de Status" });
    await expect(view.getByTestId("trial-outcome")).toContainText("Perdido: Horário");
    await expect(page.getByText("Observação deve ter no máximo 500 caracteres")).toHaveCount(0);
  });

  test("'Marcar como perdido' with a reason, greyed on the calendar and hidden by 'Só abertos'; 'Reabrir'", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    const user = await loginAs("Team");
    const { cls } = await makeClass();
    const student = `Lia ${tag()}`;
    const day = today();
    const trial = await makeTrial(cls.id, { studentName: student, status: "Compareceu", scheduledDate: day, ownerId: user.id });

    await page.goto(`/trials/${trial.id}/history?view=day&date=${day}`);
    const view = page.getByRole("dialog", { name: "Histórico de Status" });
    await expect(view.getByTestId("trial-outcome")).toHaveText("Aberto");
    await expect(view.getByText(user.name)).toBeVisible();
    if (jsEnabled) await hydrated(page);
    await view.getByRole("link", { name: "Marcar como perdido" }).click();

    const lose = page.getByRole("dialog", { name: "Marcar como perdido" });
    await expect(lose).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/trials/${trial.id}/lose\\?view=day&date=${day}$`));
    if (jsEnabled) await hydrated(page);
    // No reason: the field says so.
    await lose.getByRole("button", { name: "Marcar como perdido" }).click();
    await expect(fieldError(lose, "Motivo da perda é obrigatório")).toBeVisible();
    await expectNoAxeViolations();
    await lose.getByLabel("Motivo da perda").selectOption("Preço");
    await lose.getByLabel("Observação").fill("Achou caro para duas aulas");
    await lose.getByRole("button", { name: "Marcar como perdido" }).click();

    await expect(view.getByTestId("trial-outcome")).toContainText("Perdido: Preço");
    await expect(view.getByTestId("trial-outcome")).toContainText("Achou caro para duas aulas");
    await expect(view.getByText("Resultado: Perdido (Preço)")).toBeVisible();
    await expectNoAxeViolations();

    // The calendar: the lost block greyed with its reason; 'Só abertos' leaves it out.
    await page.goto(`/trials?view=day&date=${day}`);
    const block = page.locator(`#tb-${trial.id}`);
    await expect(block).toHaveAttribute("data-lost", "");
    await expect(block).toHaveAttribute("title", "Perdido: Preço");
    await expect(block.getByText("Perdido: Preço")).toBeVisible();
    await expectNoAxeViolations();
    await page
      .getByRole("link", { name: /Só abertos/ })
      .first()
      .click();
    await expect(page).toHaveURL(/open=1/);
    await expect(page.locator(`#tb-${trial.id}`)).toHaveCount(0);

    // 'Reabrir': open again, in the history as 'Reaberto'.
    await page.goto(`/trials/${trial.id}/history?view=day&date=${day}`);
    if (jsEnabled) await hydrated(page);
    await view.getByRole("link", { name: "Reabrir" }).click();
    const reopen = page.getByRole("dialog", { name: "Reabrir experimental" });
    await expect(reopen).toContainText("Perdido por 'Preço'");
    await expectNoAxeViolations();
    await reopen.getByRole("button", { name: "Reabrir" }).click();
    await expect(view.getByTestId("trial-outcome")).toHaveText("Aberto");
    await expect(view.getByText("Resultado: Reaberto")).toBeVisible();

    // 'Nova tarefa' on the trial: the owner is the trial's; the task shows in the trial's view.
    if (jsEnabled) await hydrated(page);
    await view.getByRole("link", { name: "Nova tarefa" }).click();
    const task = page.getByRole("dialog", { name: "Nova tarefa" });
    await expect(task.getByLabel("Responsável")).toHaveValue(user.id);
    await task.getByLabel("Data").fill(addDays(day, 1));
    await task.getByLabel("Anotação").fill("Ligar depois das 18h");
    await expectNoAxeViolations();
    await task.getByRole("button", { name: "Criar" }).click();
    await expect(view.getByRole("region", { name: "Tarefas" })).toContainText("Ligar depois das 18h");

    // The trial's dialog names its owner ('Responsável pelo lead').
    await page.goto(`/trials/${trial.id}/edit?view=day&date=${day}`);
    await expect(page.getByLabel("Responsável pelo lead")).toHaveValue(user.id);
  });

  for (const width of [375, 1280]) {
    test(`'Minhas tarefas' at ${width} px: overdue, today and next with WhatsApp, 'Concluir'; the dashboard counts the overdue`, async ({
      page,
      loginAs,
      expectNoAxeViolations,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 800 });
      const user = await loginAs("Team");
      const { cls } = await makeClass();
      const trial = await makeTrial(cls.id, { studentName: `Bia ${tag()}`, guardianName: "Rita Souza", ownerId: user.id });
      const day = today();
      await makeTask({ trialId: trial.id, ownerId: user.id, dueAt: addDays(day, -2), note: "Retornar a ligação" });
      await makeTask({ trialId: trial.id, ownerId: user.id, dueAt: day, note: "Enviar os valores" });
      await makeTask({ trialId: trial.id, ownerId: user.id, dueAt: addDays(day, 3), note: "Confirmar a turma" });

      await page.goto("/");
      await expect(page.getByTestId("overdue-tasks")).toHaveText("1");
      await page.goto("/tasks");
      await expect(page.getByRole("heading", { name: "Minhas tarefas", level: 1 })).toBeVisible();
      const group = (name: RegExp) => page.getByRole("region", { name });
      await expect(group(/^Atrasadas/).getByTestId("task")).toContainText("Retornar a ligação");
      await expect(group(/^Hoje/).getByTestId("task")).toContainText("Enviar os valores");
      await expect(group(/^Próximas/).getByTestId("task")).toContainText("Confirmar a turma");
      const whatsapp = group(/^Hoje/).getByRole("link", { name: "WhatsApp de Rita Souza" });
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/5511987654321\?text=Ol%C3%A1%2C%20Rita!/);
      await expectNoAxeViolations();

      await group(/^Atrasadas/)
        .getByRole("button", { name: /Concluir/ })
        .click();
      await expect(page.getByText("Tarefa concluída")).toBeVisible();
      await expect(group(/^Atrasadas/).getByTestId("task")).toHaveCount(0);
      await group(/^Hoje/)
        .getByRole("button", { name: /Concluir/ })
        .click();
      await expect(group(/^Hoje/).getByTestId("task")).toContainText("Concluída");
      await page.goto("/");
      await expect(page.getByTestId("overdue-tasks")).toHaveText("0");
    });
  }
});
