import { randomUUID } from "node:crypto";
import { addDays, today } from "../app/domain/calendar/dates";
import { firstSessionDate, latestSessionOnOrBefore, sessionsBetween } from "../app/domain/calendar/sessions";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
} from "./db";
import { expect, hydrated, test, fieldError } from "./fixtures";

const tag = () => randomUUID().slice(0, 6);
const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const br = (date: string) => date.split("-").reverse().join("/");
const weekdayName = (date: string) => WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()];
const weekdayShort = (date: string) => ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"][new Date(`${date}T00:00:00Z`).getUTCDay()];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Made = Awaited<ReturnType<typeof makeClass>>;
const schedulesOf = (made: Made) =>
  made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));

/**
 * A pupil enrolled in class A (every weekday at 08:00) with an absence at its
 * latest past session, and class B of the same course in another branch
 * (every weekday at 16:00, 8 places) whose first session in the make-up window is `target`.
 */
async function setup() {
  const branch = await makeBranch({ name: `Unidade ${tag()}` });
  const other = await makeBranch({ name: `Unidade ${tag()}` });
  const course = await makeCourse({ name: `Jazz ${tag()}` });
  const createdAt = new Date(Date.now() - 21 * 86_400_000);
  const a = await makeClass({
    branchId: branch.id,
    courseId: course.id,
    schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "08:00", endTime: "09:00" })),
    createdAt,
  });
  const classroom = await makeClassroom(other.id, { capacity: 8 });
  const b = await makeClass({
    branchId: other.id,
    classroomId: classroom.id,
    courseId: course.id,
    schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "16:00", endTime: "17:00" })),
    createdAt,
  });
  const offer = await makeOffer(branch.id, { name: `Plano ${tag()}`, monthlyValue: "150.00" });
  const family = await makeGuardian(1);
  const student = await makeStudent(family.guardian.id, { fullName: `Clara ${tag()}` });
  const enrollment = await makeEnrollment({ studentId: student.id, classId: a.cls.id, offerId: offer.id, startDate: "2020-01-06" });
  const missed = latestSessionOnOrBefore(schedulesOf(a), firstSessionDate(a.cls.createdAt), addDays(today(), -1))!;
  const earlier = latestSessionOnOrBefore(schedulesOf(a), firstSessionDate(a.cls.createdAt), addDays(missed.date, -1))!;
  await makeAttendance({ enrollmentId: enrollment.id, classId: a.cls.id, scheduleId: earlier.scheduleId, date: earlier.date });
  const absence = await makeAttendance({
    enrollmentId: enrollment.id,
    classId: a.cls.id,
    scheduleId: missed.scheduleId,
    date: missed.date,
    status: "Falta",
    note: "Febre",
  });
  const from = addDays(missed.date, 1) > today() ? addDays(missed.date, 1) : today();
  const [target] = sessionsBetween(schedulesOf(b), firstSessionDate(b.cls.createdAt), from, addDays(missed.date, 30));
  return {
    branch,
    course,
    family,
    student,
    absence,
    b: b.cls,
    bLabel: `${course.name} - Turma ${b.cls.classNumber} (${other.name})`,
    target,
  };
}

