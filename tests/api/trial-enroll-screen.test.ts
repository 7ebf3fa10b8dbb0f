import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, uniqueEmail, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeClass, makeClassroom, makeEnrollment, makeGuardian, makeOffer, makeStudent, makeTrial } from "../support/factories";
import { today } from "../../app/domain/calendar/dates";

/**
 * 'Matricular Aluno' (/trials/:id/enroll) as a browser without JavaScript uses
 * it: the form pre-filled from the trial, Post/Redirect/Get with the toast, the
 * enrolment and its payment link on the same URL afterwards; 403 for Client;
 * a refused form keeps what was typed and writes nothing.
 */

let team: ApiClient;
let admin: ApiClient;
let client: ApiClient;

const MONTH = "2030-06";

/** A phone number no other test uses, so the WhatsApp match finds only this test's guardian. */
function uniquePhone(): string {
  return `11${String(900_000_000 + Math.floor(Math.random() * 99_999_999))}`;
}

function randomCpf(): string {
  return String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999));
}

/** The class's next Wednesday from today (school time), as enrollOptions proposes it. */
function nextWednesday(): string {
  const [y, m, d] = today().split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  while (date.getUTCDay() !== 3) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** A class (Wednesdays) with a classroom of `capacity`, an active offer of its branch, and a trial. */
async function setup(options: { capacity?: number; phone?: string; studentName?: string; day?: string } = {}) {
  const tag = randomUUID().slice(0, 6);
  const { makeBranch } = await import("../support/factories");
  const branch = await makeBranch({ name: `Unidade ${tag}` });
  const classroom = await makeClassroom(branch.id, { capacity: options.capacity ?? 10 });
  const { cls } = await makeClass({
    branchId: branch.id,
    classroomId: classroom.id,
    schedules: [{ dayOfWeek: "Quarta", startTime: "18:30", endTime: "19:30" }],
  });
  const offer = await makeOffer(branch.id, {
    name: `Plano ${tag}`,
    monthlyValue: "150.00",
    checkoutLink: `https://pagamento.exemplo.com/${tag}`,
  });
  await makeOffer(branch.id, { name: `Inativo ${tag}`, active: false });
  const phone = options.phone ?? uniquePhone();
  const trial = await makeTrial(cls.id, {
    guardianName: "Marta Nogueira",
    studentName: options.studentName ?? `Lia ${tag}`,
    whatsappNumber: phone,
    // Each test that reads the calendar has a day of its own (a day shows its first three trials).
    scheduledDate: `${MONTH}-${options.day ?? "12"}`,
    status: "Quer Matricular",
  });
  return { tag, branch, cls, offer, trial, phone };
}

function newGuardianForm(offerId: string, overrides: Record<string, string> = {}) {
  return {
    studentName: "Lia Nogueira",
    birthDate: "2018-04-02",
    family: "new",
    "guardian.address": "Rua das Acácias, 45",
    "guardian.person.fullName": "Marta Nogueira",
    "guardian.person.cpf": randomCpf(),
    "guardian.person.email": uniqueEmail("marta"),
    "guardian.person.birthDate": "1985-04-12",
    "guardian.person.phone": "(11) 98765-4321",
    offerId,
    startDate: "2030-07-03",
    ...overrides,
  };
}

const WRITTEN = ["guardians", "guardian_persons", "users", "students", "enrollments"] as const;
async function counts() {
  return Object.fromEntries(await Promise.all(WRITTEN.map(async (t) => [t, await count(t)] as const)));
}

async function trialRow(id: string) {
  const [rows] = await testDb().query(`SELECT "enrollmentId" FROM "trials" WHERE "id" = :id`, { replacements: { id } });
  return (rows as Array<{ enrollmentId: string | null }>)[0];
}

async function html(who: ApiClient, path: string) {
  const res = await who.raw("GET", path);
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  [team, admin, client] = await Promise.all([signIn("Team"), signIn("Administrator"), signIn("Client")]);
});

