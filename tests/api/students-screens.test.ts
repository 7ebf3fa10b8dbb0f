import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeClass, makeClassroom, makeEnrollment, makeGuardian, makeOffer, makeStudent, makeBranch } from "../support/factories";

/**
 * The students and enrolment screens without JavaScript: each dialog is a form
 * that posts to its own URL and answers with a redirect carrying the toast
 * (Post/Redirect/Get), a 400 with the field's message and the typed values, or
 * a 403 for a role that may not use it.
 */

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const tag = () => randomUUID().slice(0, 6);

async function page(who: ApiClient, path: string): Promise<{ status: number; html: string }> {
  const res = await who.raw("GET", path);
  return { status: res.status, html: await res.text() };
}

/** A class of `capacity` places with an active offer of its branch, and a family. */
async function setup(capacity = 20) {
  const branch = await makeBranch();
  const classroom = await makeClassroom(branch.id, { capacity });
  const made = await makeClass({ branchId: branch.id, classroomId: classroom.id });
  const offer = await makeOffer(branch.id, { name: `Plano ${tag()}`, monthlyValue: "150.00" });
  const family = await makeGuardian(1);
  return { branch, classroom, cls: made.cls, offer, family };
}

const studentIdFrom = (location: string | null) => {
  const match = /^\/students\/([0-9a-f-]{36})$/.exec(location ?? "");
  expect(match, `a student's page: ${location}`).not.toBeNull();
  return match![1];
};

