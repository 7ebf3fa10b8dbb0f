import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
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
} from "../support/factories";
import { addDays, today } from "../../app/domain/calendar/dates";
import { firstSessionDate, latestSessionOnOrBefore, sessionsBetween } from "../../app/domain/calendar/sessions";

/**
 * The student page's attendance and its make-up dialogs without JavaScript:
 * the history and the presence rate, 'Agendar reposição' (a form posting to
 * its own URL: Post/Redirect/Get with the toast, a refusal on the form with
 * nothing written) and 'Cancelar reposição'; Client reads only.
 */

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const tag = () => randomUUID().slice(0, 6);
const WEEKDAYS = ["Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const br = (date: string) => date.split("-").reverse().join("/");
const weekdayName = (date: string) => WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()];

async function page(who: ApiClient, path: string): Promise<{ status: number; html: string }> {
  const res = await who.raw("GET", path);
  return { status: res.status, html: await res.text() };
}

type Made = Awaited<ReturnType<typeof makeClass>>;
const schedulesOf = (made: Made) =>
  made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));

/**
 * A student enrolled in class A (every weekday at 08:00, three weeks old) with
 * an absence at A's latest past session, and class B of the same course (every
 * weekday at 14:00, `capacity` places) whose first session in the absence's
 * make-up window is `target`.
 */
async function setup(capacity = 20) {
  const branch = await makeBranch();
  const course = await makeCourse({ name: `Ballet ${tag()}` });
  const createdAt = new Date(Date.now() - 21 * 86_400_000);
  const a = await makeClass({
    branchId: branch.id,
    courseId: course.id,
    schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "08:00", endTime: "09:00" })),
    createdAt,
  });
  const classroom = await makeClassroom(branch.id, { capacity });
  const b = await makeClass({
    branchId: branch.id,
    classroomId: classroom.id,
    courseId: course.id,
    schedules: WEEKDAYS.map((dayOfWeek) => ({ dayOfWeek, startTime: "14:00", endTime: "15:00" })),
    createdAt,
  });
  const offer = await makeOffer(branch.id, { name: `Plano ${tag()}`, monthlyValue: "150.00" });
  const family = await makeGuardian(1);
  const student = await makeStudent(family.guardian.id, { fullName: `Alice ${tag()}` });
  const enrollment = await makeEnrollment({ studentId: student.id, classId: a.cls.id, offerId: offer.id, startDate: "2020-01-06" });
  const missed = latestSessionOnOrBefore(schedulesOf(a), firstSessionDate(a.cls.createdAt), addDays(today(), -1))!;
  const absence = await makeAttendance({
    enrollmentId: enrollment.id,
    classId: a.cls.id,
    scheduleId: missed.scheduleId,
    date: missed.date,
    status: "Falta",
    note: "Viagem",
  });
  const from = addDays(missed.date, 1) > today() ? addDays(missed.date, 1) : today();
  const [target] = sessionsBetween(schedulesOf(b), firstSessionDate(b.cls.createdAt), from, addDays(missed.date, 30));
  return { branch, course, a, b, offer, family, student, enrollment, absence, target: { classId: b.cls.id, ...target } };
}

const sessionOf = (t: { classId: string; scheduleId: string; date: string }) => `${t.classId}|${t.scheduleId}|${t.date}`;

