import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { makeBranch, makeClass, makeCourse, makeEnrollment, makeGuardian, makeOffer, makeStudent, makeTrial } from "./db";
import { TrialStatusHistory } from "../db/models";
import { expect, hydrated, test, fieldError } from "./fixtures";

/** A class (with its branch, classroom, one Wednesday slot, course and responsible) written straight into the e2e database. */
async function insertClass(startTime = "18:30") {
  const tag = randomUUID().slice(0, 6);
  const branch = await makeBranch({ name: `Unidade ${tag}` });
  const course = await makeCourse({ name: `Jazz ${tag}` });
  const { cls } = await makeClass({
    branchId: branch.id,
    courseId: course.id,
    schedules: [{ dayOfWeek: "Quarta", startTime, endTime: "23:00" }],
  });
  return { id: cls.id, branchId: branch.id, label: `${course.name} - Turma ${cls.classNumber} (${branch.name})` };
}

/** A trial of the class (and its status history), written directly. */
function insertTrial(classId: string, attrs: Parameters<typeof makeTrial>[1], history: Array<{ status: string; changedAt: Date }> = []) {
  return makeTrial(
    classId,
    { guardianName: "Responsável KPI", studentName: `Aluna ${randomUUID().slice(0, 4)}`, scheduledTime: "10:00", ...attrs },
    history,
  );
}

/** The KPI card's value, found by its label. */
const kpi = (page: Page, label: string) =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");

