import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { fillPath, flattenRoutes } from "../support/route-table";
import { addDays, today } from "../../app/domain/calendar/dates";
import { firstSessionDate, latestSessionOnOrBefore } from "../../app/domain/calendar/sessions";
import { formatCpf, formatPhone } from "../../app/lib/format";
import {
  makeAttendance,
  makeBranch,
  makeClass,
  makeClassroom,
  makeCourse,
  makeEnrollment,
  makeGuardian,
  makeCharge,
  makeMakeup,
  makeOffer,
  makeStudent,
  makeTrial,
} from "../support/factories";

/**
 * A Client reads its own family only (app/domain/family/scope.ts). Two
 * families, A and B, each with a guardian, persons, a student, an enrolment
 * made from a trial, an absence and its make-up; and a trial of nobody's.
 * Signed in as A's Client, every GET route of the route table (screens and
 * JSON), its parameters filled with B's ids and its query with B's filters,
 * answers nothing of B: no id, name, CPF, e-mail, phone or address of B's
 * rows appears in any answer (body or redirect), and A's own rows are on the
 * family's lists. Rosters, roll calls and class sessions answer 404; the
 * catalogue stays readable; a Client without a family sees an empty family.
 */

const tag = () => randomUUID().slice(0, 8);
const phone = () => `119${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

interface Family {
  client: ApiClient | null;
  userId: string;
  userName: string;
  userEmail: string;
  guardianId: string;
  address: string;
  persons: Array<{ id: string; fullName: string; cpf: string; email: string; phone: string }>;
  studentId: string;
  studentName: string;
  enrollmentId: string;
  absenceId: string;
  makeupId: string;
  trialId: string;
  trialStudentName: string;
  trialGuardianName: string;
  trialWhatsapp: string;
  chargeId: string;
  chargeCode: string;
}

let admin: ApiClient;
let orphan: ApiClient;
let a: Family;
let b: Family;
let nobodysTrial: { id: string; studentName: string; guardianName: string; whatsapp: string };
let catalogue: { branchId: string; classroomId: string; courseId: string; classId: string; scheduleId: string; offerId: string };
let session: { date: string; scheduleId: string };
const trialDate = today();

async function makeFamily(client: ApiClient | null, makeupClass: { classId: string; scheduleId: string }): Promise<Family> {
  const t = tag();
  const made = await makeGuardian(2);
  if (client) await made.guardian.update({ userId: client.user!.id });
  const user = client ? client.user! : { id: made.user.id, name: made.user.name, email: made.user.email };
  const address = `Rua Família ${t}, 12`;
  await made.guardian.update({ address });
  const persons = [];
  for (const [i, p] of made.persons.entries()) {
    await p.update({ fullName: `Pessoa${i} Fam${t}`, email: `p${i}.${t}@familia.com`, phone: phone() });
    persons.push({ id: p.id, fullName: p.fullName, cpf: p.cpf, email: p.email, phone: p.phone! });
  }
  const student = await makeStudent(made.guardian.id, { fullName: `Criança Fam${t}` });
  const trial = await makeTrial(catalogue.classId, {
    studentName: `Experimental Fam${t}`,
    guardianName: `Contato Fam${t}`,
    whatsappNumber: phone(),
    scheduledDate: trialDate,
  });
  const enrollment = await makeEnrollment({
    studentId: student.id,
    classId: catalogue.classId,
    offerId: catalogue.offerId,
    startDate: "2020-01-06",
    trialId: trial.id,
  });
  await trial.update({ enrollmentId: enrollment.id });
  const absence = await makeAttendance({
    enrollmentId: enrollment.id,
    classId: catalogue.classId,
    scheduleId: session.scheduleId,
    date: session.date,
    status: "Falta",
    note: `Nota Fam${t}`,
  });
  const makeup = await makeMakeup({ absenceId: absence.id, ...makeupClass, date: addDays(today(), 7) });
  // A charge of the family, overdue (so it is also on the overdue list).
  const charge = await makeCharge({
    guardianId: made.guardian.id,
    branchId: catalogue.branchId,
    studentId: student.id,
    enrollmentId: enrollment.id,
    competence: addDays(today(), -5).slice(0, 7),
    description: `Mensalidade Fam${t}`,
    dueDate: addDays(today(), -5),
    code: `C${t.replace(/-/g, "").toUpperCase()}`,
  });
  return {
    client,
    userId: user.id,
    userName: user.name,
    userEmail: user.email,
    guardianId: made.guardian.id,
    address,
    persons,
    studentId: student.id,
    studentName: student.fullName,
    enrollmentId: enrollment.id,
    absenceId: absence.id,
    makeupId: makeup.id,
    trialId: trial.id,
    trialStudentName: trial.studentName,
    trialGuardianName: trial.guardianName,
    trialWhatsapp: trial.whatsappNumber,
    chargeId: charge.id,
    chargeCode: charge.code,
  };
}

/** Everything that tells a family's rows: ids, names, CPFs (raw and masked), e-mails, phones (raw and masked), the address. */
function secretsOf(f: Family): string[] {
  return [
    f.userId,
    f.userName,
    f.userEmail,
    f.guardianId,
    f.address,
    ...f.persons.flatMap((p) => [p.id, p.fullName, p.cpf, formatCpf(p.cpf), p.email, p.phone, formatPhone(p.phone)]),
    f.studentId,
    f.studentName,
    f.enrollmentId,
    f.absenceId,
    f.makeupId,
    f.trialId,
    f.trialStudentName,
    f.trialGuardianName,
    f.trialWhatsapp,
    formatPhone(f.trialWhatsapp),
    f.chargeId,
    f.chargeCode,
  ];
}

beforeAll(async () => {
  [admin, orphan] = await Promise.all([signIn("Administrator"), signIn("Client", "Cliente Sem Família")]);
  const branchId = (await makeBranch()).id;
  const classroomId = (await makeClassroom(branchId)).id;
  const courseId = (await makeCourse()).id;
  const made = await makeClass({
    branchId,
    classroomId,
    courseId,
    schedules: [{ dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" }],
    createdAt: new Date(Date.now() - 21 * 86_400_000),
  });
  const other = await makeClass({ branchId, courseId, schedules: [{ dayOfWeek: "Terça", startTime: "14:00", endTime: "15:00" }] });
  const offerId = (await makeOffer(branchId)).id;
  catalogue = { branchId, classroomId, courseId, classId: made.cls.id, scheduleId: made.schedules[0].id, offerId };
  const schedules = made.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }));
  const latest = latestSessionOnOrBefore(schedules, firstSessionDate(made.cls.createdAt), today());
  if (!latest) throw new Error("no past session");
  session = { date: latest.date, scheduleId: latest.scheduleId };
  const makeupClass = { classId: other.cls.id, scheduleId: other.schedules[0].id };
  a = await makeFamily(await signIn("Client", "Cliente Família A"), makeupClass);
  b = await makeFamily(null, makeupClass);
  const t = tag();
  const trial = await makeTrial(catalogue.classId, {
    studentName: `Prospecto ${t}`,
    guardianName: `Contato Prospecto ${t}`,
    whatsappNumber: phone(),
    scheduledDate: trialDate,
  });
  nobodysTrial = { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName, whatsapp: trial.whatsappNumber };
});

/** B's rows (and the trial of nobody's) as the route's parameters. */
function paramsFor(path: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    if (name === "classroomId") params[name] = catalogue.classroomId;
    else if (name === "scheduleId") params[name] = catalogue.scheduleId;
    else if (name === "branchId") params[name] = catalogue.branchId;
    else if (name === "personId") params[name] = b.persons[1].id;
    else if (name === "guardianId") params[name] = b.guardianId;
    else if (name === "enrollmentId") params[name] = b.enrollmentId;
    else if (name === "makeupId") params[name] = b.makeupId;
    else if (name === "absenceId") params[name] = b.absenceId;
    else if (name === "token") params[name] = "token-qualquer";
    else if (name === "date") params[name] = trialDate;
    else if (name === "e2eid") params[name] = "E00000000202611291200abcdef12345";
    else if (name === "id") {
      const base = path.replace(/^\/api/, "").split("/")[1];
      const byBase: Record<string, string> = {
        users: b.userId,
        uploads: randomUUID(),
        offers: catalogue.offerId,
        branches: catalogue.branchId,
        classrooms: catalogue.classroomId,
        "classroom-schedules": catalogue.scheduleId,
        courses: catalogue.courseId,
        classes: catalogue.classId,
        guardians: b.guardianId,
        "guardian-persons": b.persons[0].id,
        trials: b.trialId,
        students: b.studentId,
        enrollments: b.enrollmentId,
        makeups: b.makeupId,
        charges: b.chargeId,
        // A payment's 'Devolver o Pix' (/billing/reconciliation/payments/:id/refund): staff only, whatever the id.
        billing: randomUUID(),
      };
      if (!byBase[base]) throw new Error(`no value for :id under ${path}`);
      params[name] = byBase[base];
    } else throw new Error(`no value for :${name} in ${path}`);
  }
  if (path.endsWith("*")) params["*"] = "rota/que/nao/existe";
  return params;
}

/** The query strings each GET is also asked with: B's rows as every filter the lists take, the session, the month, a search. */
function queries(): string[] {
  return [
    "",
    `?studentId=${b.studentId}`,
    `?guardianId=${b.guardianId}`,
    `?classId=${catalogue.classId}`,
    `?absenceId=${b.absenceId}`,
    `?date=${session.date}&scheduleId=${session.scheduleId}`,
    `?enrollmentId=${b.enrollmentId}&date=${session.date}&scheduleId=${session.scheduleId}`,
    `?from=${addDays(today(), -30)}&to=${today()}`,
    `?month=${trialDate.slice(0, 7)}`,
    `?q=${encodeURIComponent(b.studentName)}`,
    `?q=${encodeURIComponent(b.persons[0].fullName)}`,
    `?historico=todos`,
    `?tab=financeiro`,
  ];
}

const getRoutes = () =>
  flattenRoutes()
    .filter((r) => r.methods.includes("GET"))
    .map((r) => r.path);

describe("a Client reads its own family only", () => {
  it("the fixture: B's rows are there for the Administrator (the walk below would find them without the scope)", async () => {
    const students = await admin.get("/api/students");
    expect(students.body.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([a.studentId, b.studentId]));
    const trials = await admin.get(`/api/trials?month=${trialDate.slice(0, 7)}`);
    expect(trials.body.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining([a.trialId, b.trialId, nobodysTrial.id]));
  });

  it.each(getRoutes())("GET %s as A's Client, with B's ids and filters: nothing of B in the answer", async (pattern) => {
    const secrets = [...secretsOf(b), nobodysTrial.id, nobodysTrial.studentName, nobodysTrial.guardianName, nobodysTrial.whatsapp];
    const path = fillPath(pattern, paramsFor(pattern));
    const leaks: string[] = [];
    for (const query of queries()) {
      const url = path + query;
      const res = await a.client!.raw("GET", url);
      const body = await res.text();
      expect(res.status, `${url}: ${body.slice(0, 300)}`).toBeLessThan(500);
      const answer = `${body}\n${res.headers.get("Location") ?? ""}`;
      // A page may repeat what its own URL carried (a link, the search box): not a leak. A JSON answer repeats nothing.
      const json = /^application\/json/.test(res.headers.get("Content-Type") ?? "");
      const asked = decodeURIComponent(url);
      for (const secret of secrets) {
        if (answer.includes(secret) && (json || !asked.includes(secret))) leaks.push(`${url} (${res.status}): ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe("the family's lists", () => {
  const ids = (body: Array<{ id: string }>) => body.map((r) => r.id);

  it("answer 200 with A's rows, and only A's", async () => {
    const client = a.client!;
    const guardians = await client.get("/api/guardians");
    expect([guardians.status, ids(guardians.body)]).toEqual([200, [a.guardianId]]);
    const paged = await client.get("/api/guardians?page=1");
    expect([paged.status, ids(paged.body), paged.headers.get("X-Total-Count")]).toEqual([200, [a.guardianId], "1"]);
    expect(ids((await client.get(`/api/guardians/${a.guardianId}/persons`)).body).sort()).toEqual(a.persons.map((p) => p.id).sort());
    expect(ids((await client.get("/api/students")).body)).toEqual([a.studentId]);
    expect(ids((await client.get("/api/enrollments")).body)).toEqual([a.enrollmentId]);
    expect(ids((await client.get("/api/trials")).body)).toEqual([a.trialId]);
    expect(ids((await client.get(`/api/trials?month=${trialDate.slice(0, 7)}`)).body)).toEqual([a.trialId]);
    expect(Object.keys((await client.get("/api/trials/all-histories")).body)).toEqual([a.trialId]);
    expect(ids((await client.get("/api/makeups")).body)).toEqual([a.makeupId]);
    expect(ids((await client.get("/api/charges")).body)).toEqual([a.chargeId]);
    expect(ids((await client.get(`/api/charges?guardianId=${b.guardianId}`)).body)).toEqual([]);
    const users = await client.get("/api/users");
    expect([users.status, ids(users.body)]).toEqual([200, [a.userId]]);
    expect(ids((await client.get("/api/users?page=1")).body)).toEqual([a.userId]);
  });

  it("answer A's own items and refuse B's with 404", async () => {
    const client = a.client!;
    const own: Array<[string, string]> = [
      [`/api/guardians/${a.guardianId}`, `/api/guardians/${b.guardianId}`],
      [`/api/guardians/${a.guardianId}/persons`, `/api/guardians/${b.guardianId}/persons`],
      [`/api/guardian-persons/${a.persons[1].id}`, `/api/guardian-persons/${b.persons[1].id}`],
      [`/api/students/${a.studentId}`, `/api/students/${b.studentId}`],
      [`/api/students/${a.studentId}/attendance`, `/api/students/${b.studentId}/attendance`],
      [`/api/enrollments/${a.enrollmentId}`, `/api/enrollments/${b.enrollmentId}`],
      [`/api/trials/${a.trialId}`, `/api/trials/${b.trialId}`],
      [`/api/trials/${a.trialId}/history`, `/api/trials/${b.trialId}/history`],
      [`/api/makeups/${a.makeupId}`, `/api/makeups/${b.makeupId}`],
      [`/api/makeups/options?absenceId=${a.absenceId}`, `/api/makeups/options?absenceId=${b.absenceId}`],
      [`/api/users/${a.userId}`, `/api/users/${b.userId}`],
      [`/api/charges/${a.chargeId}`, `/api/charges/${b.chargeId}`],
      [`/api/charges/${a.chargeId}/due`, `/api/charges/${b.chargeId}/due`],
      [`/students/${a.studentId}`, `/students/${b.studentId}`],
      [`/guardians/${a.guardianId}/persons`, `/guardians/${b.guardianId}/persons`],
      [`/trials/${a.trialId}/history`, `/trials/${b.trialId}/history`],
    ];
    for (const [mine, theirs] of own) {
      expect([mine, (await client.get(mine)).status]).toEqual([mine, 200]);
      expect([theirs, (await client.get(theirs)).status]).toEqual([theirs, 404]);
    }
    const attendance = await client.get(`/api/students/${a.studentId}/attendance`);
    expect(attendance.body.absences.map((r: { id: string }) => r.id)).toEqual([a.absenceId]);
  });

  it("show A's rows on the screens", async () => {
    const client = a.client!;
    const page = async (path: string) => (await client.raw("GET", path)).text();
    expect(await page("/guardians")).toContain(a.persons[0].fullName);
    expect(await page("/students")).toContain(a.studentName);
    expect(await page(`/trials?month=${trialDate.slice(0, 7)}`)).toContain(a.trialStudentName);
    expect(await page(`/trials/day/${trialDate}`)).toContain(a.trialStudentName);
    const student = await page(`/students/${a.studentId}`);
    expect(student).toContain(a.studentName);
    expect(student).toContain(a.persons[1].fullName);
    // The family's space: 'Financeiro' lists its charge (its pupil's), with what is due today.
    const finance = await page("/family?tab=financeiro");
    expect(finance).toContain("Total devido hoje");
    expect(finance).toContain(a.studentName);
  });

  it("rosters, roll calls and class sessions answer 404; the catalogue stays readable", async () => {
    const client = a.client!;
    const classId = catalogue.classId;
    const session$ = `?date=${session.date}&scheduleId=${session.scheduleId}`;
    for (const path of [
      `/api/classes/${classId}/enrollments`,
      `/api/classes/${classId}/sessions?from=${addDays(today(), -14)}&to=${today()}`,
      `/api/classes/${classId}/attendance${session$}`,
      `/classes/${classId}/students`,
      `/classes/${classId}/attendance${session$}`,
      `/classes/${classId}/attendance`,
      "/today",
    ]) {
      expect([path, (await client.raw("GET", path)).status]).toEqual([path, 404]);
    }
    for (const path of [
      "/api/branches",
      "/api/classrooms",
      "/api/classroom-schedules",
      "/api/courses",
      "/api/classes",
      `/api/classes/${classId}`,
      `/api/classes/${classId}/schedules`,
      "/api/class-schedules",
      "/api/offers",
    ]) {
      const res = await client.get(path);
      expect([path, res.status]).toEqual([path, 200]);
    }
    expect(ids((await client.get("/api/classes")).body)).toContain(classId);
    // The Team still reads the roster.
    const team = await signIn("Team");
    const roster = await team.get(`/api/classes/${classId}/enrollments`);
    expect(roster.body.enrollments.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([a.enrollmentId, b.enrollmentId]));
  });

  it("GET /api/family and 'Minha família': A's family with its child, classes, next sessions and absences", async () => {
    const res = await a.client!.get("/api/family");
    expect(res.status).toBe(200);
    expect(res.body.guardian.id).toBe(a.guardianId);
    expect(res.body.students.map((s: { student: { id: string } }) => s.student.id)).toEqual([a.studentId]);
    const [child] = res.body.students;
    expect(child.enrollments.map((e: { id: string }) => e.id)).toEqual([a.enrollmentId]);
    expect(child.nextSessions.length).toBeGreaterThan(0);
    expect(child.nextSessions[0]).toMatchObject({ classId: catalogue.classId, scheduleId: catalogue.scheduleId, startTime: "08:00" });
    expect(child.nextSessions[0].date >= today()).toBe(true);
    expect(child.attendance.absences.map((r: { id: string }) => r.id)).toEqual([a.absenceId]);
    expect(child.attendance.absences[0].makeup.id).toBe(a.makeupId);
    // The summary card's next class: the child's, named.
    expect(res.body.nextSession).toMatchObject({ studentId: a.studentId, studentName: a.studentName, classId: catalogue.classId });
    const page = await (await a.client!.raw("GET", "/family")).text();
    expect(page).toContain("Minha família");
    expect(page).toContain(a.studentName);
    expect(page).toContain("Próximas aulas");
    // Without a family: 404 from the API, and the page says there is none.
    expect((await orphan.get("/api/family")).status).toBe(404);
    expect((await admin.get("/api/family")).status).toBe(404);
    expect(await (await orphan.raw("GET", "/family")).text()).toContain("Nenhuma família vinculada à sua conta");
  });

  it("GET /api/family/finance: A's charges only, overdue, titled by the enrolment's class, with what is due today; 404 without a family", async () => {
    const res = await a.client!.get("/api/family/finance");
    expect(res.status).toBe(200);
    const classLabel = (await a.client!.get("/api/family")).body.students[0].enrollments[0].classLabel;
    expect(res.body.overdue.map((c: { id: string }) => c.id)).toEqual([a.chargeId]);
    expect(res.body.overdue[0]).toMatchObject({ title: classLabel, classLabel, description: expect.stringMatching(/^Mensalidade Fam/) });
    expect(res.body.upcoming).toEqual([]);
    expect(res.body.history).toEqual([]);
    expect(res.body.dueToday).toBe(res.body.overdue[0].amountDue);
    expect(res.body.toPay).toMatchObject({ total: res.body.dueToday, charges: [expect.objectContaining({ id: a.chargeId })] });
    expect((await orphan.get("/api/family/finance")).status).toBe(404);
    expect((await admin.get("/api/family/finance")).status).toBe(404);
  });

  it("a Client without a family sees an empty family and the catalogue", async () => {
    for (const path of [
      "/api/guardians",
      "/api/students",
      "/api/enrollments",
      "/api/trials",
      "/api/makeups",
      "/api/trials/all-histories",
    ]) {
      const res = await orphan.get(path);
      expect([path, res.status, Array.isArray(res.body) ? res.body : Object.keys(res.body)]).toEqual([path, 200, []]);
    }
    expect(ids((await orphan.get("/api/users")).body)).toEqual([orphan.user!.id]);
    expect(ids((await orphan.get("/api/branches")).body)).toContain(catalogue.branchId);
    expect((await orphan.get(`/api/students/${a.studentId}`)).status).toBe(404);
  });
});
