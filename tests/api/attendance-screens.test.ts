import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStudent,
  makeTrial,
} from "../support/factories";
import { addDays, formatDay, today as schoolToday } from "../../app/domain/calendar/dates";

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

/** A class meeting on `date`'s weekday, created weeks ago, with `pupils` active enrolments (in a new branch unless given). */
async function setup(date: string, pupils = 2, opts: { branchId?: string; startTime?: string } = {}) {
  const branch = opts.branchId ? { id: opts.branchId } : await makeBranch();
  const startTime = opts.startTime ?? "18:00";
  const { cls, schedules } = await makeClass({
    branchId: branch.id,
    schedules: [{ dayOfWeek: weekday(date), startTime, endTime: `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, "0")}:00` }],
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
  return { cls, branchId: branch.id, scheduleId, enrollments, url, guardian };
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
    // Seen before (its lines' HTML is kept per distinct roll call), then changed.
    const unsaved = await (await team.raw("GET", url)).text();
    expect(unsaved).toContain("Chamada pendente");
    expect(unsaved).not.toContain("Chegou a avisar");
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

  it("the bar's count is in the server's HTML: every pupil present before the first save, then the stored roll call", async () => {
    const date = lastClassDay();
    const { enrollments, url } = await setup(date, 3);
    const bar = (html: string) => /<p role="status"[^>]*><span[^>]*>([^<]*)<\/span>/.exec(html)?.[1];
    expect(bar(await (await team.raw("GET", url)).text())).toBe("3 presentes · 0 faltas");
    const res = await team.form(
      url,
      rollCallForm([
        { enrollmentId: enrollments[0].id, status: "Falta" },
        { enrollmentId: enrollments[1].id, status: "Presente" },
        { enrollmentId: enrollments[2].id, status: "Falta justificada" },
      ]),
    );
    expect(res.status).toBe(302);
    expect(bar(await (await team.raw("GET", url)).text())).toBe("1 presente · 2 faltas");
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
  it("is shown to the staff and not to Client users (guardians do not see other families' phones: '/' sends them to /family)", async () => {
    const staffPage = await (await team.raw("GET", "/")).text();
    expect(staffPage).toContain("Alunos em risco");
    const clientPage = await client.raw("GET", "/");
    expect(clientPage.status).toBe(302);
    expect(clientPage.headers.get("Location")).toBe("/family");
    expect(await clientPage.text()).not.toContain("Alunos em risco");
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

/** The href of a URL as React writes it in the page's HTML. */
const href = (url: string) => `href="${url.replace(/&/g, "&amp;")}"`;

/** Selects a branch in the shell's selector for this client (as the form posts it). */
async function chooseBranch(who: ApiClient, branchId: string) {
  const chosen = await who.form("/preferences/branch", { branchId, redirectTo: "/" });
  expect(chosen.status).toBe(302);
}

describe("the dashboard serves the day of the selected branch", () => {
  it("today's classes with their roll call, today's trials and the pupils at risk, above the user's cards", async () => {
    const today = schoolToday();
    const classDay = weekday(today) !== "Domingo";
    const branch = await makeBranch({ name: `Unidade Painel ${randomUUID().slice(0, 6)}` });
    const other = await makeBranch();
    // Today's two sessions (none on a Sunday): the morning's roll call is done, the evening's is not.
    const morning = classDay ? await setup(today, 1, { branchId: branch.id, startTime: "07:00" }) : null;
    const evening = classDay ? await setup(today, 1, { branchId: branch.id, startTime: "19:00" }) : null;
    if (morning) {
      await makeAttendance({
        enrollmentId: morning.enrollments[0].id,
        classId: morning.cls.id,
        scheduleId: morning.scheduleId,
        date: today,
      });
    }
    // Trials: today in the branch (listed), today elsewhere and tomorrow here (not listed).
    const last = lastClassDay();
    const risky = await setup(last, 1, { branchId: branch.id, startTime: "15:00" });
    const tag = randomUUID().slice(0, 6);
    const trial = await makeTrial(risky.cls.id, {
      scheduledDate: today,
      scheduledTime: "09:30",
      studentName: `Teo ${tag}`,
      guardianName: "Vera Lima",
    });
    const elsewhere = await setup(last, 0, { branchId: other.id });
    await makeTrial(elsewhere.cls.id, { scheduledDate: today, studentName: `Ugo ${tag}` });
    await makeTrial(risky.cls.id, { scheduledDate: addDays(today, 1), studentName: `Ivo ${tag}` });
    // A pupil absent from the last three sessions.
    for (const days of [14, 7, 0]) {
      await makeAttendance({
        enrollmentId: risky.enrollments[0].id,
        classId: risky.cls.id,
        scheduleId: risky.scheduleId,
        date: addDays(last, -days),
        status: "Falta",
      });
    }
    const [studentRow] = (
      await testDb().query(`SELECT "studentId" FROM "enrollments" WHERE "id" = :id`, { replacements: { id: risky.enrollments[0].id } })
    )[0] as Array<{ studentId: string }>;

    await chooseBranch(team, branch.id);
    const res = await team.raw("GET", "/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Aulas de hoje");
    if (morning && evening) {
      expect(html).toContain(href(morning.url));
      expect(html).toContain(href(evening.url));
      const [a, b] = [html.indexOf(href(morning.url)), html.indexOf(href(evening.url))];
      expect(a).toBeLessThan(b);
      expect(html.slice(a, b)).toContain("Chamada feita");
      expect(html.slice(b, b + 2000)).toContain("Chamada pendente");
    } else {
      expect(html).toContain("Nenhuma aula hoje nesta unidade");
    }
    expect(html).toContain("Experimentais de hoje");
    expect(html).toContain(`Teo ${tag}`);
    expect(html).toContain(href(`/trials/${trial.id}/edit?month=${today.slice(0, 7)}`));
    expect(html).toContain(encodeURIComponent(`Olá, Vera! Lembrando da aula experimental de Teo hoje às 09:30`));
    expect(html).not.toContain(`Ugo ${tag}`);
    expect(html).not.toContain(`Ivo ${tag}`);
    // At risk: the name leads to the student's page, WhatsApp opens with the message typed.
    expect(html).toContain(href(`/students/${studentRow.studentId}`));
    const whatsapp = /href="(https:\/\/wa\.me\/5511987654321\?text=[^"]*Sentimos[^"]*)"/.exec(html)?.[1];
    expect(whatsapp).toBeDefined();
    const message = new URL(whatsapp!.replace(/&amp;/g, "&")).searchParams.get("text");
    expect(message).toMatch(/^Olá, Pessoa! Sentimos falta de Aluno nas aulas de /);
    expect(message).toContain(`Turma ${risky.cls.classNumber}: foram 3 faltas seguidas, a última em ${formatDay(last)}.`);
    // SPEC's cards stay, below the day.
    expect(html.indexOf("Alunos em risco")).toBeLessThan(html.indexOf(">Tipo de Usuário<"));
    expect(html.indexOf("Aulas de hoje")).toBeLessThan(html.indexOf(">Usuário<"));

    // A Client has no dashboard (the school's day): '/' sends it to its own space, which names no other family
    // (its own family's reads: tests/api/client-scope.test.ts).
    await chooseBranch(client, branch.id);
    const clientAnswer = await client.raw("GET", "/");
    expect(clientAnswer.status).toBe(302);
    expect(clientAnswer.headers.get("Location")).toBe("/family");
    const clientHtml = await (await client.raw("GET", "/family")).text();
    expect(clientHtml).not.toContain("Aulas de hoje");
    expect(clientHtml).not.toContain(`Teo ${tag}`);
    expect(clientHtml).not.toContain("wa.me");
    expect(clientHtml).not.toContain(`/trials/${trial.id}/edit`);
    expect(clientHtml).not.toContain("Alunos em risco");
  });

  it("today's trials: the first 10 by time, and a '+N mais' link to the calendar's day view, which lists them all", async () => {
    const today = schoolToday();
    const branch = await makeBranch({ name: `Unidade Cheia ${randomUUID().slice(0, 6)}` });
    const { cls } = await makeClass({ branchId: branch.id });
    const tag = randomUUID().slice(0, 6);
    const names = Array.from({ length: 13 }, (_, i) => `Dia ${tag} ${String(i + 1).padStart(2, "0")}`);
    for (const [i, studentName] of names.entries()) {
      await makeTrial(cls.id, { scheduledDate: today, scheduledTime: `${String(7 + i).padStart(2, "0")}:00`, studentName });
    }
    await chooseBranch(team, branch.id);
    const html = await (await team.raw("GET", "/")).text();
    const start = html.indexOf('aria-labelledby="today-trials-title"');
    const panel = html.slice(start, html.indexOf("</section>", start));
    for (const name of names.slice(0, 10)) expect(panel).toContain(name);
    for (const name of names.slice(10)) expect(panel).not.toContain(name);
    expect(panel).toContain(`href="/trials?view=day&amp;date=${today}"`);
    expect(panel).toMatch(/\+<!-- -->3<!-- --> mais|\+3 mais/);
    const day = await (await team.raw("GET", `/trials?view=day&date=${today}`)).text();
    for (const name of names) expect(day).toContain(name);
  });
});

describe("'Aulas de Hoje' moves to another day", () => {
  it("?date= lists that day's sessions with that day's roll calls, and links to the class days around it and today", async () => {
    const day = addDays(lastClassDay(), -7);
    const { cls, branchId, url } = await setup(day, 2);
    await chooseBranch(team, branchId);
    const res = await team.raw("GET", `/today?date=${day}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Aulas do dia");
    expect(html).toContain(`Turma ${cls.classNumber}`);
    expect(html).toContain(href(url));
    const dayLink = (date: string) => href(date === schoolToday() ? "/today" : `/today?date=${date}`);
    const before = weekday(addDays(day, -1)) === "Domingo" ? addDays(day, -2) : addDays(day, -1);
    const after = weekday(addDays(day, 1)) === "Domingo" ? addDays(day, 2) : addDays(day, 1);
    expect(html).toMatch(new RegExp(`${dayLink(before).replace(/[?]/g, "\\?")}[^>]*>Dia anterior<`));
    expect(html).toMatch(new RegExp(`${dayLink(after).replace(/[?]/g, "\\?")}[^>]*>Próximo dia<`));
    expect(html).toMatch(/href="\/today"[^>]*>Hoje</);
    // The date jump is a plain GET form.
    expect(html).toMatch(/<form[^>]*action="\/today" method="get"/);
    expect(html).toContain(`name="date"`);
    // Today's page has no session of that class (it meets a week ago's weekday, not today's, when today is another).
    const todayHtml = await (await team.raw("GET", "/today")).text();
    expect(todayHtml).toContain("Aulas de Hoje");
    expect(todayHtml).not.toContain(href(url));
  });

  it("a malformed date is a 400 inside the shell", async () => {
    const res = await team.raw("GET", "/today?date=2026-02-30");
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Data inválida");
    expect(html).toContain('aria-label="Barra lateral"');
  });
});

describe("the roll call's form", () => {
  it("starts with a disabled submit button (Enter in a field sends nothing) and opens the notes on demand", async () => {
    const date = lastClassDay();
    const { enrollments, url } = await setup(date, 2);
    const html = await (await team.raw("GET", url)).text();
    const form = html.slice(html.indexOf('aria-label="Chamada"'));
    const firstSubmit = /<button[^>]*type="submit"[^>]*>/.exec(form)?.[0] ?? "";
    expect(firstSubmit).toContain("disabled");
    expect(firstSubmit).not.toContain("Salvar chamada");
    expect(form.match(/<details/g)).toHaveLength(2);
    expect(form).not.toMatch(/<details[^>]* open/);
    expect(form.match(/Adicionar observação/g)).toHaveLength(2);

    expect(
      (
        await team.form(
          url,
          rollCallForm([
            { enrollmentId: enrollments[0].id, status: "Falta", note: "Avisou" },
            { enrollmentId: enrollments[1].id, status: "Presente" },
          ]),
        )
      ).status,
    ).toBe(302);
    const saved = await (await team.raw("GET", url)).text();
    // The line with a note shows it open; the other still offers to add one.
    expect(saved.match(/<details[^>]* open/g)).toHaveLength(1);
    expect(saved.match(/Adicionar observação/g)).toHaveLength(1);
    expect(saved).toContain('value="Avisou"');
  });
});

describe("the shell on every screen", () => {
  /** The main menu's links of a page, and the one marked as the current page. */
  const menuOf = (html: string) => {
    const nav = html.slice(
      html.indexOf('aria-label="Menu principal"'),
      html.indexOf("</nav>", html.indexOf('aria-label="Menu principal"')),
    );
    return {
      links: [...nav.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]),
      current: [...nav.matchAll(/<a href="([^"]+)" aria-current="page"/g)].map((m) => m[1]),
      collapsed: nav.includes("md:sr-only"),
    };
  };

  // The menu's HTML is kept per kind of user, current entry and width: each page must still get its own.
  it("the menu marks the page's entry, shows each kind of user its own entries, and follows the sidebar's width", async () => {
    const admin = await signIn("Administrator");
    for (const [path, entry] of [
      ["/guardians", "/guardians"],
      ["/students", "/students"],
      ["/", "/"],
      ["/reports/funnel", "/reports/funnel"],
      ["/classes", "/classes"],
      [`/trials?month=2033-08`, "/trials"],
    ]) {
      expect(menuOf(await (await team.raw("GET", path)).text()).current, path).toEqual([entry]);
    }
    const teamMenu = menuOf(await (await team.raw("GET", "/courses")).text());
    const adminMenu = menuOf(await (await admin.raw("GET", "/courses")).text());
    const clientMenu = menuOf(await (await client.raw("GET", "/family")).text());
    for (const menu of [teamMenu, adminMenu]) expect(menu.current).toEqual(["/courses"]);
    expect(clientMenu.current).toEqual(["/family"]);
    expect(teamMenu.links).toContain("/guardians");
    expect(teamMenu.links).not.toContain("/audit");
    expect(adminMenu.links).toContain("/audit");
    // A family's menu is its space: no dashboard, no back office, no settings.
    expect(clientMenu.links).toEqual(["/family"]);
    expect(teamMenu.collapsed).toBe(false);

    // Collapsed to icons (the sidebar_state cookie): the labels are for screen readers only from 768 px.
    const narrow = await signIn("Team");
    expect((await narrow.form("/preferences/sidebar", { open: "false", redirectTo: "/courses" })).status).toBe(302);
    const collapsed = menuOf(await (await narrow.raw("GET", "/courses")).text());
    expect(collapsed).toEqual({ ...teamMenu, collapsed: true });
    expect(menuOf(await (await team.raw("GET", "/courses")).text()).collapsed).toBe(false);
  });

  it("every screen's header has the branch selector, and a choice made on a screen returns to it", async () => {
    const branch = await makeBranch();
    const html = await (await team.raw("GET", "/courses")).text();
    expect(html).toContain('id="branch-selector"');
    expect(html.indexOf('id="branch-selector"')).toBeLessThan(html.indexOf("<main"));
    const chosen = await team.form("/preferences/branch", { branchId: branch.id, redirectTo: "/courses?page=1" });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe("/courses?page=1");
    const after = await (await team.raw("GET", "/courses")).text();
    expect(after).toMatch(new RegExp(`<option value="${branch.id}" selected`));
  });

  it("an unknown URL: SPEC's English 404 inside the shell when signed in, alone when not, with 'Voltar ao início'", async () => {
    const signedIn = await team.raw("GET", "/nao-existe/mesmo");
    expect(signedIn.status).toBe(404);
    const html = await signedIn.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).toContain("Did you forget to add the page to the router?");
    expect(html).toContain('aria-label="Barra lateral"');
    expect(html).toMatch(/href="\/"[^>]*>Voltar ao início</);
    expect(html).toContain("<title>404 Page Not Found</title>");

    const signedOut = await anonymous().raw("GET", "/nao-existe/mesmo");
    expect(signedOut.status).toBe(404);
    const plain = await signedOut.text();
    expect(plain).toContain("404 Page Not Found");
    expect(plain).not.toContain('aria-label="Barra lateral"');
    expect(plain).toContain("Voltar ao início");
  });

  it("a screen's 'Não encontrado' inside the shell has a title", async () => {
    const res = await team.raw("GET", `/classes/${randomUUID()}/attendance?date=${lastClassDay()}&scheduleId=${randomUUID()}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('aria-label="Barra lateral"');
    expect(html).toContain("<title>Não encontrado</title>");
  });
});