describe("the student's 'Frequência' and make-up dialogs without JavaScript", () => {
  it("shows the rate, the absence 'Sem reposição'; Team books a listed session (PRG 'Reposição agendada'), then cancels it ('Reposição cancelada')", async () => {
    const s = await setup();
    const b = s.b.cls;
    // One earlier presence: 1 of 2 → 50%.
    const earlier = latestSessionOnOrBefore(schedulesOf(s.a), firstSessionDate(s.a.cls.createdAt), addDays(s.absence.date, -1))!;
    await makeAttendance({ enrollmentId: s.enrollment.id, classId: s.a.cls.id, scheduleId: earlier.scheduleId, date: earlier.date });

    const shown = await page(team, `/students/${s.student.id}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Frequência: 50%");
    expect(shown.html).toContain("Sem reposição");
    expect(shown.html).toContain("Viagem");
    expect(shown.html).toContain(br(s.absence.date));
    const dialogUrl = `/students/${s.student.id}/makeup?absenceId=${s.absence.id}`;
    expect(shown.html).toContain(`href="${dialogUrl}"`);

    // The dialog: the other class's session as a radio choice, with its weekday, date, time and free places.
    const dialog = await page(team, dialogUrl);
    expect(dialog.status).toBe(200);
    expect(dialog.html).toMatch(new RegExp(`<input[^>]*type="radio"[^>]*value="${sessionOf(s.target).replace(/\|/g, "\\|")}"`));
    expect(dialog.html).toContain(`Turma ${b.classNumber}`);
    expect(dialog.html).toContain(`${weekdayName(s.target.date)}, ${br(s.target.date)}`);
    expect(dialog.html).toContain("14:00 às 15:00");
    expect(dialog.html).toContain("20 vagas");

    const res = await team.form(dialogUrl, { absenceId: s.absence.id, session: sessionOf(s.target) });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/students/${s.student.id}`);
    expect(
      await count("makeups", `"absenceId" = :id AND "classId" = :classId AND "date" = :date`, {
        id: s.absence.id,
        classId: b.id,
        date: s.target.date,
      }),
    ).toBe(1);
    const after = await page(team, `/students/${s.student.id}`);
    // The toast says whose make-up, when and where (abbreviated weekday, dd/MM, start, branch).
    const short = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"][new Date(`${s.target.date}T00:00:00Z`).getUTCDay()];
    expect(after.html).toContain(`Reposição de Alice: ${short} ${br(s.target.date).slice(0, 5)}, 14:00, ${s.branch.name}`);
    expect(after.html).toContain(`Reposição agendada para ${br(s.target.date)}`);
    expect(after.html).not.toContain("Sem reposição");
    expect(after.html).not.toContain(`href="${dialogUrl}"`);

    // Booking it twice: the dialog says the absence has its make-up; a post is a 409 on the form.
    expect((await page(team, dialogUrl)).html).toContain("Esta falta já tem reposição");
    const twice = await team.form(dialogUrl, { absenceId: s.absence.id, session: sessionOf(s.target) });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Esta falta já tem reposição");

    // Cancelling it.
    const [rows] = await testDb().query(`SELECT "id" FROM "makeups" WHERE "absenceId" = :id`, { replacements: { id: s.absence.id } });
    const makeupId = (rows as Array<{ id: string }>)[0].id;
    const cancelUrl = `/students/${s.student.id}/makeups/${makeupId}/delete`;
    expect(after.html).toContain(`href="${cancelUrl}"`);
    const confirm = await page(team, cancelUrl);
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain("Cancelar reposição");
    expect(confirm.html).toContain(br(s.target.date));
    const cancelled = await team.form(cancelUrl, {});
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("Location")).toBe(`/students/${s.student.id}`);
    expect(await count("makeups", `"absenceId" = :id`, { id: s.absence.id })).toBe(0);
    const back = await page(team, `/students/${s.student.id}`);
    expect(back.html).toContain("Reposição cancelada");
    expect(back.html).toContain("Sem reposição");
  });

  it("Administrator books too; a session that filled up meanwhile answers 409 'Sem vagas nesta aula' on the form, with the toast, and writes nothing", async () => {
    const s = await setup(1);
    const dialogUrl = `/students/${s.student.id}/makeup?absenceId=${s.absence.id}`;
    const listed = await page(admin, dialogUrl);
    expect(listed.html).toContain("1 vaga");

    // Another pupil's make-up takes the only place.
    const other = await makeStudent(s.family.guardian.id);
    const otherEnrollment = await makeEnrollment({
      studentId: other.id,
      classId: s.a.cls.id,
      offerId: s.offer.id,
      startDate: "2020-01-06",
    });
    const otherAbsence = await makeAttendance({
      enrollmentId: otherEnrollment.id,
      classId: s.a.cls.id,
      scheduleId: s.absence.scheduleId,
      date: s.absence.date,
      status: "Falta justificada",
    });
    await makeMakeup({ absenceId: otherAbsence.id, ...s.target });

    const before = await count("makeups");
    const res = await admin.form(dialogUrl, { absenceId: s.absence.id, session: sessionOf(s.target) });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Sem vagas nesta aula");
    expect(html).toContain("Erro ao agendar reposição");
    // The full session is no longer offered.
    expect(html).not.toContain(`value="${sessionOf(s.target)}"`);
    expect(await count("makeups")).toBe(before);
    expect(await count("makeups", `"absenceId" = :id`, { id: s.absence.id })).toBe(0);
  });

  it("no choice: 400 with the field's message; a session outside the rules: the service's message on the form; nothing written", async () => {
    const s = await setup();
    const dialogUrl = `/students/${s.student.id}/makeup?absenceId=${s.absence.id}`;
    const none = await team.form(dialogUrl, { absenceId: s.absence.id });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Escolha uma aula para a reposição");

    const late = sessionsBetween(
      schedulesOf(s.b),
      firstSessionDate(s.b.cls.createdAt),
      addDays(s.absence.date, 31),
      addDays(s.absence.date, 40),
    )[0];
    const out = await team.form(dialogUrl, { absenceId: s.absence.id, session: sessionOf({ classId: s.b.cls.id, ...late }) });
    expect(out.status).toBe(400);
    const html = await out.text();
    expect(html).toContain("Reposição fora do prazo de 30 dias");
    expect(html).toContain("Erro ao agendar reposição");
    expect(await count("makeups", `"absenceId" = :id`, { id: s.absence.id })).toBe(0);
  });

  it("no eligible session: 'Nenhuma aula disponível para reposição nos próximos 30 dias'; an absence of another student is a 404", async () => {
    const s = await setup(1);
    // B's only place is taken by an enrolment: nothing left in the window (A is the pupil's own class).
    const other = await makeStudent(s.family.guardian.id);
    await makeEnrollment({ studentId: other.id, classId: s.b.cls.id, offerId: s.offer.id, startDate: "2020-01-06" });
    const dialog = await page(team, `/students/${s.student.id}/makeup?absenceId=${s.absence.id}`);
    expect(dialog.status).toBe(200);
    expect(dialog.html).toContain("Nenhuma aula disponível para reposição nos próximos 30 dias");
    expect(dialog.html).not.toContain('type="radio"');

    const stranger = await makeStudent(s.family.guardian.id);
    expect((await page(team, `/students/${stranger.id}/makeup?absenceId=${s.absence.id}`)).status).toBe(404);
    expect((await team.form(`/students/${stranger.id}/makeup?absenceId=${s.absence.id}`, { session: sessionOf(s.target) })).status).toBe(
      404,
    );
    expect((await page(team, `/students/${s.student.id}/makeup`)).status).toBe(404);
  });

  it("Client sees the history and the rate only: no actions, and the dialogs answer 403 with nothing written", async () => {
    const s = await setup();
    const free = await setup();
    // The Client's own families (another family's student is a 404 to it: tests/api/client-scope.test.ts).
    await s.family.guardian.update({ userId: client.user!.id });
    await free.family.guardian.update({ userId: client.user!.id });
    const makeup = await makeMakeup({ absenceId: s.absence.id, ...s.target });
    const shown = await page(client, `/students/${s.student.id}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Frequência: 0%");
    expect(shown.html).toContain(`Reposição agendada para ${br(s.target.date)}`);
    expect(shown.html).not.toContain("Agendar reposição");
    expect(shown.html).not.toContain("Cancelar reposição");

    const dialogUrl = `/students/${free.student.id}/makeup?absenceId=${free.absence.id}`;
    expect((await page(client, dialogUrl)).status).toBe(403);
    expect((await client.form(dialogUrl, { absenceId: free.absence.id, session: sessionOf(free.target) })).status).toBe(403);
    const cancelUrl = `/students/${s.student.id}/makeups/${makeup.id}/delete`;
    expect((await page(client, cancelUrl)).status).toBe(403);
    expect((await client.form(cancelUrl, {})).status).toBe(403);
    expect(await count("makeups", `"absenceId" = :id`, { id: free.absence.id })).toBe(0);
    expect(await count("makeups", `"id" = :id`, { id: makeup.id })).toBe(1);
  });

  it("without records: 'Frequência: —'; a long history shows the recent records and 'Ver histórico completo'", async () => {
    const s = await setup();
    const family = await makeGuardian(1);
    const fresh = await makeStudent(family.guardian.id);
    const empty = await page(team, `/students/${fresh.id}`);
    expect(empty.html).toContain("Frequência: —");
    expect(empty.html).toContain("Nenhum registro de presença");
    expect(empty.html).toContain("Nenhuma falta registrada");

    // Twelve more presences at A's earlier sessions: 13 records, the oldest one hidden until asked for.
    const sessions = sessionsBetween(
      schedulesOf(s.a),
      firstSessionDate(s.a.cls.createdAt),
      addDays(s.absence.date, -20),
      addDays(s.absence.date, -1),
    );
    const presences = sessions.slice(-12);
    expect(presences).toHaveLength(12);
    for (const p of presences)
      await makeAttendance({
        enrollmentId: s.enrollment.id,
        classId: s.a.cls.id,
        scheduleId: p.scheduleId,
        date: p.date,
        note: `Nota ${p.date}`,
      });
    const recent = await page(team, `/students/${s.student.id}`);
    expect(recent.html).toContain("Frequência: 92%");
    expect(recent.html).toContain("Ver histórico completo");
    expect(recent.html).toContain(`Nota ${presences[11].date}`);
    expect(recent.html).not.toContain(`Nota ${presences[0].date}`);
    const all = await page(team, `/students/${s.student.id}?historico=todos`);
    expect(all.html).toContain(`Nota ${presences[0].date}`);
    expect(all.html).toContain("Mostrar apenas os 10 mais recentes");
  });
});