test.describe("Frequência e reposições", () => {
  test("an absence 'Sem reposição' → 'Agendar reposição' in another class of the course → 'Reposição agendada', in that session's roll call as a make-up → cancelled", async ({
    page,
    loginAs,
    jsEnabled,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    await loginAs("Team");
    const s = await setup();
    // A class of the course at the pupil's own branch, at the time of its own class (08:00): listed first, marked.
    const clashing = await makeClass({
      branchId: s.branch.id,
      courseId: s.course.id,
      schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "08:30", endTime: "09:30" })),
      createdAt: new Date(Date.now() - 21 * 86_400_000),
    });
    const absences = () => page.getByRole("table", { name: "Faltas e reposições" });
    const absenceRow = () => absences().getByRole("row", { name: new RegExp(escape(br(s.absence.date))) });

    // The student's page: the rate, the absence without a make-up, the history with its note.
    await page.goto(`/students/${s.student.id}`);
    await expect(page.getByRole("heading", { name: "Frequência", level: 2 })).toBeVisible();
    await expect(page.getByText("Frequência: 50%")).toBeVisible();
    await expect(absenceRow()).toContainText("Sem reposição");
    await expect(absenceRow()).toContainText("Falta");
    const history = page.getByRole("table", { name: "Histórico de presença" });
    await expect(history.getByRole("row")).toHaveCount(3);
    await expect(history.getByRole("row").nth(1)).toContainText("Febre");
    await expect(history.getByRole("row").nth(2)).toContainText("Presente");
    await expectNoAxeViolations();

    // 'Agendar reposição': the other class's sessions with free places as radio choices.
    const open = async () => {
      await absenceRow()
        .getByRole("link", { name: /Agendar reposição/ })
        .click();
      await expect(page).toHaveURL(new RegExp(`/students/${s.student.id}/makeup\\?absenceId=${s.absence.id}$`));
      await expect(dialog()).toBeVisible();
      if (jsEnabled) await hydrated(page);
    };
    const dialog = () => page.getByRole("dialog", { name: "Agendar reposição" });
    await open();
    const choice = dialog().getByRole("radio", {
      name: new RegExp(`${escape(s.bLabel)}.*${weekdayName(s.target.date)}, ${escape(br(s.target.date))}, 16:00 às 17:00.*8 vagas`),
    });
    await expect(choice).toBeVisible();
    // The pupil's own branch comes first; a session at the time of its own class says so.
    const first = dialog().getByRole("radio").first();
    await expect(first).toHaveAccessibleName(new RegExp(`^${escape(s.course.name)} - Turma ${clashing.cls.classNumber} \\(`));
    await expect(first).toHaveAccessibleDescription("Coincide com outra aula do aluno");
    await expect(choice).not.toHaveAccessibleDescription("Coincide com outra aula do aluno");
    if (jsEnabled) {
      // A real modal: Escape closes it and goes back to the student's page.
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(new RegExp(`/students/${s.student.id}$`));
      await expect(dialog()).toHaveCount(0);
      await open();
    }
    // Nothing chosen: the form says so.
    await dialog().getByRole("button", { name: "Agendar reposição" }).click();
    await expect(fieldError(dialog(), "Escolha uma aula para a reposição")).toBeVisible();
    await expectNoAxeViolations();
    await choice.check();
    await dialog().getByRole("button", { name: "Agendar reposição" }).click();

    // Post/Redirect/Get: the toast, and the absence now reads 'Reposição agendada para …'.
    await expect(page).toHaveURL(new RegExp(`/students/${s.student.id}$`));
    await expect(
      page.getByText(
        `Reposição de Clara: ${weekdayShort(s.target.date)} ${br(s.target.date).slice(0, 5)}, 16:00, ${s.bLabel.replace(/^.*\((.*)\)$/, "$1")}`,
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await expect(absenceRow()).toContainText(`Reposição agendada para ${br(s.target.date)}`);
    await expect(absenceRow()).toContainText(s.bLabel.replace(/ \(.*\)$/, ""));
    await expect(absenceRow().getByRole("link", { name: /Agendar reposição/ })).toHaveCount(0);
    await expectNoAxeViolations();

    // The other class's roll call of that session lists the pupil as a make-up.
    const rollCall = await page.request.get(`/api/classes/${s.b.id}/attendance?date=${s.target.date}&scheduleId=${s.target.scheduleId}`);
    expect(rollCall.status()).toBe(200);
    const { records } = (await rollCall.json()) as {
      records: Array<{ makeupId?: string; enrollmentId?: string; studentId: string; studentName: string }>;
    };
    const entry = records.find((r) => r.studentId === s.student.id);
    expect(entry?.makeupId).toBeTruthy();
    expect(entry?.enrollmentId).toBeUndefined();
    expect(entry?.studentName).toBe(s.student.fullName);

    // 'Cancelar reposição': a small confirmation, then the absence has no make-up again.
    await absenceRow()
      .getByRole("link", { name: /Cancelar reposição/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Cancelar reposição" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(br(s.target.date));
    if (jsEnabled) await hydrated(page);
    await expectNoAxeViolations();
    await confirm.getByRole("button", { name: "Cancelar reposição" }).click();
    await expect(page).toHaveURL(new RegExp(`/students/${s.student.id}$`));
    await expect(page.getByText("Reposição cancelada", { exact: true })).toBeVisible();
    await expect(absenceRow()).toContainText("Sem reposição");
    const after = await page.request.get(`/api/classes/${s.b.id}/attendance?date=${s.target.date}&scheduleId=${s.target.scheduleId}`);
    expect(((await after.json()) as { records: Array<{ studentId: string }> }).records.some((r) => r.studentId === s.student.id)).toBe(
      false,
    );
  });

  test("Client sees the attendance history and the rate, without 'Agendar reposição'", async ({ page, loginAs }) => {
    const user = await loginAs("Client");
    const s = await setup();
    // The Client's own family (another family's student is not found to it).
    await s.family.guardian.update({ userId: user.id });
    await page.goto(`/students/${s.student.id}`);
    await expect(page.getByText("Frequência: 50%")).toBeVisible();
    await expect(page.getByRole("table", { name: "Faltas e reposições" })).toContainText("Sem reposição");
    await expect(page.getByRole("link", { name: /Agendar reposição/ })).toHaveCount(0);
    await page.goto(`/students/${s.student.id}/makeup?absenceId=${s.absence.id}`);
    await expect(page.getByText("Você não tem permissão para realizar esta ação")).toBeVisible();
  });
});