describe("GET /trials/:id/enroll", () => {
  it("shows the dialog pre-filled from the trial: student, class, guardian proposed by the WhatsApp number, offers with value, next session", async () => {
    const { trial, offer, phone, cls } = await setup();
    const { guardian, persons } = await makeGuardian(1);
    await persons[0].update({ phone, fullName: `Marta Proposta ${randomUUID().slice(0, 4)}` });
    const page = await html(team, `/trials/${trial.id}/enroll?month=${MONTH}`);
    expect(page.status).toBe(200);
    const text = page.text;
    expect(text).toContain("Matricular Aluno");
    expect(text).toContain(`value="${trial.studentName}"`);
    expect(text).toContain(`Turma ${cls.classNumber}`);
    expect(text).toContain(`${offer.name} - R$ 150,00`);
    expect(text).not.toContain("Inativo ");
    expect(text).toContain(`value="${nextWednesday()}"`);
    // The matching guardian is offered, checked, and marked as having the same WhatsApp.
    expect(text).toContain(persons[0].fullName);
    expect(text).toContain("(mesmo WhatsApp)");
    expect(text).toMatch(new RegExp(`value="${guardian.id}"[^>]*checked|checked[^>]*value="${guardian.id}"`));
    // The new guardian's person is pre-filled from the trial (name, WhatsApp).
    expect(text).toContain('value="Marta Nogueira"');
    expect(text).toContain(`name="guardian.person.phone"`);
    // The class has room: no waiting list yet.
    expect(text).not.toContain("Entrar na lista de espera");
  });

  it("searches guardians by name, e-mail or CPF (the combobox's GET; results as radio choices)", async () => {
    const { trial } = await setup();
    const { guardian, persons } = await makeGuardian(1);
    const name = `Busca ${randomUUID().slice(0, 6)}`;
    await persons[0].update({ fullName: name, phone: uniquePhone() });
    for (const q of [name, persons[0].email, persons[0].cpf]) {
      const page = await html(team, `/trials/${trial.id}/enroll?month=${MONTH}&q=${encodeURIComponent(q)}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(name);
      expect(page.text).toContain(`value="${guardian.id}"`);
    }
    const none = await html(team, `/trials/${trial.id}/enroll?q=ninguem-${randomUUID().slice(0, 6)}`);
    expect(none.text).toContain("Nenhum responsável encontrado");
  });

  it("without JavaScript 'Buscar' posts the form: the results come back with everything typed", async () => {
    const { trial, offer } = await setup();
    const { guardian, persons } = await makeGuardian(1);
    const name = `Procura ${randomUUID().slice(0, 6)}`;
    await persons[0].update({ fullName: name, phone: uniquePhone() });
    const before = await counts();
    const res = await team.form(`/trials/${trial.id}/enroll?month=${MONTH}`, {
      ...newGuardianForm(offer.id, { studentName: "Lia Digitada", "guardian.address": "Rua Digitada, 9" }),
      q: name,
      intent: "search",
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(`value="${guardian.id}"`);
    expect(text).toContain(name);
    expect(text).toContain(`value="${name}"`);
    for (const typed of ["Lia Digitada", "Rua Digitada, 9", "2018-04-02", "2030-07-03"]) expect(text).toContain(`value="${typed}"`);
    expect(await counts()).toEqual(before);
  });

  it("a family with the trial guardian's name but another phone is shown as such, never chosen; only the chosen family section shows", async () => {
    const tag = randomUUID().slice(0, 6);
    const { trial } = await setup({ phone: uniquePhone() });
    await trial.update({ guardianName: `Eduarda ${tag} Almeida` });
    const { guardian, persons } = await makeGuardian(1);
    await persons[0].update({ fullName: `Eduarda ${tag} Santos Almeida`, phone: uniquePhone() });
    const page = await html(team, `/trials/${trial.id}/enroll`);
    expect(page.text).toContain(`Eduarda ${tag} Santos Almeida`);
    expect(page.text).toContain("WhatsApp diferente do cadastro");
    expect(page.text).not.toContain("(mesmo WhatsApp)");
    expect(page.text).toMatch(new RegExp(`value="${guardian.id}"`));
    expect(page.text).not.toMatch(new RegExp(`value="${guardian.id}"[^>]*checked|checked[^>]*value="${guardian.id}"`));
    // No family has the trial's WhatsApp: 'Novo responsável' is the choice, and the other section is hidden by its radio.
    expect(page.text).toMatch(/value="new"[^>]*checked|checked[^>]*value="new"/);
    expect(page.text).toContain('class="choice-sections');
    expect(page.text).toContain('data-section="existing"');
  });

  it("is 403 for Client and 404 for an unknown trial", async () => {
    const { trial } = await setup();
    expect((await client.raw("GET", `/trials/${trial.id}/enroll`)).status).toBe(403);
    expect((await team.raw("GET", `/trials/${randomUUID()}/enroll`)).status).toBe(404);
  });
});

describe("POST /trials/:id/enroll (no JavaScript)", () => {
  it("enrols with a new guardian: one redirect with the toast, then the enrolment, its checkout link and the WhatsApp message", async () => {
    const { trial, offer, phone, cls } = await setup({ day: "20" });
    const before = await counts();
    const form = newGuardianForm(offer.id);
    const res = await team.form(`/trials/${trial.id}/enroll?month=${MONTH}`, form);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/trials/${trial.id}/enroll?month=${MONTH}`);

    const after = await counts();
    expect(after.guardians).toBe(before.guardians + 1);
    expect(after.guardian_persons).toBe(before.guardian_persons + 1);
    expect(after.users).toBe(before.users + 1);
    expect(after.students).toBe(before.students + 1);
    expect(after.enrollments).toBe(before.enrollments + 1);
    const { enrollmentId } = await trialRow(trial.id);
    expect(enrollmentId).toBeTruthy();
    const [rows] = await testDb().query(
      `SELECT e."status", CAST(e."startDate" AS TEXT) AS "startDate", e."offerId", e."trialId", s."fullName", CAST(s."birthDate" AS TEXT) AS "birthDate"
       FROM "enrollments" e JOIN "students" s ON s."id" = e."studentId" WHERE e."id" = :id`,
      { replacements: { id: enrollmentId } },
    );
    expect(rows).toEqual([
      { status: "Ativa", startDate: "2030-07-03", offerId: offer.id, trialId: trial.id, fullName: "Lia Nogueira", birthDate: "2018-04-02" },
    ]);

    const page = await html(team, res.headers.get("Location")!);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Sucesso");
    expect(page.text).toContain("Matrícula realizada");
    expect(page.text).toContain(offer.checkoutLink);
    expect(page.text).toContain("Enviar link de pagamento");
    // (The calendar behind the dialog has its own WhatsApp links: this one is the dialog's button.)
    const href = /href="(https:\/\/wa\.me\/[^"]+)"[^>]*>Enviar link de pagamento/.exec(page.text)?.[1].replaceAll("&amp;", "&");
    expect(href).toBeDefined();
    const url = new URL(href!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/55${phone}`);
    const message = url.searchParams.get("text")!;
    expect(message).toContain("Lia Nogueira");
    expect(message).toContain(`Turma ${cls.classNumber}`);
    expect(message).toContain(offer.checkoutLink);

    // The calendar's block now reads 'Matriculado' instead of the button.
    const calendar = await html(team, `/trials?month=${MONTH}`);
    expect(calendar.text).toContain(`href="/trials/${trial.id}/enroll?month=${MONTH}" class="tb-ctl tb-done"`);
    expect(calendar.text).not.toContain(`href="/trials/${trial.id}/enroll?month=${MONTH}" class="tb-ctl tb-enroll"`);
  });

  it("enrols with an existing guardian (Administrator too): the student belongs to that family", async () => {
    const { trial, offer } = await setup();
    const { guardian } = await makeGuardian(1);
    const before = await counts();
    const res = await admin.form(`/trials/${trial.id}/enroll`, {
      studentName: "Rafa Lima",
      family: "existing",
      guardianId: guardian.id,
      offerId: offer.id,
      startDate: "2030-07-10",
    });
    expect(res.status).toBe(302);
    const after = await counts();
    expect(after.guardians).toBe(before.guardians);
    expect(after.students).toBe(before.students + 1);
    const [rows] = await testDb().query(`SELECT "guardianId" FROM "students" WHERE "fullName" = 'Rafa Lima' ORDER BY "createdAt" DESC`);
    expect((rows as Array<{ guardianId: string }>)[0].guardianId).toBe(guardian.id);
    expect((await trialRow(trial.id)).enrollmentId).toBeTruthy();
  });

  it("is 403 for Client, and writes nothing", async () => {
    const { trial, offer } = await setup();
    const before = await counts();
    const res = await client.form(`/trials/${trial.id}/enroll`, newGuardianForm(offer.id));
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await trialRow(trial.id)).enrollmentId).toBeNull();
  });

  it("answers a bad form with 400, the fields' messages and everything typed, and writes nothing", async () => {
    const { trial, offer } = await setup();
    const before = await counts();
    const email = uniqueEmail("digitado");
    const res = await team.form(
      `/trials/${trial.id}/enroll?month=${MONTH}`,
      newGuardianForm(offer.id, {
        studentName: "",
        birthDate: "2018-02-30",
        "guardian.address": "",
        "guardian.person.email": email,
        "guardian.person.cpf": "123",
        startDate: "amanhã",
      }),
    );
    expect(res.status).toBe(400);
    const text = await res.text();
    for (const message of [
      "Nome do aluno é obrigatório",
      "Data de nascimento inválida",
      "Endereço é obrigatório",
      "CPF deve conter exatamente 11 dígitos",
      "Data de início inválida",
    ]) {
      expect(text).toContain(message);
    }
    expect(text).toContain(`value="${email}"`);
    expect(text).toContain('value="Marta Nogueira"');
    expect(await counts()).toEqual(before);

    // An existing guardian not chosen: its own message.
    const none = await team.form(`/trials/${trial.id}/enroll`, {
      studentName: "Lia",
      family: "existing",
      offerId: offer.id,
      startDate: "2030-07-03",
    });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain("Escolha um responsável existente ou cadastre um novo");
    // No offer.
    const noOffer = await team.form(`/trials/${trial.id}/enroll`, newGuardianForm("", {}));
    expect(noOffer.status).toBe(400);
    expect(await noOffer.text()).toContain("Oferta é obrigatória");
    expect(await counts()).toEqual(before);
  });

  it("rolls back a new guardian whose e-mail is taken: 409 on the form, nothing written", async () => {
    const { trial, offer } = await setup();
    const before = await counts();
    const res = await team.form(`/trials/${trial.id}/enroll`, newGuardianForm(offer.id, { "guardian.person.email": team.user!.email }));
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(text).toContain("Erro ao matricular");
    expect(text).toContain("Já existe um usuário com este e-mail");
    // The message is the e-mail field's own (the input points at it).
    expect(text).toMatch(/name="guardian\.person\.email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="guardian\.person\.email"/);
    expect(text).toContain('value="Lia Nogueira"');
    expect(await counts()).toEqual(before);
    expect((await trialRow(trial.id)).enrollmentId).toBeNull();
  });

  it("a full class: 409 'Turma lotada' with the toast and the waiting-list box; with the box, 'Em espera' and its toast", async () => {
    const { trial, offer, cls } = await setup({ capacity: 1 });
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id });

    // Known before submitting: 'Turma lotada (1/1)', the waiting list as the dialog's action, and another class of the course with places.
    const course = (
      await testDb().query(`SELECT "courseId", "branchId" FROM classes WHERE id = :id`, { replacements: { id: cls.id } })
    )[0] as Array<{
      courseId: string;
      branchId: string;
    }>;
    const other = (await makeClass({ branchId: course[0].branchId, courseId: course[0].courseId })).cls;
    const page = await html(team, `/trials/${trial.id}/enroll`);
    expect(page.text).toContain("Turma lotada (1/1)");
    expect(page.text).toContain("Entrar na lista de espera");
    expect(page.text).toContain(`/trials/${trial.id}/enroll?classId=${other.id}`);
    const switched = await html(team, `/trials/${trial.id}/enroll?classId=${other.id}`);
    expect(switched.text).toContain(`Turma ${other.classNumber}`);
    expect(switched.text).not.toContain("Turma lotada");
    expect(switched.text).toContain(`name="classId" value="${other.id}"`);

    const before = await counts();
    const form = newGuardianForm(offer.id);
    const full = await team.form(`/trials/${trial.id}/enroll?month=${MONTH}`, form);
    expect(full.status).toBe(409);
    const text = await full.text();
    expect(text).toContain("Turma lotada");
    expect(text).toContain("Erro ao matricular");
    expect(text).toContain("Entrar na lista de espera");
    expect(text).toContain(`value="${form["guardian.person.email"]}"`);
    expect(await counts()).toEqual(before);

    const waiting = await team.form(`/trials/${trial.id}/enroll?month=${MONTH}`, { ...form, waitlist: "on" });
    expect(waiting.status).toBe(302);
    const done = await html(team, waiting.headers.get("Location")!);
    expect(done.text).toContain("Aluno incluído na lista de espera");
    expect(done.text).toContain("Em espera");
    // A waiting-list result sends no payment link: the WhatsApp message tells of the waiting list.
    expect(done.text).not.toContain(offer.checkoutLink);
    expect(done.text).not.toContain("Enviar link de pagamento");
    const href = /href="(https:\/\/wa\.me\/[^"]+)"[^>]*>Avisar no WhatsApp/.exec(done.text)?.[1].replaceAll("&amp;", "&");
    expect(new URL(href!).searchParams.get("text")).toContain("lista de espera");
    const [rows] = await testDb().query(`SELECT "status", "waitlistPosition" FROM "enrollments" WHERE "trialId" = :id`, {
      replacements: { id: trial.id },
    });
    expect(rows).toEqual([{ status: "Em espera", waitlistPosition: 1 }]);
  });

  it("a trial already enrolled shows its enrolment, and enrolling it again is refused (409) without writing", async () => {
    const { trial, offer } = await setup();
    const { guardian } = await makeGuardian(1);
    expect(
      (
        await team.form(`/trials/${trial.id}/enroll`, {
          studentName: "Uma",
          family: "existing",
          guardianId: guardian.id,
          offerId: offer.id,
          startDate: "2030-07-03",
        })
      ).status,
    ).toBe(302);
    const before = await counts();
    const again = await team.form(`/trials/${trial.id}/enroll`, {
      studentName: "Outra",
      family: "existing",
      guardianId: guardian.id,
      offerId: offer.id,
      startDate: "2030-07-03",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Este experimental já foi matriculado");
    expect(await counts()).toEqual(before);
  });
});

describe("a trial whose enrolment was cancelled", () => {
  it("shows the form again with a notice, and may be enrolled again", async () => {
    const { trial, offer, cls } = await setup();
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const cancelled = await makeEnrollment({
      studentId: student.id,
      classId: cls.id,
      offerId: offer.id,
      status: "Cancelada",
      trialId: trial.id,
    });
    const page = await html(team, `/trials/${trial.id}/enroll`);
    expect(page.text).toContain("A matrícula feita a partir deste experimental foi cancelada");
    expect(page.text).not.toContain("Enviar link de pagamento");
    const res = await team.form(`/trials/${trial.id}/enroll`, {
      studentName: "De Novo",
      family: "existing",
      guardianId: guardian.id,
      offerId: offer.id,
      startDate: "2030-07-03",
    });
    expect(res.status).toBe(302);
    const { enrollmentId } = await trialRow(trial.id);
    expect(enrollmentId).not.toBe(cancelled.id);
    expect((await html(team, `/trials/${trial.id}/enroll`)).text).toContain("Enviar link de pagamento");
  });
});

describe("the calendar's 'Matricular'", () => {
  it("is a link to the dialog on 'Quer Matricular' blocks (the old placeholder intent is gone)", async () => {
    const { trial } = await setup({ day: "21" });
    const calendar = await html(team, `/trials?month=${MONTH}`);
    expect(calendar.text).toContain(`href="/trials/${trial.id}/enroll?month=${MONTH}" class="tb-ctl tb-enroll"`);
    expect(calendar.text).not.toContain("Funcionalidade em desenvolvimento");
    expect((await team.form(`/trials?month=${MONTH}`, { intent: "enroll", month: MONTH })).status).toBe(400);
  });

  it("the edit dialog offers 'Matricular' whatever the status", async () => {
    const { cls } = await setup();
    const other = await makeTrial(cls.id, { scheduledDate: `${MONTH}-13`, status: "Agendado" });
    const page = await html(team, `/trials/${other.id}/edit?month=${MONTH}`);
    expect(page.text).toContain(`href="/trials/${other.id}/enroll?month=${MONTH}"`);
    expect(page.text).toMatch(/>Matricular</);
  });
});
