import { randomUUID } from "node:crypto";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeMakeup,
  makeOffer,
  makeStudent,
} from "./db";
import { expect, hydrated, selectBranch, test } from "./fixtures";
import { addDays, today as schoolToday } from "../app/domain/calendar/dates";

const tag = () => randomUUID().slice(0, 6);
const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
/** The latest day up to today on which classes meet (never a Sunday). */
const lastClassDay = () => (weekday(schoolToday()) === "Domingo" ? addDays(schoolToday(), -1) : schoolToday());
const rollCallUrl = (classId: string, date: string, scheduleId: string) =>
  `/classes/${classId}/attendance?date=${date}&scheduleId=${scheduleId}`;

/** A class of the branch meeting on `date`'s weekday, created weeks ago (so its past sessions exist). */
async function insertClass(
  branchId: string,
  opts: { date: string; startTime?: string; endTime?: string; courseId?: string; capacity?: number },
) {
  const classroom = await makeClassroom(branchId, { name: `Sala ${tag()}`, capacity: opts.capacity ?? 20 });
  const course = opts.courseId ? { id: opts.courseId } : await makeCourse({ name: `Balé ${tag()}` });
  const made = await makeClass({
    branchId,
    classroomId: classroom.id,
    courseId: course.id,
    schedules: [{ dayOfWeek: weekday(opts.date), startTime: opts.startTime ?? "18:00", endTime: opts.endTime ?? "19:00" }],
    createdAt: new Date(Date.now() - 60 * 24 * 60 * 60 * 1000),
  });
  return { cls: made.cls, scheduleId: made.schedules[0].id, courseId: course.id };
}

/** A pupil (with a guardian) enrolled in the class since well before the sessions used. */
async function enrol(classId: string, branchId: string, fullName: string) {
  const { guardian, persons } = await makeGuardian(1);
  const student = await makeStudent(guardian.id, { fullName });
  const offer = await makeOffer(branchId);
  const enrollment = await makeEnrollment({ studentId: student.id, classId, offerId: offer.id, startDate: addDays(schoolToday(), -45) });
  return { student, enrollment, guardian: persons[0] };
}

