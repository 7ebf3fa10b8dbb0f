import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { makeBranch, makeClass, makeCourse, makeEnrollment, makeGuardian, makeOffer, makeStudent, makeTrial } from "./db";
import { TrialStatusHistory } from "../db/models";
import { addDays, dayHeading, today } from "../app/domain/calendar/dates";
import { expect, fieldError, hydrated, test } from "./fixtures";

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
  // The form's option, and the class as the calendar names it.
  return {
    id: cls.id,
    branchId: branch.id,
    label: `${course.name} - Turma ${cls.classNumber} (${branch.name})`,
    name: `${course.name} - Turma ${cls.classNumber}`,
  };
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

/** 'Quer Matricular' blocks are green (Tailwind's green-100, as Chromium computes it). */
const GREEN_100 = /^oklch\(0\.96\d* 0\.04\d* 156/;
/** A trial's block as shown (the view of the screen's width; the other one is hidden). */
const block = (page: Page, student: string) => page.locator(".tb").filter({ hasText: student, visible: true });

/** The height of the shell's sticky header, which covers the top of the page. */
const HEADER = 56;

/** Every visible control inside `scope` smaller than `min` px in width or height (a11y labels only for screen readers are not controls). */
async function smallTargets(scope: Locator, min: number): Promise<string[]> {
  return scope.evaluate((root, min) => {
    const controls = root.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary");
    const small: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      if (box.width < min || box.height < min) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim()}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, min);
}

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
    // '% de Matrículas' counts the trials that became an enrolment (this one), not those that only want one.
    await insertTrial(
      cls.id,
      {
        scheduledDate: `${month}-31`,
        status: "Quer Matricular",
        createdAt: created,
        studentName: "Último Dia",
        outcome: "Matriculado",
        closedAt: new Date(`${month}-31T15:00:00Z`),
      },
      [{ status: "Quer Matricular", changedAt: new Date(created.getTime() + 4 * day) }],
    );

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
    await expect(kpi(page, "% de Matrículas")).toHaveText("25%");
    await expect(kpi(page, "Ciclo de Vendas Médio")).toHaveText("3 dias");

    // Calendar dates stay on their day: the 31st is in the cell of the 31st, with its class; 'Quer Matricular' is green.
    const last = page.locator(`td[data-date="${month}-31"]`).getByRole("link", { name: /^Último Dia \(Responsável KPI\)/ });
    await expect(last).toBeVisible();
    await expect(last).toContainText(cls.name);
    await expect(block(page, "Alice Verde")).toHaveCSS("background-color", GREEN_100);
    await expectNoAxeViolations({ wcag22: true });

    await page.getByRole("link", { name: "Mês anterior" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${before}$`));
    await expect(kpi(page, "Total de Agendamentos")).toHaveText("0");
  });

  test("at 1280 × 800 the whole month fits the screen, and the week view shows each day's trials with their class", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow(); // a full month of trials, two axe audits
    // Six-week months, full: three trials every day (two shown, '+1 mais').
    const month = jsEnabled ? "2034-07" : "2034-12";
    const cls = await insertClass();
    for (let d = 1; d <= 31; d++) {
      const date = `${month}-${String(d).padStart(2, "0")}`;
      for (const [i, time] of ["09:00", "14:30", "19:00"].entries()) {
        await insertTrial(cls.id, {
          scheduledDate: date,
          scheduledTime: time,
          studentName: `Cheia ${d}-${i} ${randomUUID().slice(0, 4)}`,
          status: i === 0 ? "Quer Matricular" : "Agendado",
        });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs("Team");
    await page.goto(`/trials?month=${month}`);
    if (jsEnabled) await hydrated(page);

    const grid = page.locator("table.cal");
    await expect(grid.locator("tbody tr")).toHaveCount(6);
    const box = (await grid.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(800 - HEADER);
    // With the grid at the top of the screen (under the header), its first and last days are both on screen, whole.
    await page.evaluate((offset) => {
      const top = document.querySelector("table.cal")!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - offset);
    }, HEADER);
    await expect(page.locator(`td[data-date="${month}-01"]`)).toBeInViewport({ ratio: 1 });
    await expect(page.locator(`td[data-date="${month}-31"]`)).toBeInViewport({ ratio: 1 });
    const cell = page.locator(`td[data-date="${month}-31"]`);
    await expect(cell.locator(".tb")).toHaveCount(2);
    await expect(cell.locator(".tb").first()).toContainText(cls.name);
    await expect(cell.getByRole("link", { name: /^\+1 mais/ })).toBeVisible();
    await expectNoAxeViolations({ wcag22: true });

    // The week view: the same day in the week, each trial with its class and its controls.
    await page.getByRole("link", { name: "Semana", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=week&date=${month}-01$`));
    await expect(page.getByRole("heading", { name: /^Semana de / })).toBeVisible();
    const days = page.locator("ol.wk > li");
    await expect(days).toHaveCount(7);
    const first = page.locator(`ol.wk > li[data-date="${month}-01"]`);
    await expect(first.locator(".tb")).toHaveCount(3);
    await expect(first.locator(".tb").first()).toContainText(cls.name);
    await expect(
      first
        .locator(".tb")
        .first()
        .getByRole(jsEnabled ? "button" : "link", { name: /^Status/ }),
    ).toBeVisible();
    await expectNoAxeViolations({ wcag22: true });

    // 'Próxima semana' moves by seven days; 'Dia' opens the day.
    await page.getByRole("link", { name: "Próxima semana" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=week&date=${addDays(`${month}-01`, 7)}$`));
    await page.getByRole("link", { name: "Dia", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${addDays(`${month}-01`, 7)}$`));
    await expect(page.locator("ol.agenda > li")).toHaveCount(3);
  });

  test("on a phone the calendar is today's agenda, with the previous and next day and a jump to a date", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    const cls = await insertClass();
    const now = today();
    const tag = randomUUID().slice(0, 5);
    const far = jsEnabled ? "2035-03-14" : "2035-03-15";
    await insertTrial(cls.id, { scheduledDate: now, studentName: `Hoje ${tag}`, scheduledTime: "23:50" });
    await insertTrial(cls.id, { scheduledDate: addDays(now, 1), studentName: `Amanhã ${tag}` });
    await insertTrial(cls.id, { scheduledDate: far, studentName: `Longe ${tag}` });
    await page.setViewportSize({ width: 375, height: 800 });
    await loginAs("Team");
    await page.goto("/trials");

    // Today's agenda, not the month: no grid, no weekday headers.
    const title = page.locator("main").getByRole("heading", { level: 2 }).first();
    await expect(title).toContainText("Hoje");
    await expect(title).toContainText(dayHeading(now));
    await expect(page.locator("table.cal")).toBeHidden();
    await expect(page.getByRole("columnheader", { name: "Dom" })).toBeHidden();
    const mine = block(page, `Hoje ${tag}`);
    await expect(mine).toBeVisible();
    await expect(mine).toContainText(cls.name);
    await expect(mine).toContainText("23:50");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations({ wcag22: true });

    await page.getByRole("link", { name: "Próximo dia" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${addDays(now, 1)}$`));
    await expect(block(page, `Amanhã ${tag}`)).toBeVisible();
    await expect(block(page, `Hoje ${tag}`)).toHaveCount(0);
    await page.getByRole("link", { name: "Dia anterior" }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${now}$`));
    await expect(block(page, `Hoje ${tag}`)).toBeVisible();

    // A jump to a date: a GET form, the same with or without JavaScript.
    await page.getByLabel("Ir para a data").fill(far);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${far}$`));
    await expect(block(page, `Longe ${tag}`)).toBeVisible();
    await expect(title).not.toContainText("Hoje");
    await page.getByRole("link", { name: "Hoje", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${now}$`));
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
    const date = `${month}-15`;
    const cls = await insertClass("18:30");
    const student = `Clara ${randomUUID().slice(0, 5)}`;
    await loginAs("Team");
    await page.goto(`/trials?month=${month}`);
    if (jsEnabled) await hydrated(page);

    await page.getByRole("link", { name: `Novo experimental em 15/${m}/${y}` }).click();
    const dialog = page.getByRole("dialog", { name: "Novo Experimental" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Cadastre uma nova aula experimental para um novo aluno")).toBeVisible();
    await expect(dialog.getByLabel("Data")).toHaveValue(date);
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
    // Back to the month, at the new trial.
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}#tb-[0-9a-f-]{36}$`));
    await expect(page.locator(`td[data-date="${date}"]`).getByText(student, { exact: true })).toBeVisible();
    await expect(block(page, student)).toContainText(cls.name);

    // The day view: every trial of the day with its controls.
    await page.getByRole("link", { name: dayHeading(date), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${date}$`));
    const trial = block(page, student);
    await expect(trial).toContainText("(Paula Lima)");
    await expect(trial).toContainText("18:30"); // without JS the server took the class's time
    await expect(trial).toContainText(cls.name);
    await expect(page.getByRole("link", { name: "WhatsApp de Paula Lima" })).toHaveAttribute("href", "https://wa.me/5511987654321");
    if (jsEnabled) await hydrated(page);

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
    // Wanting to enrol is not yet an enrolment.
    await expect(kpi(page, "% de Matrículas")).toHaveText("0%");
    // Without JavaScript the answer comes back to the trial's block.
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${date}${jsEnabled ? "" : "#tb-[0-9a-f-]{36}"}$`));

    // 'Matricular' opens the enrolment dialog (e2e/trial-enroll.spec.ts goes through it).
    await trial.getByRole("link", { name: `Matricular ${student}` }).click();
    await expect(page.getByRole("dialog", { name: "Matricular Aluno" })).toBeVisible();
    await page.getByRole("dialog", { name: "Matricular Aluno" }).getByRole("link", { name: "Cancelar" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // History: closing it comes back to the day, at the trial.
    await page.goto(`/trials?view=day&date=${date}`);
    if (jsEnabled) await hydrated(page);
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
    await expectNoAxeViolations({ wcag22: true });
    await history.getByRole("link", { name: "Fechar" }).last().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${date}#tb-[0-9a-f-]{36}$`));

    // Edit: clicking the block opens the dialog; moving the trial to another day follows it there.
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
    await edit.getByLabel("Data").fill(`${month}-16`);
    await edit.getByLabel("Status").selectOption("Compareceu");
    await edit.getByRole("button", { name: "Atualizar" }).click();
    await expect(page.getByText("Experimental atualizado")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${month}-16#tb-[0-9a-f-]{36}$`));
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
    await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${month}-16$`));
    await expect(block(page, student)).toHaveCount(0);
  });

  for (const width of [375, 1280]) {
    test(`a status change without JavaScript comes back to the trial, not to the top of the day (${width} px) @nojs-only`, async ({
      page,
      loginAs,
    }) => {
      const date = width === 375 ? "2033-10-05" : "2033-10-06";
      const cls = await insertClass();
      const tag = randomUUID().slice(0, 5);
      // A busy day: the last trial is far below the top of the page.
      for (let i = 0; i < 30; i++) {
        await insertTrial(cls.id, {
          scheduledDate: date,
          scheduledTime: `${String(8 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
          studentName: `Fila ${tag} ${String(i).padStart(2, "0")}`,
        });
      }
      const last = await insertTrial(cls.id, { scheduledDate: date, scheduledTime: "22:00", studentName: `Última ${tag}` });
      await page.setViewportSize({ width, height: 800 });
      await loginAs("Team");
      await page.goto(`/trials?view=day&date=${date}`);
      const trial = block(page, `Última ${tag}`);
      await trial.getByRole("link", { name: /^Status/ }).click();
      await page.getByRole("dialog", { name: "Alterar status" }).getByRole("button", { name: "Compareceu", exact: true }).click();

      await expect(page.getByText("Status atualizado")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/trials\\?view=day&date=${date}#tb-${last.id}$`));
      await expect(trial).toHaveAttribute("data-status", "Compareceu");
      await expect(trial).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      // The block takes the focus: the next Tab goes on from it.
      await expect(trial).toBeFocused();
      // Not under the sticky header.
      expect((await trial.boundingBox())!.y).toBeGreaterThanOrEqual(HEADER);
    });
  }

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true });

    test("every control of the calendar is at least 44 × 44 px, at 375 and 1280 px", async ({ page, loginAs, jsEnabled }) => {
      const cls = await insertClass();
      const now = today();
      const date = jsEnabled ? "2033-11-09" : "2033-11-10";
      await insertTrial(cls.id, { scheduledDate: now, studentName: `Toque ${randomUUID().slice(0, 5)}`, status: "Quer Matricular" });
      for (const i of [0, 1, 2])
        await insertTrial(cls.id, {
          scheduledDate: date,
          studentName: `Dedo ${i} ${randomUUID().slice(0, 5)}`,
          status: i === 0 ? "Quer Matricular" : "Agendado",
        });
      await loginAs("Team");

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/trials");
      expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
      await expect(page.locator("ol.agenda .tb").first()).toBeVisible();
      expect(await smallTargets(page.locator("main"), 44)).toEqual([]);

      await page.setViewportSize({ width: 1280, height: 800 });
      for (const path of [`/trials?month=${date.slice(0, 7)}`, `/trials?view=week&date=${date}`, `/trials?view=day&date=${date}`]) {
        await page.goto(path);
        await expect(page.locator(".tb").filter({ visible: true }).first()).toBeVisible();
        expect(await smallTargets(page.locator("main"), 44), path).toEqual([]);
      }

      // The status choices, in the popover (JS) or the small dialog (no JS).
      if (jsEnabled) await hydrated(page);
      const first = page.locator(".tb").filter({ hasText: "Dedo 1" });
      await first.getByRole(jsEnabled ? "button" : "link", { name: /^Status/ }).click();
      const menu = jsEnabled ? first : page.getByRole("dialog", { name: "Alterar status" });
      await expect(menu.getByText("Alterar status:")).toBeVisible();
      expect(await smallTargets(menu, 44)).toEqual([]);
    });
  });

  test("the month grid's blocks have 'Status' and 'Ver histórico'; the status change comes back to the month (1280 px)", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow(); // axe audits of a month
    const [month, date] = jsEnabled ? ["2034-03", "2034-03-15"] : ["2034-05", "2034-05-17"];
    const cls = await insertClass();
    const tag = randomUUID().slice(0, 5);
    const student = `Grade ${tag}`;
    const enrolling = `Verde ${tag}`;
    const trialRow = await insertTrial(cls.id, { scheduledDate: date, studentName: student, scheduledTime: "09:00" }, [
      { status: "Agendado", changedAt: new Date() },
    ]);
    await insertTrial(cls.id, { scheduledDate: date, studentName: enrolling, scheduledTime: "10:00", status: "Quer Matricular" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs("Team");
    await page.goto(`/trials?month=${month}`);
    if (jsEnabled) await hydrated(page);
    const chip = block(page, student);
    await expect(chip).toHaveClass(/tb-chip/);
    await expect(chip.getByRole("link", { name: `Ver histórico de ${student}` })).toBeVisible();
    // 'Quer Matricular' keeps its 'Matricular' link, beside the two controls.
    const green = block(page, enrolling);
    await expect(green.getByRole("link", { name: `Matricular ${enrolling}` })).toBeVisible();
    await expect(green.getByRole(jsEnabled ? "button" : "link", { name: `Status de ${enrolling}` })).toBeVisible();
    await expect(green.getByRole("link", { name: `Ver histórico de ${enrolling}` })).toBeVisible();
    // The block stays within its day's cell, controls included.
    const cell = (await page.locator(`td[data-date="${date}"]`).boundingBox())!;
    for (const b of [chip, green]) {
      const box = (await b.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(cell.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cell.x + cell.width + 0.5);
    }
    await expectNoAxeViolations({ wcag22: true });

    // 'Ver histórico': the history dialog; closing it comes back to the month, at the trial.
    await chip.getByRole("link", { name: `Ver histórico de ${student}` }).click();
    const history = page.getByRole("dialog", { name: "Histórico de Status" });
    await expect(history).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/trials/${trialRow.id}/history\\?month=${month}$`));
    await history.getByRole("link", { name: "Fechar" }).last().click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}#tb-${trialRow.id}$`));

    // 'Status': a popover in place with JavaScript (Escape closes it, the focus back on its button),
    // the small status dialog (a URL) without.
    if (jsEnabled) {
      // The page's top (the month's bar whole, not under the sticky header) with the trial's day on screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      const button = chip.getByRole("button", { name: `Status de ${student}` });
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(chip.getByText("Alterar status:")).toBeVisible();
      await expectNoAxeViolations({ wcag22: true });
      await page.keyboard.press("Escape");
      await expect(chip.getByText("Alterar status:")).toHaveCount(0);
      await expect(button).toBeFocused();
      await button.click();
    } else {
      await chip.getByRole("link", { name: `Status de ${student}` }).click();
      await expect(page).toHaveURL(new RegExp(`/trials/${trialRow.id}/status\\?month=${month}$`));
    }
    const menu = jsEnabled ? chip : page.getByRole("dialog", { name: "Alterar status" });
    await expect(menu.getByText("Alterar status:")).toBeVisible();
    await expect(menu.getByRole("button", { pressed: true })).toHaveText("Agendado");
    for (const s of ["Agendado", "Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"]) {
      await expect(menu.getByRole("button", { name: s, exact: true })).toBeVisible();
    }
    // The popover fits the screen (it opens towards the day's cell, not past the page's edge).
    const popup = (await menu.getByText("Alterar status:").boundingBox())!;
    expect(popup.x).toBeGreaterThanOrEqual(0);
    expect(popup.x + popup.width).toBeLessThanOrEqual(1280);
    await menu.getByRole("button", { name: "Compareceu", exact: true }).click();
    await expect(page.getByText("Status atualizado")).toBeVisible();
    await expect(chip).toHaveAttribute("data-status", "Compareceu");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Back to the same month: in place with JavaScript (where the history's close had left it), at the trial's block without.
    await expect(page).toHaveURL(new RegExp(`/trials\\?month=${month}#tb-${trialRow.id}$`));
    expect(await TrialStatusHistory.count({ where: { trialId: trialRow.id } })).toBe(2);

    // Clicking the block itself still opens the edit dialog.
    await chip
      .getByRole("link", { name: new RegExp(student) })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Editar Experimental" })).toBeVisible();
  });

  for (const width of [375, 1280]) {
    test(`the week and the day's agenda have 'Status' and 'Ver histórico' on each block (${width} px)`, async ({
      page,
      loginAs,
      jsEnabled,
    }) => {
      const date = jsEnabled ? "2034-06-14" : "2034-06-21";
      const cls = await insertClass();
      const student = `Semana ${randomUUID().slice(0, 5)}`;
      await insertTrial(cls.id, { scheduledDate: date, studentName: student });
      await page.setViewportSize({ width, height: 800 });
      await loginAs("Team");
      // Below 768 px the week's page shows the day's agenda instead.
      await page.goto(`/trials?view=week&date=${date}`);
      if (jsEnabled) await hydrated(page);
      const trial = block(page, student);
      await expect(trial.getByRole("link", { name: `Ver histórico de ${student}` })).toBeVisible();
      await trial.getByRole(jsEnabled ? "button" : "link", { name: `Status de ${student}` }).click();
      const menu = jsEnabled ? trial : page.getByRole("dialog", { name: "Alterar status" });
      await expect(menu.getByRole("button", { name: "Reagendado", exact: true })).toBeVisible();
    });
  }

  test("the quick status change stays on the page with JavaScript @js-only", async ({ page, loginAs }) => {
    const cls = await insertClass();
    const trialRow = await insertTrial(cls.id, { scheduledDate: "2032-03-03", studentName: "Bia Fetcher" }, [
      { status: "Agendado", changedAt: new Date() },
    ]);
    await loginAs("Administrator");
    await page.goto("/trials?view=week&date=2032-03-03");
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
    await expect(page).toHaveURL(/\/trials\?view=week&date=2032-03-03$/);
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
    await expect(block(page, student).getByRole("link", { name: /^Status/ })).toHaveCount(0);
    await expect(block(page, student).getByRole("button", { name: /^Status/ })).toHaveCount(0);
    await expect(block(page, student).getByRole("link", { name: /Ver histórico/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Novo Experimental" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Novo experimental em/ })).toHaveCount(0);
    await expectNoAxeViolations({ wcag22: true });
    await page.goto("/trials?view=day&date=2032-04-08");
    await expect(block(page, student)).toContainText(cls.name);
    await expect(page.getByText("Alterar status:")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Status/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Ver histórico/ })).toHaveCount(0);
    await expect(block(page, student).getByRole("link", { name: "WhatsApp de Responsável KPI" })).toBeVisible();
    await expectNoAxeViolations({ wcag22: true });
    const res = await page.goto("/trials/new");
    expect(res?.status()).toBe(403);
  });
});
