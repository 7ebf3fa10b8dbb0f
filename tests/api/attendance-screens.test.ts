import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeBranch, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "../support/factories";
import { addDays, today as schoolToday } from "../../app/domain/calendar/dates";

let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [team, client] = await Promise.all([signIn("Team"), signIn("Client")]);
});

const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
const DAY_MS = 24 * 60 * 60 * 1000;

const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
/** The latest day up to today on which classes meet (never a Sunday). */
const lastClassDay = () => (weekday(schoolToday()) === "Domingo" ? addDays(schoolToday(), -1) : schoolToday());
/** The first day after today on which classes meet. */
const nextClassDay = () => (weekday(addDays(schoolToday(), 1)) === "Domingo" ? addDays(schoolToday(), 2) : addDays(schoolToday(), 1));

/** A class meeting on `date`'s weekday, created weeks ago, with `pupils` active enrolments. */
async function setup(date: string, pupils = 2) {
  const branch = await makeBranch();
  const { cls, schedules } = await makeClass({
    branchId: branch.id,
    schedules: [{ dayOfWeek: weekday(date), startTime: "18:00", endTime: "19:00" }],
    createdAt: new Date(Date.now() - 40 * DAY_MS),
  });
  const offer = await makeOffer(branch.id);
  const { guardian } = await makeGuardian(1);
  const enrollments = [];
  for (let i = 0; i < pupils; i++) {
    const student = await makeStudent(guardian.id, { fullName: `Aluno Chamada ${i}` });
    enrollments.push(
      await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id, startDate: addDays(schoolToday(), -30) }),
    );
  }
  const scheduleId = schedules[0].id;
  const url = `/classes/${cls.id}/attendance?date=${date}&scheduleId=${scheduleId}`;
  return { cls, scheduleId, enrollments, url };
}

/** The roll call form's fields as the page posts them. */
function rollCallForm(lines: Array<{ enrollmentId: string; status: string; note?: string }>) {
  const fields: Record<string, string> = {};
  lines.forEach((line, i) => {
    fields[`records[${i}].enrollmentId`] = line.enrollmentId;
    fields[`records[${i}].status`] = line.status;
    fields[`records[${i}].note`] = line.note ?? "";
  });
  return fields;
}

/** The saved record of an enrolment in a session, read straight from the database. */
async function recordOf(enrollmentId: string, date: string) {
  const [rows] = await testDb().query(
    `SELECT "classId", "scheduleId", "status", "note", "takenById" FROM "attendance_records" WHERE "enrollmentId" = :enrollmentId AND "date" = :date`,
    { replacements: { enrollmentId, date } },
  );
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] as { classId: string; scheduleId: string; status: string; note: string | null; takenById: string | null } | undefined;
}

const records = (classId: string, date: string) =>
  count("attendance_records", `"classId" = :classId AND "date" = :date`, { classId, date });