describe("/students dialogs without JavaScript", () => {
  it("Team registers a student (PRG to the student's page with 'Aluno cadastrado'); the list finds it by name", async () => {
    const { family } = await setup();
    const name = `Alice ${tag()}`;
    const res = await team.form("/students/new", { guardianId: family.guardian.id, fullName: name, birthDate: "2017-04-02", active: "on" });
    expect(res.status).toBe(302);
    const id = studentIdFrom(res.headers.get("Location"));
    const shown = await page(team, `/students/${id}`);
    expect(shown.html).toContain("Aluno cadastrado");
    expect(shown.html).toContain(name);
    expect(shown.html).toContain(family.persons[0].fullName);
    expect(shown.html).toContain("Nenhuma matrícula");

    const list = await page(team, `/students?q=${encodeURIComponent(name)}`);
    expect(list.status).toBe(200);
    expect(list.html).toContain(name);
    expect(list.html).toContain(family.persons[0].fullName);
    // Rendered once: one table whose rows are cards below lg (CSS), the name a plain link to the student's page.
    expect(list.html.match(new RegExp(`<a href="/students/${id}" class="link">${name}</a>`, "g"))).toHaveLength(1);
    expect(list.html).toContain('<td class="td stack-title">');
    const none = await page(team, `/students?q=${encodeURIComponent(`ninguém ${tag()}`)}`);
    expect(none.html).toContain("Nenhum aluno encontrado");
  });

  it("the list filters by status and keeps the search in its pages' links", async () => {
    const { family } = await setup();
    // The Client's own family: it reads these students (read-only).
    await family.guardian.update({ userId: client.user!.id });
    const name = `Filtro ${tag()}`;
    await makeStudent(family.guardian.id, { fullName: `${name} Ativa` });
    await makeStudent(family.guardian.id, { fullName: `${name} Inativa`, active: false });
    const q = encodeURIComponent(name);
    const active = await page(client, `/students?q=${q}&status=active`);
    expect(active.html).toContain(`${name} Ativa`);
    expect(active.html).not.toContain(`${name} Inativa`);
    const inactive = await page(client, `/students?q=${q}&status=inactive`);
    expect(inactive.html).toContain(`${name} Inativa`);
    expect(inactive.html).not.toContain(`${name} Ativa`);
    const both = await page(client, `/students?q=${q}&status=bogus`);
    expect(both.html).toContain(`${name} Ativa`);
    expect(both.html).toContain(`${name} Inativa`);
    // Read-only for Client: no 'Novo Aluno'.
    expect(both.html).not.toContain("Novo Aluno");
  });

  it("a bad form answers 400 with the fields' messages and keeps what was typed", async () => {
    const before = await count("students");
    const res = await admin.form("/students/new", {
      guardianId: "",
      fullName: "",
      birthDate: "2020-13-45",
      notes: "Alergia a amendoim",
      active: "on",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Nome do aluno é obrigatório");
    expect(html).toContain("Responsável é obrigatório");
    expect(html).toContain("Data de nascimento inválida");
    expect(html).toContain("Alergia a amendoim");
    expect(await count("students")).toBe(before);
  });

  it("the guardian search is a GET of the dialog: matches as radio choices, the typed name kept", async () => {
    const { family } = await setup();
    const person = family.persons[0].fullName;
    const { status, html } = await page(team, `/students/new?guardianQ=${encodeURIComponent(person)}&fullName=Bruna+Digitada`);
    expect(status).toBe(200);
    expect(html).toMatch(new RegExp(`<input type="radio"[^>]*name="guardianId"[^>]*value="${family.guardian.id}"`));
    expect(html).toContain(person);
    expect(html).toContain('value="Bruna Digitada"');
  });

  it("Administrator edits ('Aluno atualizado'); Team and Client get 403 on the edit and delete dialogs; Client on the new one", async () => {
    const { family } = await setup();
    const student = await makeStudent(family.guardian.id, { fullName: `Caio ${tag()}` });
    const renamed = `Caio Renomeado ${tag()}`;
    for (const who of [team, client]) {
      expect(
        (await who.form(`/students/${student.id}/edit`, { guardianId: family.guardian.id, fullName: renamed, active: "on" })).status,
      ).toBe(403);
      // Another family's student is not found to a Client, dialog and all.
      expect((await who.raw("GET", `/students/${student.id}/delete`)).status).toBe(who === client ? 404 : 403);
      expect((await who.form(`/students/${student.id}/delete`, {})).status).toBe(403);
    }
    expect((await client.form("/students/new", { guardianId: family.guardian.id, fullName: "Nope" })).status).toBe(403);
    expect((await client.raw("GET", "/students/new")).status).toBe(403);

    const res = await admin.form(`/students/${student.id}/edit`, {
      guardianId: family.guardian.id,
      fullName: renamed,
      notes: "Turno da manhã",
      active: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/students/${student.id}`);
    const shown = await page(admin, `/students/${student.id}`);
    expect(shown.html).toContain("Aluno atualizado");
    expect(shown.html).toContain(renamed);
    expect(shown.html).toContain("Turno da manhã");
  });

  it("delete: refused (409) while the student has enrolments, then 'Aluno removido'", async () => {
    const { family, cls, offer } = await setup();
    const student = await makeStudent(family.guardian.id);
    const enrollment = await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id });
    const refused = await admin.form(`/students/${student.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("ele possui matrículas");

    const free = await makeStudent(family.guardian.id);
    const res = await admin.form(`/students/${free.id}/delete`, {});
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/students");
    expect((await page(admin, "/students")).html).toContain("Aluno removido");
    expect(await count("students", "id = :id", { id: free.id })).toBe(0);
    expect(await count("enrollments", "id = :id", { id: enrollment.id })).toBe(1);
  });
});

describe("enrolment dialogs without JavaScript", () => {
  it("the student's 'Nova matrícula' lists the classes grouped by branch, the selected branch first", async () => {
    const a = await setup();
    const b = await setup();
    const student = await makeStudent(a.family.guardian.id);
    const groups = async (branchId: string) => {
      const who = await signIn("Team");
      expect((await who.form("/preferences/branch", { branchId, redirectTo: "/students" })).status).toBe(302);
      const { status, html } = await page(who, `/students/${student.id}/enroll`);
      expect(status).toBe(200);
      const labels = [...html.matchAll(/<optgroup label="([^"]+)">/g)].map((m) => m[1]);
      // Each class sits in its branch's group.
      const groupOf = (classNumber: number) => {
        const at = html.indexOf(`Turma ${classNumber} (`);
        return [...html.slice(0, at).matchAll(/<optgroup label="([^"]+)">/g)].at(-1)?.[1];
      };
      expect(groupOf(a.cls.classNumber)).toBe(a.branch.name);
      expect(groupOf(b.cls.classNumber)).toBe(b.branch.name);
      return labels;
    };
    expect((await groups(b.branch.id))[0]).toBe(b.branch.name);
    expect((await groups(a.branch.id))[0]).toBe(a.branch.name);
  });

  it("the student's 'Nova matrícula': 'Continuar' shows the class's offers and next session; enrolling redirects with 'Matrícula realizada'", async () => {
    const { family, cls, offer } = await setup();
    const student = await makeStudent(family.guardian.id);
    const refresh = await team.form(`/students/${student.id}/enroll`, { intent: "refresh", classId: cls.id });
    expect(refresh.status).toBe(200);
    const html = await refresh.text();
    expect(html).toContain(offer.name);
    expect(html).toContain("R$ 150,00");
    expect(html).toMatch(/<input[^>]*type="date"[^>]*value="\d{4}-\d{2}-\d{2}"/);
    expect(html).toContain("0 de 20 vagas");

    const res = await team.form(`/students/${student.id}/enroll`, { classId: cls.id, offerId: offer.id, startDate: "2026-12-07" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/students/${student.id}`);
    const shown = await page(team, `/students/${student.id}`);
    expect(shown.html).toContain("Matrícula realizada");
    expect(shown.html).toContain(`Turma ${cls.classNumber}`);
    expect(shown.html).toContain("Ativa");
    expect(shown.html).toContain("07/12/2026");
  });

  it("a bad enrolment form answers 400 with the messages; Client gets 403", async () => {
    const { family, cls } = await setup();
    const student = await makeStudent(family.guardian.id);
    const res = await admin.form(`/students/${student.id}/enroll`, { classId: cls.id, offerId: "", startDate: "07/12/2026" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Oferta é obrigatória");
    expect(html).toContain("Data de início inválida");
    expect((await client.form(`/students/${student.id}/enroll`, { classId: cls.id })).status).toBe(403);
    // Another family's student: its page is not found to a Client, dialog and all.
    expect((await client.raw("GET", `/students/${student.id}/enroll`)).status).toBe(404);
  });

  it("a full class: 409 'Turma lotada' in the form with 'Entrar na lista de espera'; with it, 'Aluno incluído na lista de espera'", async () => {
    const { family, cls, offer } = await setup(1);
    const first = await makeStudent(family.guardian.id, { fullName: `Primeira ${tag()}` });
    await makeEnrollment({ studentId: first.id, classId: cls.id, offerId: offer.id });
    const second = await makeStudent(family.guardian.id, { fullName: `Segunda ${tag()}` });

    // Known before submitting: 'Turma lotada (1/1)' and the waiting list as the dialog's action.
    const dialog = await page(team, `/classes/${cls.id}/students/enroll`);
    expect(dialog.html).toContain("Turma lotada (1/1)");
    expect(dialog.html).toMatch(/<button[^>]*type="submit"[^>]*>Entrar na lista de espera<\/button>/);
    expect(dialog.html).toContain('name="waitlist" value="on"');

    const full = await team.form(`/classes/${cls.id}/students/enroll`, {
      studentId: second.id,
      offerId: offer.id,
      startDate: "2026-12-07",
    });
    expect(full.status).toBe(409);
    const html = await full.text();
    expect(html).toContain("Turma lotada");
    expect(html).toContain("Entrar na lista de espera");
    // The chosen student is kept.
    expect(html).toContain(second.fullName);

    const res = await team.form(`/classes/${cls.id}/students/enroll`, {
      studentId: second.id,
      offerId: offer.id,
      startDate: "2026-12-07",
      waitlist: "on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/classes/${cls.id}/students`);
    const roster = await page(team, `/classes/${cls.id}/students`);
    expect(roster.html).toContain("Aluno incluído na lista de espera");
    expect(roster.html).toContain("1 de 1 vagas");
    expect(roster.html).toContain(second.fullName);
    expect(roster.html).not.toContain("Lista de espera vazia");
  });

  it("the roster's student search is a GET of the dialog listing the matches as radio choices", async () => {
    const { family, cls } = await setup();
    const name = `Heloísa ${tag()}`;
    const student = await makeStudent(family.guardian.id, { fullName: name });
    const { status, html } = await page(team, `/classes/${cls.id}/students/enroll?studentQ=${encodeURIComponent(name)}`);
    expect(status).toBe(200);
    expect(html).toContain("Matricular aluno");
    expect(html).toMatch(new RegExp(`<input type="radio"[^>]*name="studentId"[^>]*value="${student.id}"`));
    // A student already in the class (active or waiting) is not offered again.
    const enrolled = await makeStudent(family.guardian.id, { fullName: `${name} Matriculada` });
    await makeEnrollment({ studentId: enrolled.id, classId: cls.id, offerId: (await makeOffer(cls.branchId)).id });
    const again = await page(team, `/classes/${cls.id}/students/enroll?studentQ=${encodeURIComponent(name)}`);
    expect(again.html).toMatch(new RegExp(`name="studentId"[^>]*value="${student.id}"`));
    expect(again.html).not.toMatch(new RegExp(`name="studentId"[^>]*value="${enrolled.id}"`));
    const none = await page(team, `/classes/${cls.id}/students/enroll?studentQ=${encodeURIComponent(`zzz ${tag()}`)}`);
    expect(none.html).toContain("Nenhum aluno encontrado");
  });

  it("cancelling with a reason promotes the first of the waiting list ('Matrícula cancelada'); Team and Client get 403", async () => {
    const { family, cls, offer } = await setup(1);
    const [ana, bia, carla] = await Promise.all(
      ["Ana", "Bia", "Carla"].map((n) => makeStudent(family.guardian.id, { fullName: `${n} ${tag()}` })),
    );
    const active = await makeEnrollment({ studentId: ana.id, classId: cls.id, offerId: offer.id });
    await makeEnrollment({ studentId: bia.id, classId: cls.id, offerId: offer.id, status: "Em espera", waitlistPosition: 1 });
    await makeEnrollment({ studentId: carla.id, classId: cls.id, offerId: offer.id, status: "Em espera", waitlistPosition: 2 });

    const before = await page(team, `/classes/${cls.id}/students`);
    expect(before.html).toContain("Alunos da Turma");
    expect(before.html).toContain("1 de 1 vagas");
    expect(before.html.indexOf(bia.fullName)).toBeLessThan(before.html.indexOf(carla.fullName));

    const path = `/classes/${cls.id}/students/${active.id}/cancel`;
    for (const who of [team, client]) {
      // A roster is not a family's: a Client does not find it at all.
      expect((await who.raw("GET", path)).status).toBe(who === client ? 404 : 403);
      expect((await who.form(path, { cancelReason: "Mudou de cidade" })).status).toBe(403);
    }
    // The dialog names, before the click, who leaves the waiting list for the seat.
    const dialog = await page(admin, path);
    expect(dialog.html).toContain(`${bia.fullName} sai da lista de espera e ocupa a vaga`);
    expect(dialog.html).not.toContain(`${carla.fullName} sai da lista de espera`);
    const empty = await admin.form(path, { cancelReason: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Motivo do cancelamento é obrigatório");

    const res = await admin.form(path, { cancelReason: "Mudou de cidade" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/classes/${cls.id}/students`);
    const after = await page(admin, `/classes/${cls.id}/students`);
    expect(after.html).toContain("Matrícula cancelada");
    expect(after.html).toContain("1 de 1 vagas");
    expect(after.html).not.toContain(ana.fullName);
    // The toast names who left the waiting list.
    expect(after.html).toContain(`Matrícula cancelada. ${bia.fullName} saiu da lista de espera`);
    // Bia is active now; Carla is first in line.
    const start = after.html.indexOf('id="roster-waitlist"');
    expect(start).toBeGreaterThan(0);
    const waitlist = after.html.slice(start, after.html.indexOf("</section>", start));
    expect(waitlist).toContain(carla.fullName);
    expect(waitlist).not.toContain(bia.fullName);
    // The roster offers to tell Bia's family: the seat, from when, and the offer's payment link.
    const href = new RegExp(`href="(https://wa\\.me/[^"]+)"[^>]*>Avisar no WhatsApp<span class="sr-only"> a família de ${bia.fullName}`)
      .exec(after.html)?.[1]
      .replaceAll("&amp;", "&");
    expect(href, "the 'Avisar no WhatsApp' link").toBeDefined();
    const url = new URL(href!);
    expect(url.pathname).toBe(`/55${family.persons[0].phone}`);
    const message = url.searchParams.get("text")!;
    expect(message).toContain(bia.fullName);
    expect(message).toContain("vaga");
    expect(message).toContain(offer.checkoutLink);
    // Only for the promoted pupil, once (each row is rendered once, a card below 768 px by CSS); Client reads the roster without it.
    expect(after.html.match(/>Avisar no WhatsApp</g)).toHaveLength(1);
    expect((await page(client, `/classes/${cls.id}/students`)).html).not.toContain("Avisar no WhatsApp");

    const anaPage = await page(admin, `/students/${ana.id}`);
    expect(anaPage.html).toContain("Cancelada");
    expect(anaPage.html).toContain("Mudou de cidade");
  });

  it("the student's page cancel dialog only opens enrolments of that student (404 otherwise)", async () => {
    const { family, cls, offer } = await setup();
    const [one, other] = await Promise.all([makeStudent(family.guardian.id), makeStudent(family.guardian.id)]);
    const enrollment = await makeEnrollment({ studentId: one.id, classId: cls.id, offerId: offer.id });
    expect((await admin.raw("GET", `/students/${other.id}/enrollments/${enrollment.id}/cancel`)).status).toBe(404);
    const res = await admin.form(`/students/${one.id}/enrollments/${enrollment.id}/cancel`, { cancelReason: "Férias longas" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/students/${one.id}`);
    expect((await page(admin, `/students/${one.id}`)).html).toContain("Matrícula cancelada");
  });
});

describe("the students list", () => {
  it("shows each enrolment's real state, in the student page's words ('Em espera (2º)' is not 'Ativo')", async () => {
    const { family, cls, offer } = await setup(1);
    const name = `Estado ${tag()}`;
    const [first, second, third] = await Promise.all(
      ["A", "B", "C"].map((n) => makeStudent(family.guardian.id, { fullName: `${name} ${n}` })),
    );
    await makeEnrollment({ studentId: first.id, classId: cls.id, offerId: offer.id });
    await makeEnrollment({ studentId: second.id, classId: cls.id, offerId: offer.id, status: "Em espera", waitlistPosition: 1 });
    await makeEnrollment({ studentId: third.id, classId: cls.id, offerId: offer.id, status: "Em espera", waitlistPosition: 2 });
    const { html } = await page(team, `/students?q=${encodeURIComponent(name)}`);
    const row = (student: { id: string }) => {
      const at = html.indexOf(`href="/students/${student.id}"`, html.indexOf("<table"));
      return html.slice(at, html.indexOf("</tr>", at));
    };
    expect(row(first)).toContain(">Ativa<");
    expect(row(second)).toContain(">Em espera (1º)<");
    expect(row(third)).toContain(">Em espera (2º)<");
    expect(row(third)).not.toContain(">Ativa<");
    expect((await page(team, `/students/${third.id}`)).html).toContain(">Em espera (2º)<");
  });
});

describe("occupancy on the classes list and students on the guardian cards", () => {
  it("the classes list shows 'N/M' linking to the roster; a guardian card shows '+N aluno(s)'", async () => {
    const { branch, family, cls, offer } = await setup(12);
    const students = await Promise.all([makeStudent(family.guardian.id), makeStudent(family.guardian.id)]);
    await makeEnrollment({ studentId: students[0].id, classId: cls.id, offerId: offer.id });
    await makeEnrollment({ studentId: students[1].id, classId: cls.id, offerId: offer.id, status: "Cancelada" });

    await admin.form("/preferences/branch", { branchId: branch.id, redirectTo: "/classes" });
    const classes = await page(admin, "/classes");
    expect(classes.html).toContain("Ocupação");
    expect(classes.html).toMatch(new RegExp(`<a href="/classes/${cls.id}/students"[^>]*>1/12`));

    const guardians = await page(admin, `/guardians?q=${encodeURIComponent(family.persons[0].fullName)}`);
    expect(guardians.html).toContain("+2 aluno(s)");
  });
});