test.describe("Chamada", () => {
  test("'Aulas de Hoje' lists the selected branch's sessions by time with their pupils and roll call state", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow();
    const today = schoolToday();
    const branch = await makeBranch({ name: `Unidade Hoje ${tag()}` });
    const other = await makeBranch({ name: `Unidade Outra ${tag()}` });
    await loginAs("Team");
    if (weekday(today) === "Domingo") {
      // No class ever meets on a Sunday.
      await insertClass(branch.id, { date: addDays(today, -1) });
      await selectBranch(page, branch.name, jsEnabled);
      await page.goto("/today");
      await expect(page.getByText("Nenhuma aula hoje nesta unidade")).toBeVisible();
      return;
    }
    const evening = await insertClass(branch.id, { date: today, startTime: "19:00", endTime: "20:00" });
    const morning = await insertClass(branch.id, { date: today, startTime: "07:00", endTime: "08:00" });
    const elsewhere = await insertClass(other.id, { date: today, startTime: "10:00", endTime: "11:00" });
    const a = await enrol(evening.cls.id, branch.id, `Ana ${tag()}`);
    await enrol(evening.cls.id, branch.id, `Bia ${tag()}`);
    // The morning's roll call is done; the evening's is not.
    const c = await enrol(morning.cls.id, branch.id, `Caio ${tag()}`);
    await makeAttendance({
      enrollmentId: c.enrollment.id,
      classId: morning.cls.id,
      scheduleId: morning.scheduleId,
      date: today,
      status: "Presente",
    });

    await selectBranch(page, branch.name, jsEnabled);
    await page.getByRole("complementary", { name: "Barra lateral" }).getByRole("link", { name: "Aulas de Hoje" }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByRole("heading", { level: 1, name: "Aulas de Hoje" })).toBeVisible();
    const sessions = page.getByRole("list", { name: "Aulas de hoje" }).getByRole("link");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.nth(0)).toContainText("07:00");
    await expect(sessions.nth(0)).toContainText(`Turma ${morning.cls.classNumber}`);
    await expect(sessions.nth(0)).toContainText("1 aluno");
    await expect(sessions.nth(0)).toContainText("Chamada feita");
    await expect(sessions.nth(1)).toContainText("19:00");
    await expect(sessions.nth(1)).toContainText(`Turma ${evening.cls.classNumber}`);
    await expect(sessions.nth(1)).toContainText("2 alunos");
    await expect(sessions.nth(1)).toContainText("Chamada pendente");
    await expect(page.getByText(`Turma ${elsewhere.cls.classNumber}`)).toHaveCount(0);
    await expectNoAxeViolations({ wcag22: true });

    // One tap opens the session's roll call.
    await sessions.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/classes/${evening.cls.id}/attendance\\?date=${today}&scheduleId=${evening.scheduleId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Chamada" })).toBeVisible();
    await expect(page.getByRole("group", { name: a.student.fullName })).toBeVisible();

    // Another branch with nothing today.
    const empty = await makeBranch({ name: `Unidade Vazia ${tag()}` });
    await selectBranch(page, empty.name, jsEnabled);
    await page.goto("/today");
    await expect(page.getByText("Nenhuma aula hoje nesta unidade")).toBeVisible();
  });

  test("a roll call taken with the keyboard only at 375 px: a few Tabs to the first pupil, Enter in a note sends nothing, saved and shown again", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 800 });
    const date = lastClassDay();
    const branch = await makeBranch();
    const { cls, scheduleId } = await insertClass(branch.id, { date });
    const first = await enrol(cls.id, branch.id, `Alice ${tag()}`);
    const second = await enrol(cls.id, branch.id, `Bruno ${tag()}`);
    const [one, two] = [first, second].sort((x, y) => x.student.fullName.localeCompare(y.student.fullName, "pt-BR"));
    await loginAs("Team");
    await page.goto(rollCallUrl(cls.id, date, scheduleId));
    await expect(page.getByRole("heading", { level: 1, name: "Chamada" })).toBeVisible();
    await expect(page.getByText("Chamada pendente")).toBeVisible();
    const g1 = page.getByRole("group", { name: one.student.fullName });
    const g2 = page.getByRole("group", { name: two.student.fullName });
    // Presente preselected for pupils not yet registered.
    await expect(g1.getByRole("radio", { name: "Presente" })).toBeChecked();
    await expect(g2.getByRole("radio", { name: "Presente" })).toBeChecked();
    await expectNoAxeViolations({ wcag22: true });
    if (jsEnabled) await hydrated(page);

    // From the page's top, Tab by Tab: the skip link, the header (menu button, branch, user) and the
    // first pupil's choice; the closed menu and the other sessions' links are not in the way.
    const firstChoice = g1.getByRole("radio", { name: "Presente" });
    let presses = 0;
    while (presses < 20) {
      await page.keyboard.press("Tab");
      presses++;
      if (await firstChoice.evaluate((el) => el === document.activeElement)) break;
    }
    expect(presses).toBeLessThanOrEqual(6);

    // Arrows move within the group.
    await page.keyboard.press("ArrowRight");
    await expect(g1.getByRole("radio", { name: "Falta", exact: true })).toBeChecked();
    await expect(g1.getByRole("radio", { name: "Falta", exact: true })).toBeFocused();
    // The focus is visible: a ring around the chosen option.
    await expect(g1.locator("label", { has: page.getByRole("radio", { name: "Falta", exact: true }) })).not.toHaveCSS("box-shadow", "none");
    // The note opens on demand.
    const note = g1.getByRole("textbox", { name: /Observação/ });
    await expect(note).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(g1.getByText("Adicionar observação")).toBeFocused();
    await page.keyboard.press("Enter");
    if (!jsEnabled) await page.keyboard.press("Tab");
    await expect(note).toBeFocused();
    await page.keyboard.type("Avisou que viajou");
    // Enter in the note does not send the roll call.
    await page.keyboard.press("Enter");
    await expect(note).toBeFocused();
    await expect(note).toHaveValue("Avisou que viajou");
    await expect(page.getByText("Chamada pendente")).toBeVisible();
    await expect(page.getByText("Chamada salva")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(g2.getByRole("radio", { name: "Presente" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(g2.getByRole("radio", { name: "Falta justificada" })).toBeChecked();
    if (jsEnabled) {
      await expect(page.getByRole("status").filter({ hasText: "0 presentes · 2 faltas" })).toBeVisible();
      await expect(page.getByText("Alterações não salvas")).toBeVisible();
    }
    await page.keyboard.press("Tab");
    await expect(g2.getByText("Adicionar observação")).toBeFocused();
    await page.keyboard.press("Tab");
    const save = page.getByRole("button", { name: "Salvar chamada" });
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Chamada salva")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/classes/${cls.id}/attendance\\?date=${date}&scheduleId=${scheduleId}$`));
    if (jsEnabled) await expect(page.getByText("Alterações não salvas")).toHaveCount(0);

    await page.reload();
    await expect(page.getByText("Chamada feita")).toBeVisible();
    await expect(g1.getByRole("radio", { name: "Falta", exact: true })).toBeChecked();
    await expect(g1.getByRole("textbox", { name: /Observação/ })).toHaveValue("Avisou que viajou");
    await expect(g1.getByRole("textbox", { name: /Observação/ })).toBeVisible();
    await expect(g2.getByRole("radio", { name: "Falta justificada" })).toBeChecked();
    await expectNoAxeViolations({ wcag22: true });
  });

  test("a roll call of twenty pupils fits in about two phone screens; the bar never covers the focused choice", async ({
    page,
    loginAs,
    jsEnabled,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 812 });
    const date = lastClassDay();
    const branch = await makeBranch();
    const { cls, scheduleId } = await insertClass(branch.id, { date, capacity: 30 });
    for (let i = 0; i < 20; i++) await enrol(cls.id, branch.id, `Pupila ${String(i + 1).padStart(2, "0")} ${tag()}`);
    await loginAs("Team");
    await page.goto(rollCallUrl(cls.id, date, scheduleId));
    const lines = page.locator(".rc-line");
    await expect(lines).toHaveCount(20);
    const top = (await lines.first().boundingBox())!;
    const bottom = (await lines.last().boundingBox())!;
    // Six screens before the notes opened on demand; now about two.
    expect(bottom.y + bottom.height - top.y).toBeLessThanOrEqual(2.1 * 812);
    if (jsEnabled) {
      await hydrated(page);
      await expect(page.getByRole("status").filter({ hasText: "20 presentes · 0 faltas" })).toBeVisible();
    }

    // Tab through every pupil: the focused choice (or note button) stays clear of the sticky bar and the header.
    await lines.first().getByRole("radio", { name: "Presente" }).focus();
    for (let i = 0; i < 40; i++) {
      const clear = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const box = (focused.closest("label") ?? focused).getBoundingClientRect();
        const bar = document.querySelector(".sticky-actions")!.getBoundingClientRect();
        const header = document.querySelector("header")!.getBoundingClientRect();
        return box.top >= header.bottom && (box.bottom <= bar.top || box.top >= bar.bottom);
      });
      expect(clear, `Tab ${i}`).toBe(true);
      await page.keyboard.press("Tab");
    }
    await expect(page.getByRole("button", { name: "Salvar chamada" })).toBeFocused();
  });

  test("the running count and the unsaved mark follow the choices @js-only", async ({ page, loginAs }) => {
    const date = lastClassDay();
    const branch = await makeBranch();
    const { cls, scheduleId } = await insertClass(branch.id, { date });
    const a = await enrol(cls.id, branch.id, `Lia ${tag()}`);
    await enrol(cls.id, branch.id, `Mia ${tag()}`);
    await loginAs("Team");
    await page.goto(rollCallUrl(cls.id, date, scheduleId));
    await hydrated(page);
    const status = page.getByRole("status").filter({ hasText: /presente/ });
    await expect(status).toHaveText("2 presentes · 0 faltas");
    const line = page.getByRole("group", { name: a.student.fullName });
    await line.getByText("Falta", { exact: true }).click();
    await expect(status).toContainText("1 presente · 1 falta");
    await expect(status).toContainText("Alterações não salvas");
    await line.getByText("Presente").click();
    await expect(status).toHaveText("2 presentes · 0 faltas");
    // A note opens on demand, with the focus in it.
    await line.getByText("Adicionar observação").click();
    await expect(line.getByRole("textbox", { name: /Observação/ })).toBeFocused();
    await page.keyboard.type("Chegou atrasada");
    await expect(status).toContainText("Alterações não salvas");
    await page.getByRole("button", { name: "Salvar chamada" }).click();
    await expect(page.getByText("Chamada salva")).toBeVisible();
    await expect(status).toHaveText("2 presentes · 0 faltas");
  });

  for (const width of [375, 1280]) {
    test(`the bar's count is the saved roll call's, also without JavaScript (${width} px)`, async ({ page, loginAs, jsEnabled }) => {
      const date = lastClassDay();
      const branch = await makeBranch();
      const { cls, scheduleId } = await insertClass(branch.id, { date });
      const a = await enrol(cls.id, branch.id, `Lia ${tag()}`);
      await enrol(cls.id, branch.id, `Mia ${tag()}`);
      await enrol(cls.id, branch.id, `Nia ${tag()}`);
      await page.setViewportSize({ width, height: 800 });
      await loginAs("Team");
      await page.goto(rollCallUrl(cls.id, date, scheduleId));
      const status = page.getByRole("status").filter({ hasText: /presente/ });
      // Before the first save every pupil is marked present.
      await expect(status).toHaveText("3 presentes · 0 faltas");
      await expect(status).toBeVisible();
      if (jsEnabled) await hydrated(page);
      await page.getByRole("group", { name: a.student.fullName }).getByText("Falta", { exact: true }).click();
      await page.getByRole("button", { name: "Salvar chamada" }).click();
      await expect(page.getByText("Chamada salva")).toBeVisible();
      await expect(status).toHaveText("2 presentes · 1 falta");
      // A new visit: the stored roll call, counted by the server.
      await page.reload();
      await expect(status).toHaveText("2 presentes · 1 falta");
    });
  }

  test("'Aulas de Hoje' moves to another day with links and a date, and opens that day's roll call", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 375, height: 800 });
    const day = addDays(lastClassDay(), -7);
    const branch = await makeBranch({ name: `Unidade Dia ${tag()}` });
    const { cls, scheduleId } = await insertClass(branch.id, { date: day, startTime: "16:00", endTime: "17:00" });
    const pupil = await enrol(cls.id, branch.id, `Davi ${tag()}`);
    await loginAs("Team");
    await selectBranch(page, branch.name, jsEnabled);
    await page.goto("/today");
    await expect(page.getByRole("heading", { level: 1, name: "Aulas de Hoje" })).toBeVisible();
    await page.getByLabel("Ir para a data").fill(day);
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/today\\?date=${day}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Aulas do dia" })).toBeVisible();
    const sessions = page.getByRole("list", { name: "Aulas do dia" }).getByRole("link");
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText(`Turma ${cls.classNumber}`);
    await expectNoAxeViolations({ wcag22: true });

    // A day later and back.
    await page.getByRole("link", { name: "Próximo dia" }).click();
    await expect(page).toHaveURL(/\/today(\?date=\d{4}-\d{2}-\d{2})?$/);
    await expect(page.getByRole("list", { name: /Aulas d/ }).getByText(`Turma ${cls.classNumber}`)).toHaveCount(0);
    await page.getByRole("link", { name: "Dia anterior" }).click();
    await expect(page).toHaveURL(new RegExp(`/today\\?date=${day}$`));
    await sessions.first().click();
    await expect(page).toHaveURL(new RegExp(`/classes/${cls.id}/attendance\\?date=${day}&scheduleId=${scheduleId}$`));
    await expect(page.getByRole("group", { name: pupil.student.fullName })).toBeVisible();

    await page.goto(`/today?date=${day}`);
    await page.getByRole("link", { name: "Hoje", exact: true }).click();
    await expect(page).toHaveURL(/\/today$/);
    await expect(page.getByRole("heading", { level: 1, name: "Aulas de Hoje" })).toBeVisible();
  });

  test("a make-up pupil is marked 'Reposição' in the other class's roll call and Presente makes it 'Realizada'", async ({
    page,
    loginAs,
    expectNoAxeViolations,
  }) => {
    const date = lastClassDay();
    const absenceDate = addDays(date, -7);
    const branch = await makeBranch();
    const course = await makeCourse({ name: `Jazz ${tag()}` });
    const home = await insertClass(branch.id, { date: absenceDate, startTime: "08:00", endTime: "09:00", courseId: course.id });
    const target = await insertClass(branch.id, { date, startTime: "17:00", endTime: "18:00", courseId: course.id });
    const pupil = await enrol(home.cls.id, branch.id, `Mara ${tag()}`);
    const regular = await enrol(target.cls.id, branch.id, `Nina ${tag()}`);
    const absence = await makeAttendance({
      enrollmentId: pupil.enrollment.id,
      classId: home.cls.id,
      scheduleId: home.scheduleId,
      date: absenceDate,
      status: "Falta",
    });
    await loginAs("Team");
    // Booked through the API when the target session is today (the service refuses past sessions);
    // on a Sunday the latest session is yesterday's, written directly.
    let makeupId: string;
    if (date === schoolToday()) {
      const booked = await page.request.post("/api/makeups", {
        data: { absenceId: absence.id, classId: target.cls.id, scheduleId: target.scheduleId, date },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      makeupId = (await booked.json()).id;
    } else {
      makeupId = (await makeMakeup({ absenceId: absence.id, classId: target.cls.id, scheduleId: target.scheduleId, date })).id;
    }

    await page.goto(rollCallUrl(target.cls.id, date, target.scheduleId));
    const visitor = page.getByRole("group", { name: pupil.student.fullName });
    await expect(visitor.locator("legend")).toContainText("Reposição");
    await expect(page.getByRole("group", { name: regular.student.fullName }).locator("legend")).not.toContainText("Reposição");
    // At 1280 px too (the choices beside the names).
    await expectNoAxeViolations({ wcag22: true });
    await visitor.getByText("Presente").click();
    await page.getByRole("button", { name: "Salvar chamada" }).click();
    await expect(page.getByText("Chamada salva")).toBeVisible();

    const list = await page.request.get(`/api/makeups?studentId=${pupil.student.id}`);
    expect(list.status()).toBe(200);
    const rows = (await list.json()) as Array<{ id: string; status: string }>;
    expect(rows.map((m) => [m.id, m.status])).toEqual([[makeupId, "Realizada"]]);
  });

  test("'Salvar chamada' reads 'Salvando...' while the roll call is sent @js-only", async ({ page, loginAs }) => {
    const date = lastClassDay();
    const branch = await makeBranch();
    const { cls, scheduleId } = await insertClass(branch.id, { date });
    await enrol(cls.id, branch.id, `Olga ${tag()}`);
    await loginAs("Administrator");
    await page.goto(rollCallUrl(cls.id, date, scheduleId));
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/classes/${cls.id}/attendance*`, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Salvar chamada" }).click();
    await expect(page.getByRole("button", { name: "Salvando..." })).toBeDisabled();
    release();
    await expect(page.getByText("Chamada salva")).toBeVisible();
    await expect(page.getByRole("button", { name: "Salvar chamada" })).toBeEnabled();
    await expect(page.getByText("Chamada feita")).toBeVisible();
  });

  test("the dashboard lists the selected branch's pupils at risk with the guardian's WhatsApp", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.slow();
    const last = lastClassDay();
    const branch = await makeBranch({ name: `Unidade Risco ${tag()}` });
    const { cls, scheduleId } = await insertClass(branch.id, { date: last });
    const risky = await enrol(cls.id, branch.id, `Rita ${tag()}`);
    const fine = await enrol(cls.id, branch.id, `Sara ${tag()}`);
    type Status = "Presente" | "Falta" | "Falta justificada";
    const mark = (enrollmentId: string, date: string, status: Status) =>
      makeAttendance({ enrollmentId, classId: cls.id, scheduleId, date, status });
    for (const days of [14, 7, 0]) await mark(risky.enrollment.id, addDays(last, -days), days === 14 ? "Falta justificada" : "Falta");
    for (const [days, status] of [
      [14, "Falta"],
      [7, "Falta"],
      [0, "Presente"],
    ] as const)
      await mark(fine.enrollment.id, addDays(last, -days), status);

    await loginAs("Team");
    await selectBranch(page, branch.name, jsEnabled);
    const section = page.getByRole("region", { name: "Alunos em risco" });
    await expect(section).toBeVisible();
    const item = section.getByRole("listitem").filter({ hasText: risky.student.fullName });
    await expect(item).toContainText(`Turma ${cls.classNumber}`);
    await expect(item).toContainText("3 faltas seguidas");
    await expect(item.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/5511987654321\?text=Ol%C3%A1/);
    await expect(item.getByRole("link", { name: risky.student.fullName, exact: true })).toHaveAttribute(
      "href",
      `/students/${risky.student.id}`,
    );
    await expect(section.getByText(fine.student.fullName)).toHaveCount(0);
    await expectNoAxeViolations();

    const calm = await makeBranch({ name: `Unidade Calma ${tag()}` });
    await selectBranch(page, calm.name, jsEnabled);
    await expect(page.getByRole("region", { name: "Alunos em risco" }).getByText("Nenhum aluno em risco")).toBeVisible();
  });
});