describe("the roll call screen without JavaScript", () => {
  it("renders one radio group per pupil with Presente preselected and one 'Salvar chamada'", async () => {
    const { url } = await setup(lastClassDay());
    const res = await team.raw("GET", url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<fieldset/g)).toHaveLength(2);
    const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(6);
    expect(radios.filter((r) => r.includes("checked")).map((r) => /value="([^"]*)"/.exec(r)?.[1])).toEqual(["Presente", "Presente"]);
    expect(html.match(/Salvar chamada/g)).toHaveLength(1);
    expect(html).toContain("Chamada pendente");
  });

  it("posting the form saves the roll call and redirects back with 'Chamada salva' (PRG)", async () => {
    const date = lastClassDay();
    const { cls, scheduleId, enrollments, url } = await setup(date);
    const res = await team.form(
      url,
      rollCallForm([
        { enrollmentId: enrollments[0].id, status: "Falta", note: "Chegou a avisar" },
        { enrollmentId: enrollments[1].id, status: "Presente" },
      ]),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(url);
    const page = await (await team.raw("GET", url)).text();
    expect(page).toContain("Chamada salva");
    expect(page).toContain("Chamada feita");
    expect(page).toContain("Chegou a avisar");
    expect(await recordOf(enrollments[0].id, date)).toMatchObject({
      classId: cls.id,
      scheduleId,
      status: "Falta",
      note: "Chegou a avisar",
    });
    expect(await recordOf(enrollments[1].id, date)).toMatchObject({ classId: cls.id, scheduleId, status: "Presente", note: null });
    expect((await recordOf(enrollments[0].id, date))?.takenById).toBe(team.user!.id);
  });

  it("saving the same session twice keeps one record per pupil, with the last statuses", async () => {
    const date = lastClassDay();
    const { cls, enrollments, url } = await setup(date, 3);
    const first = rollCallForm(enrollments.map((e) => ({ enrollmentId: e.id, status: "Presente" })));
    expect((await team.form(url, first)).status).toBe(302);
    expect(await records(cls.id, date)).toBe(3);
    const second = rollCallForm(enrollments.map((e, i) => ({ enrollmentId: e.id, status: i === 0 ? "Falta justificada" : "Presente" })));
    expect((await team.form(url, second)).status).toBe(302);
    expect(await records(cls.id, date)).toBe(3);
    expect(
      await count("attendance_records", `"enrollmentId" = :id AND "date" = :date AND "status" = 'Falta justificada'`, {
        id: enrollments[0].id,
        date,
      }),
    ).toBe(1);
  });

  it("a Client gets no roll call (404: a whole class's people) and its post is refused (403), nothing written", async () => {
    const date = lastClassDay();
    const { cls, enrollments, url } = await setup(date);
    const page = await client.raw("GET", url);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("Aluno Chamada 0");
    const res = await client.form(url, rollCallForm(enrollments.map((e) => ({ enrollmentId: e.id, status: "Falta" }))));
    expect(res.status).toBe(403);
    expect(await records(cls.id, date)).toBe(0);
  });

  it("a future session shows the message without the save button; a post is refused (400), nothing written", async () => {
    const date = nextClassDay();
    const { cls, enrollments, url } = await setup(date);
    const page = await team.raw("GET", url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Não é possível registrar presença em data futura");
    expect(html).not.toContain("Salvar chamada");
    expect(html).toContain("Aluno Chamada 1");
    const res = await team.form(url, rollCallForm(enrollments.map((e) => ({ enrollmentId: e.id, status: "Presente" }))));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Não é possível registrar presença em data futura");
    expect(await records(cls.id, date)).toBe(0);
  });

  it("a date without a session of the class is a 400 inside the shell", async () => {
    const date = lastClassDay();
    const { cls, scheduleId } = await setup(date);
    const res = await team.raw("GET", `/classes/${cls.id}/attendance?date=${addDays(date, -1)}&scheduleId=${scheduleId}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Data sem aula desta turma");
    expect(html).toContain('aria-label="Barra lateral"');
  });

  it("without a session in the URL it opens the class's latest session", async () => {
    const date = lastClassDay();
    const { cls, url } = await setup(date);
    const res = await team.raw("GET", `/classes/${cls.id}/attendance`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(url);
  });

  it("a pupil who does not belong to the session is refused (400) and nothing is written", async () => {
    const date = lastClassDay();
    const { cls, enrollments, url } = await setup(date);
    const other = await setup(date, 1);
    const res = await team.form(
      url,
      rollCallForm([...enrollments, other.enrollments[0]].map((e) => ({ enrollmentId: e.id, status: "Presente" }))),
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Aluno não pertence a esta aula");
    expect(await records(cls.id, date)).toBe(0);
  });

  it("an anonymous post goes to sign in", async () => {
    const date = lastClassDay();
    const { cls, enrollments, url } = await setup(date, 1);
    const res = await anonymous().form(url, rollCallForm([{ enrollmentId: enrollments[0].id, status: "Presente" }]));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/auth\?/);
    expect(await records(cls.id, date)).toBe(0);
  });
});

describe("the dashboard's 'Alunos em risco'", () => {
  it("is shown to the staff and not to Client users (guardians do not see other families' phones)", async () => {
    const staffPage = await (await team.raw("GET", "/")).text();
    expect(staffPage).toContain("Alunos em risco");
    const clientPage = await client.raw("GET", "/");
    expect(clientPage.status).toBe(200);
    const html = await clientPage.text();
    expect(html).toContain("Dashboard");
    expect(html).not.toContain("Alunos em risco");
  });
});

describe("'Aulas de Hoje' without JavaScript", () => {
  it("lists today's sessions of the branch chosen in the selector, for the staff (a Client: 404, they are other families' pupils)", async () => {
    const today = schoolToday();
    // No class meets on a Sunday: then the latest class day's class is not listed at all.
    const { cls, url } = await setup(lastClassDay(), 2);
    const branchId = (
      await testDb().query(`SELECT "branchId" FROM "classes" WHERE "id" = :id`, { replacements: { id: cls.id } })
    )[0] as Array<{
      branchId: string;
    }>;
    const chosen = await client.form("/preferences/branch", { branchId: branchId[0].branchId, redirectTo: "/today" });
    expect(chosen.status).toBe(302);
    expect((await client.raw("GET", "/today")).status).toBe(404);
    for (const who of [team]) {
      const chosen = await who.form("/preferences/branch", { branchId: branchId[0].branchId, redirectTo: "/today" });
      expect(chosen.status).toBe(302);
      expect(chosen.headers.get("Location")).toBe("/today");
      const res = await who.raw("GET", "/today");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Aulas de Hoje");
      if (weekday(today) === "Domingo") {
        expect(html).toContain("Nenhuma aula hoje nesta unidade");
      } else {
        expect(html).toContain(`Turma ${cls.classNumber}`);
        expect(html).toContain("2 alunos");
        expect(html).toContain("Chamada pendente");
        expect(html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
      }
    }
  });
});
