import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeBranch, makeClass, makeClassroom, makeCourse, makeSchedule, makeStaffUser, makeTrial } from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

/** A branch with one classroom holding two schedules (given out of order), a course and a Team responsible. */
async function setup() {
  const branch = await makeBranch();
  const classroom = await makeClassroom(branch.id, { name: "Sala Azul" });
  const late = await makeSchedule(classroom.id, { dayOfWeek: "Quarta", startTime: "18:00", endTime: "19:00" });
  const early = await makeSchedule(classroom.id, { dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" });
  const course = await makeCourse({ name: `Ballet ${branch.id.slice(0, 4)}` });
  const responsible = await makeStaffUser("Team");
  return { branch, classroom, early, late, course, responsible };
}

function payload(s: Awaited<ReturnType<typeof setup>>, extra: Record<string, unknown> = {}) {
  return {
    courseId: s.course.id,
    responsibleId: s.responsible.id,
    branchId: s.branch.id,
    classroomId: s.classroom.id,
    scheduleIds: [s.late.id, s.early.id],
    ...extra,
  };
}

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

describe("/api/classes", () => {
  it("creates (201, active by default, number from the server), lists, reads, updates and deletes", async () => {
    const s = await setup();
    const created = await admin.post("/api/classes", payload(s, { classNumber: 999999 }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      classNumber: expect.any(Number),
      courseId: s.course.id,
      courseName: s.course.name,
      responsibleId: s.responsible.id,
      responsibleName: s.responsible.name,
      branchId: s.branch.id,
      branchName: s.branch.name,
      classroomId: s.classroom.id,
      classroomName: "Sala Azul",
      active: true,
    });
    // A supplied number is ignored; the schedules come in weekday order.
    expect(created.body.classNumber).not.toBe(999999);
    expect(created.body.scheduleIds).toEqual([s.early.id, s.late.id]);
    expect(created.body.schedules.map((x: { label: string }) => x.label)).toEqual(["Segunda 08:00-09:00", "Quarta 18:00-19:00"]);
    const id = created.body.id;

    const list = await team.get("/api/classes");
    expect(list.status).toBe(200);
    expect(list.body.find((c: { id: string }) => c.id === id)?.scheduleIds).toEqual([s.early.id, s.late.id]);
    expect((await client.get(`/api/classes/${id}`)).body.classNumber).toBe(created.body.classNumber);
    // The list (plain queries) and the single class (models) answer the same thing.
    expect(list.body.find((c: { id: string }) => c.id === id)).toEqual((await client.get(`/api/classes/${id}`)).body);
    expect(list.body.find((c: { id: string }) => c.id === id)).toEqual(created.body);

    const links = await client.get(`/api/classes/${id}/schedules`);
    expect(links.status).toBe(200);
    expect(links.body).toHaveLength(2);
    expect(links.body[0]).toMatchObject({
      id: expect.any(String),
      classId: id,
      scheduleId: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(links.body.map((l: { scheduleId: string }) => l.scheduleId).sort()).toEqual([s.early.id, s.late.id].sort());
    const all = await team.get("/api/class-schedules");
    expect(all.status).toBe(200);
    expect(all.body.filter((l: { classId: string }) => l.classId === id)).toHaveLength(2);

    const updated = await admin.patch(`/api/classes/${id}`, { active: false, scheduleIds: [s.late.id], classNumber: 1 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      active: false,
      scheduleIds: [s.late.id],
      classNumber: created.body.classNumber,
      courseId: s.course.id,
    });
    expect(await count("class_schedules", '"classId" = :id', { id })).toBe(1);

    expect((await admin.delete(`/api/classes/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/classes/${id}`)).status).toBe(404);
    // The class's schedule links go with it.
    expect(await count("class_schedules", '"classId" = :id', { id })).toBe(0);
    expect(await count("classroom_schedules", "id = :id", { id: s.early.id })).toBe(1);
  });

  it("validates with the §5 messages", async () => {
    const empty = await admin.post("/api/classes", {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      courseId: ["Curso é obrigatório"],
      responsibleId: ["Responsável é obrigatório"],
      branchId: ["Unidade é obrigatória"],
      classroomId: ["Sala é obrigatória"],
      scheduleIds: ["Selecione pelo menos um horário"],
    });
    expect(empty.body.message).toBe("Curso é obrigatório");

    const s = await setup();
    const noSchedules = await admin.post("/api/classes", payload(s, { scheduleIds: [] }));
    expect(noSchedules.status).toBe(400);
    expect(noSchedules.body).toEqual({
      message: "Selecione pelo menos um horário",
      errors: { scheduleIds: ["Selecione pelo menos um horário"] },
    });
    const blanks = await admin.post("/api/classes", payload(s, { courseId: " ", classroomId: "" }));
    expect(blanks.body.errors).toEqual({ courseId: ["Curso é obrigatório"], classroomId: ["Sala é obrigatória"] });
    expect((await admin.post("/api/classes", payload(s, { active: "talvez" }))).status).toBe(400);

    const id = (await admin.post("/api/classes", payload(s))).body.id;
    const patch = await admin.patch(`/api/classes/${id}`, { responsibleId: "", scheduleIds: [] });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual({ responsibleId: ["Responsável é obrigatório"], scheduleIds: ["Selecione pelo menos um horário"] });
  });

  it("refuses a classroom of another branch, a schedule of another classroom, a non-staff responsible and unknown references", async () => {
    const s = await setup();
    const otherBranch = await makeBranch();
    const foreignClassroom = await makeClassroom(otherBranch.id);
    const foreignSchedule = await makeSchedule(foreignClassroom.id);
    const sameBranchClassroom = await makeClassroom(s.branch.id);
    const neighbourSchedule = await makeSchedule(sameBranchClassroom.id);
    const before = await count("classes");
    const linksBefore = await count("class_schedules");

    const crossBranch = await admin.post(
      "/api/classes",
      payload(s, { classroomId: foreignClassroom.id, scheduleIds: [foreignSchedule.id] }),
    );
    expect(crossBranch.status).toBe(400);
    expect(crossBranch.body.errors.classroomId).toEqual(["A sala não pertence à unidade selecionada"]);

    const foreign = await admin.post("/api/classes", payload(s, { scheduleIds: [s.early.id, neighbourSchedule.id] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ scheduleIds: ["Os horários devem pertencer à sala selecionada"] });

    const clientUser = await makeStaffUser("Client");
    const notStaff = await admin.post("/api/classes", payload(s, { responsibleId: clientUser.id }));
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.errors).toEqual({ responsibleId: ["O responsável deve ser um usuário do tipo Equipe ou Administrador"] });
    const adminUser = await makeStaffUser("Administrator");
    expect((await admin.post("/api/classes", payload(s, { responsibleId: adminUser.id }))).status).toBe(201);

    const unknown = await admin.post("/api/classes", payload(s, { courseId: UNKNOWN, branchId: "nope", scheduleIds: [UNKNOWN] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toMatchObject({
      courseId: ["Curso não encontrado"],
      branchId: ["Unidade não encontrada"],
      scheduleIds: ["Os horários devem pertencer à sala selecionada"],
    });

    expect(await count("classes")).toBe(before + 1);
    expect(await count("class_schedules")).toBe(linksBefore + 2);
  });

  it("merges a PATCH and checks the result: a new classroom needs its own schedules; links are replaced", async () => {
    const s = await setup();
    const id = (await admin.post("/api/classes", payload(s))).body.id;
    const otherBranch = await makeBranch();
    const room = await makeClassroom(otherBranch.id, { name: "Sala Verde" });
    const slot = await makeSchedule(room.id, { dayOfWeek: "Sábado", startTime: "10:00", endTime: "11:00" });

    const onlyBranch = await admin.patch(`/api/classes/${id}`, { branchId: otherBranch.id });
    expect(onlyBranch.status).toBe(400);
    expect(onlyBranch.body.errors.classroomId).toEqual(["A sala não pertence à unidade selecionada"]);
    const withoutSchedules = await admin.patch(`/api/classes/${id}`, { branchId: otherBranch.id, classroomId: room.id });
    expect(withoutSchedules.status).toBe(400);
    expect(withoutSchedules.body.errors).toEqual({ scheduleIds: ["Os horários devem pertencer à sala selecionada"] });
    expect((await admin.get(`/api/classes/${id}`)).body.branchId).toBe(s.branch.id);

    const moved = await admin.patch(`/api/classes/${id}`, { branchId: otherBranch.id, classroomId: room.id, scheduleIds: [slot.id] });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ branchId: otherBranch.id, classroomName: "Sala Verde", scheduleIds: [slot.id] });
    const links = (await admin.get(`/api/classes/${id}/schedules`)).body;
    expect(links.map((l: { scheduleId: string }) => l.scheduleId)).toEqual([slot.id]);
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const s = await setup();
    const before = await count("classes");
    expect((await anonymous().get("/api/classes")).status).toBe(401);
    expect((await anonymous().get("/api/class-schedules")).status).toBe(401);
    expect((await anonymous().post("/api/classes", payload(s))).status).toBe(401);
    expect((await team.post("/api/classes", payload(s))).status).toBe(403);
    expect((await client.post("/api/classes", payload(s))).status).toBe(403);
    const id = (await admin.post("/api/classes", payload(s))).body.id;
    expect((await team.patch(`/api/classes/${id}`, { active: false })).status).toBe(403);
    expect((await client.patch(`/api/classes/${id}`, { active: false })).status).toBe(403);
    expect((await team.delete(`/api/classes/${id}`)).status).toBe(403);
    expect((await client.delete(`/api/classes/${id}`)).status).toBe(403);
    expect((await anonymous().delete(`/api/classes/${id}`)).status).toBe(401);
    expect(await count("classes")).toBe(before + 1);
    expect((await admin.get(`/api/classes/${id}`)).body.active).toBe(true);
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON", async () => {
    expect((await admin.get(`/api/classes/${UNKNOWN}`)).status).toBe(404);
    expect((await admin.get("/api/classes/not-a-uuid")).status).toBe(404);
    expect((await admin.patch(`/api/classes/${UNKNOWN}`, { active: false })).status).toBe(404);
    expect((await admin.patch("/api/classes/not-a-uuid", { active: false })).status).toBe(404);
    expect((await admin.delete(`/api/classes/${UNKNOWN}`)).status).toBe(404);
    expect((await admin.delete("/api/classes/123")).status).toBe(404);
    expect((await admin.get(`/api/classes/${UNKNOWN}/schedules`)).status).toBe(404);
    expect((await admin.get("/api/classes/x/schedules")).status).toBe(404);
    expect((await admin.request("POST", "/api/classes", "a=b", { "Content-Type": "text/plain" })).status).toBe(415);
  });

  it("gives 100 parallel creates 100 distinct, consecutive class numbers without errors", async () => {
    const s = await setup();
    const results = await Promise.all(Array.from({ length: 100 }, () => admin.post("/api/classes", payload(s))));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const numbers = results.map((r) => r.body.classNumber as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers[99] - numbers[0]).toBe(99);
    // The next one continues the sequence, also after classes written by other means (the factory shares the counter).
    const viaFactory = await makeClass();
    expect(viaFactory.cls.classNumber).toBe(numbers[99] + 1);
    const next = await admin.post("/api/classes", payload(s));
    expect(next.body.classNumber).toBe(numbers[99] + 2);
  });

  it("refuses to delete a class with trials (409), and deleting a classroom schedule removes its links", async () => {
    const s = await setup();
    const id = (await admin.post("/api/classes", payload(s))).body.id;
    await makeTrial(id);
    const refused = await admin.delete(`/api/classes/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Não é possível excluir esta turma: ela possui experimentais vinculados");
    expect(await count("classes", "id = :id", { id })).toBe(1);
    expect(await count("class_schedules", '"classId" = :id', { id })).toBe(2);

    await testDb().query("DELETE FROM classroom_schedules WHERE id = :id", { replacements: { id: s.early.id } });
    expect(await count("class_schedules", '"classId" = :id', { id })).toBe(1);
    expect((await admin.get(`/api/classes/${id}`)).body.scheduleIds).toEqual([s.late.id]);
  });
});

describe("/classes screens without JavaScript", () => {
  it("creates through the dialog form with PRG and a flash toast; the list shows the class", async () => {
    const s = await setup();
    const res = await admin.form("/classes/new", {
      courseId: s.course.id,
      responsibleId: s.responsible.id,
      branchId: s.branch.id,
      classroomId: s.classroom.id,
      scheduleIds: [s.early.id, s.late.id],
      active: "on",
      classNumber: "424242",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/classes");
    const created = (await admin.get("/api/classes")).body.find((c: { courseId: string }) => c.courseId === s.course.id);
    expect(created).toMatchObject({ active: true, scheduleIds: [s.early.id, s.late.id] });
    expect(created.classNumber).not.toBe(424242);

    // Choose the class's branch globally so the list shows it.
    await admin.form("/preferences/branch", { branchId: s.branch.id, redirectTo: "/classes" });
    const page = await (await admin.raw("GET", "/classes")).text();
    expect(page).toContain("Turma criada com sucesso");
    expect(page).toContain(`#${created.classNumber}`);
    expect(page).toContain(s.course.name);
    expect(page).toContain("Segunda 08:00-09:00");
    expect(page.indexOf("Segunda 08:00-09:00")).toBeLessThan(page.indexOf("Quarta 18:00-19:00"));
  });

  it("'Continuar' re-renders the dialog with the chosen branch's classrooms and the classroom's schedules, saving nothing", async () => {
    const s = await setup();
    const second = await makeClassroom(s.branch.id, { name: "Sala Rosa" });
    await makeSchedule(second.id, { dayOfWeek: "Terça", startTime: "14:00", endTime: "15:00" });
    const elsewhere = await makeClassroom((await makeBranch()).id, { name: "Sala de Outra Unidade" });
    const before = await count("classes");

    const step1 = await admin.form("/classes/new", { intent: "refresh", courseId: s.course.id, branchId: s.branch.id, active: "on" });
    expect(step1.status).toBe(200);
    const html1 = await step1.text();
    expect(html1).toContain("Sala Azul");
    expect(html1).toContain("Sala Rosa");
    expect(html1).not.toContain(elsewhere.name);
    expect(html1).toMatch(new RegExp(`<option value="${s.course.id}" selected=""`));

    const step2 = await admin.form("/classes/new", {
      intent: "refresh",
      courseId: s.course.id,
      branchId: s.branch.id,
      classroomId: second.id,
    });
    const html2 = await step2.text();
    // The single schedule of the chosen classroom is preselected.
    expect(html2).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*\/><label[^>]*>Terça 14:00-15:00/);

    // A classroom that is not in the branch is dropped (changing the branch clears it).
    const step3 = await admin.form("/classes/new", { intent: "refresh", branchId: s.branch.id, classroomId: elsewhere.id });
    expect(await step3.text()).not.toContain(`<option value="${elsewhere.id}" selected`);
    expect(await count("classes")).toBe(before);
  });

  it("re-renders the dialog with the messages (400) and keeps what was chosen", async () => {
    const s = await setup();
    const res = await admin.form("/classes/new", { courseId: s.course.id, branchId: s.branch.id, classroomId: s.classroom.id });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Responsável é obrigatório");
    expect(html).toContain("Selecione pelo menos um horário");
    expect(html).toContain("Segunda 08:00-09:00");
    expect(html).toMatch(new RegExp(`<option value="${s.classroom.id}" selected=""`));
  });

  it("edits and deletes through the dialogs; a server refusal comes back on the form", async () => {
    const s = await setup();
    const id = (await admin.post("/api/classes", payload(s))).body.id;
    const edit = await admin.form(`/classes/${id}/edit`, { ...payload(s), scheduleIds: [s.late.id] });
    expect(edit.status).toBe(302);
    const updated = (await admin.get(`/api/classes/${id}`)).body;
    expect(updated).toMatchObject({ scheduleIds: [s.late.id], active: false });

    const clientUser = await makeStaffUser("Client");
    const refused = await admin.form(`/classes/${id}/edit`, { ...payload(s), responsibleId: clientUser.id, scheduleIds: [s.late.id] });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("O responsável deve ser um usuário do tipo Equipe ou Administrador");

    const del = await admin.form(`/classes/${id}/delete`, {});
    expect(del.status).toBe(302);
    expect((await admin.get(`/api/classes/${id}`)).status).toBe(404);
  });

  it("filters the list by the globally selected branch", async () => {
    const a = await makeClass({ schedules: [{ dayOfWeek: "Sexta", startTime: "07:00", endTime: "08:00" }] });
    const b = await makeClass();
    const viewer = await signIn("Team");
    await viewer.form("/preferences/branch", { branchId: a.branchId, redirectTo: "/classes" });
    const pageA = await (await viewer.raw("GET", "/classes")).text();
    expect(pageA).toContain(`#${a.cls.classNumber}<`);
    expect(pageA).not.toContain(`#${b.cls.classNumber}<`);
    expect(pageA).toContain("Sexta 07:00-08:00");
    await viewer.form("/preferences/branch", { branchId: b.branchId, redirectTo: "/classes" });
    const pageB = await (await viewer.raw("GET", "/classes")).text();
    expect(pageB).toContain(`#${b.cls.classNumber}<`);
    expect(pageB).not.toContain(`#${a.cls.classNumber}<`);
    // Team sees no controls.
    expect(pageB).not.toContain("Adicionar Turma");
  });

  it("refuses the dialogs to Team (403)", async () => {
    const s = await setup();
    expect((await team.raw("GET", "/classes/new")).status).toBe(403);
    expect((await team.form("/classes/new", payload(s) as Record<string, string | string[]>)).status).toBe(403);
    expect((await anonymous().raw("GET", "/classes")).status).toBe(302);
  });
});