/** A trial's block as shown (the grid on desktop; the phone list is hidden). */
/** 'Quer Matricular' blocks are green (Tailwind's green-100, as Chromium computes it). */
const GREEN_100 = /^oklch\(0\.96\d* 0\.04\d* 156/;
const block = (page: Page, student: string) => page.locator(".tb").filter({ hasText: student, visible: true });

test.describe("Experimentais", () => {
  test("navigates months and shows the KPIs computed from that month only", async ({ page, loginAs, jsEnabled, expectNoAxeViolations }) => {
    test.slow(); // an axe audit of the whole month
    // Each project gets its own far month: the two run against the same server at once.
    const [month, before, title] = jsEnabled ? ["2031-03", "2031-02", "Março de 2031"] : ["2031-05", "2031-04", "Maio de 2031"];
    const cls = await insertClass();
    const created = new Date(`${month}-01T12:00:00Z`);
    const day = 24 * 60 * 60 * 1000;
    await insertTrial(cls.id, { scheduledDate: `${month}-02`, status: "Não Compareceu", createdAt: created });
    await insertTrial(cls.id, { scheduledDate: `${month}-10`, status: "Compareceu", createdAt: created });
    await insertTrial(cls.id, { scheduledDate: `${month}-15`, status: "Quer Matricular", createdAt: created, studentName: "Alice Verde" }, [
      { status: "Agendado", changedAt: created },
      { status: "Quer Matricular", changedAt: new Date(created.getTime() + 2 * day) },
    ]);
    await insertTrial(cls.id, { scheduledDate: `${month}-31`, status: "Quer Matricular", createdAt: created, studentName: "Último Dia" }, [
      { status: "Quer Matricular", changedAt: new Date(created.getTime() + 4 * day) },
    ]);

    await loginAs("Team");
    await page.goto(`/trials?month=${before}`);
    await expect(page.getByRole("heading", { name: "Experimentais", level: 1 })).toBeVisible();
    await expect(page.getByText("Gerencie as aulas experimentais de novos alunos")).toBeVisible();
    await expect(kpi(page, "Total de Agendamentos")).toHaveText("0");
    await expect(kpi(page, "% de NoShow")).toHaveText("0%");

    await page.getByRole("link", { name: "Próximo mês" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}$`));
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
    await expect(page.getByRole("columnheader")).toHaveText(["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"]);
    await expect(kpi(page, "Total de Agendamentos")).toHaveText("4");
    await expect(kpi(page, "% de NoShow")).toHaveText("25%");
    await expect(kpi(page, "% de Compareceu")).toHaveText("25%");
    await expect(kpi(page, "% de Matrículas")).toHaveText("50%");
    await expect(kpi(page, "Ciclo de Vendas Médio")).toHaveText("3 dias");

    // Calendar dates stay on their day: the 31st is in the cell of the 31st, and 'Quer Matricular' is green.
    await expect(page.locator(`td[data-date="${month}-31"]`).getByRole("link", { name: /^Último Dia \(Responsável KPI\)/ })).toBeVisible();
    await expect(block(page, "Alice Verde")).toHaveCSS("background-color", GREEN_100);
    await expectNoAxeViolations();

    await page.getByRole("link", { name: "Mês anterior" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${before}$`));
    await expect(kpi(page, "Total de Agendamentos")).toHaveText("0");
  });

  test("creates from a day, changes the status, shows the history, edits and deletes", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow(); // one long journey through every dialog
    const month = jsEnabled ? "2032-01" : "2032-02";
    const [y, m] = month.split("-");
    const cls = await insertClass("18:30");
    const student = `Clara ${randomUUID().slice(0, 5)}`;
    await loginAs("Team");
    await page.goto(`/trials?month=${month}`);
    if (jsEnabled) await hydrated(page);

    await page.getByRole("link", { name: `Novo experimental em 15/${m}/${y}` }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Experimental" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Cadastre uma nova aula experimental para um novo aluno")).toBeVisible();
    await expect(dialog.getByLabel("Data")).toHaveValue(`${month}-15`);
    await dialog.getByRole("button", { name: "Cadastrar" }).click();
    await expect(fieldError(dialog, "Nome do responsável é obrigatório")).toBeVisible();
    await expect(fieldError(dialog, "Turma é obrigatória")).toBeVisible();

    await dialog.getByLabel("Nome do responsável").fill("Paula Lima");
    await dialog.getByLabel("Nome da aluna").fill(student);
    await dialog.getByLabel("Turma").selectOption({ label: cls.label });
    await dialog.getByLabel("WhatsApp").pressSequentially("11987654321");
    if (jsEnabled) {
      // The class's first start time is suggested, and the number masked while typing.
      await expect(dialog.getByLabel("Horário")).toHaveValue("18:30");
      await expect(dialog.getByLabel("WhatsApp")).toHaveValue("(11) 98765-4321");
    }
    await dialog.getByLabel("Origem").selectOption("Indicação");
    await dialog.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText("Experimental cadastrado")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}$`));

    const trial = block(page, student);
    await expect(trial).toContainText("(Paula Lima)");
    await expect(trial).toContainText("18:30"); // without JS the server took the class's time
    await expect(page.locator(`td[data-date="${month}-15"]`).getByText(student, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "WhatsApp de Paula Lima" })).toHaveAttribute("href", "https://wa.me/5511987654321");

    // Quick status change: a popover with JavaScript, a small dialog (URL) without.
    await trial.getByRole(jsEnabled ? "button" : "link", { name: /^Status/ }).click();
    const statusMenu = jsEnabled ? trial : page.getByRole("dialog", { name: "Alterar status" });
    await expect(statusMenu.getByText("Alterar status:")).toBeVisible();
    await expect(statusMenu.getByRole("button", { pressed: true })).toHaveText("Agendado");
    for (const s of ["Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"]) {
      await expect(statusMenu.getByRole("button", { name: s, exact: true })).toBeVisible();
    }
    await statusMenu.getByRole("button", { name: "Quer Matricular" }).click();
    await expect(page.getByText("Status atualizado")).toBeVisible();
    await expect(trial).toHaveAttribute("data-status", "Quer Matricular");
    await expect(trial).toHaveCSS("background-color", GREEN_100);
    await expect(kpi(page, "% de Matrículas")).toHaveText("100%");

    // 'Matricular' opens the enrolment dialog (e2e/trial-enroll.spec.ts goes through it).
    await trial.getByRole("link", { name: `Matricular ${student}` }).click();
    await expect(page.getByRole("dialog", { name: "Matricular Aluno" })).toBeVisible();
    await page.getByRole("dialog", { name: "Matricular Aluno" }).getByRole("link", { name: "Cancelar" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}$`));

    // History.
    await trial.getByRole("link", { name: `Ver histórico de ${student}` }).click();
    const history = page.getByRole("dialog", { name: "Histórico de Status" });
    await expect(history).toBeVisible();
    await expect(history.getByText("Duração Total do Ciclo")).toBeVisible();
    const timeline = history.getByRole("list", { name: "Linha do tempo" }).getByRole("listitem");
    await expect(timeline).toHaveCount(2);
    await expect(timeline.first()).toContainText("Agendado");
    await expect(timeline.first()).toContainText(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    await expect(timeline.first()).toContainText(/Duração: \d+min/);
    await expect(timeline.last()).toContainText("Quer Matricular");
    await expectNoAxeViolations();
    await history.getByRole("link", { name: "Fechar" }).last().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}$`));

    // Edit: clicking the block opens the dialog.
    await trial
      .getByRole("link", { name: new RegExp(student) })
      .first()
      .click();
    const edit = page.getByRole("dialog", { name: "Editar Experimental" });
    await expect(edit.getByText("Atualize as informações do experimental")).toBeVisible();
    await expect(edit.getByLabel("Nome da aluna")).toHaveValue(student);
    await expect(edit.getByLabel("WhatsApp")).toHaveValue("(11) 98765-4321");
    await expect(edit.getByLabel("Status")).toHaveValue("Quer Matricular");
    await edit.getByLabel("Horário").fill("19:45");
    await edit.getByLabel("Status").selectOption("Compareceu");
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Experimental atualizado")).toBeVisible();
    await expect(trial).toContainText("19:45");
    await expect(trial).toHaveAttribute("data-status", "Compareceu");

    // Delete, from the edit dialog.
    await trial
      .getByRole("link", { name: new RegExp(student) })
      .first()
      .click();
    await page.getByRole("dialog", { name: "Editar Experimental" }).getByRole("link", { name: "Excluir" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirmar exclusão" });
    await expect(confirm.getByText("Tem certeza que deseja remover este experimental? Esta ação não pode ser desfeita.")).toBeVisible();
    await confirm.getByRole("button", { name: "Confirmar" }).click();
    await expect(page.getByText("Experimental removido")).toBeVisible();
    await expect(block(page, student)).toHaveCount(0);
  });

  test("the quick status change stays on the page with JavaScript @js-only", async ({ page, loginAs }) => {
    const cls = await insertClass();
    const trialRow = await insertTrial(cls.id, { scheduledDate: "2032-03-03", studentName: "Bia Fetcher" }, [
      { status: "Agendado", changedAt: new Date() },
    ]);
    await loginAs("Administrator");
    await page.goto("/trials?month=2032-03");
    await hydrated(page);
    // A marker that a full page load would wipe out.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const trial = block(page, "Bia Fetcher");
    await trial.getByRole("button", { name: /^Status/ }).click();
    await trial.getByRole("button", { name: "Não Compareceu" }).click();
    await expect(page.getByText("Status atualizado")).toBeVisible();
    await expect(trial).toHaveAttribute("data-status", "Não Compareceu");
    await expect(trial.getByText("Alterar status:")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(page).toHaveURL(/\/trials\?month=2032-03$/);
    const entries = await TrialStatusHistory.count({ where: { trialId: trialRow.id } });
    expect(entries).toBe(2);
  });

  test("a Client reads the calendar without the trial controls; today is marked", async ({ page, loginAs, expectNoAxeViolations }) => {
    const cls = await insertClass();
    const student = `Leitura ${randomUUID().slice(0, 5)}`;
    const trial = await insertTrial(cls.id, { scheduledDate: "2032-04-08", studentName: student });
    const user = await loginAs("Client");
    // A Client reads its own family's trials: the one its child's enrolment came from.
    const family = await makeGuardian(1);
    await family.guardian.update({ userId: user.id });
    const child = await makeStudent(family.guardian.id);
    await makeEnrollment({ studentId: child.id, classId: cls.id, offerId: (await makeOffer(cls.branchId)).id, trialId: trial.id });
    await page.goto("/trials");
    await expect(page.locator('td[aria-current="date"]')).toHaveCount(1);
    await page.goto("/trials?month=2032-04");
    await expect(block(page, student)).toBeVisible();
    await expect(page.getByRole("link", { name: "Novo Experimental" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Novo experimental em/ })).toHaveCount(0);
    await expect(page.getByText("Alterar status:")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Ver histórico/ })).toHaveCount(0);
    await expect(block(page, student).getByRole("link", { name: "WhatsApp de Responsável KPI" })).toBeVisible();
    await expectNoAxeViolations();
    const res = await page.goto("/trials/new");
    expect(res?.status()).toBe(403);
  });

  test("on a phone the month is a list of the days that have trials", async ({ page, loginAs, expectNoAxeViolations }) => {
    const cls = await insertClass();
    const student = `Tela ${randomUUID().slice(0, 5)}`;
    await insertTrial(cls.id, { scheduledDate: "2032-05-21", studentName: student });
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs("Team");
    await page.goto("/trials?month=2032-05");
    // One table, shown as a list: no weekday header row, no empty days, each day under its heading.
    await expect(page.getByRole("columnheader", { name: "Dom" })).toBeHidden();
    await expect(page.locator('td[data-date="2032-05-20"]')).toBeHidden();
    await expect(page.getByRole("heading", { name: /21 de maio/i })).toBeVisible();
    await expect(block(page, student)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations();
  });
});
