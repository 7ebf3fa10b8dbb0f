import { beforeAll, describe, expect, it } from "vitest";
import { signIn, uniqueEmail, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import {
  makeBranch,
  makeClass,
  makeClassroom,
  makeEnrollment,
  makeGuardian,
  makeOffer,
  makeStaffUser,
  makeStudent,
  makeTask,
  makeTrial,
} from "../support/factories";
import { addDays, nextWorkingDay, today } from "../../app/domain/calendar/dates";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const trialBody = (classId: string) => ({
  guardianName: "Paula Reis",
  studentName: "Lia Reis",
  classId,
  whatsappNumber: "11987650000",
  scheduledDate: "2026-11-20",
  scheduledTime: "09:00",
});

async function aClass() {
  const branch = await makeBranch();
  const classroom = await makeClassroom(branch.id, { capacity: 10 });
  const { cls } = await makeClass({ branchId: branch.id, classroomId: classroom.id });
  const offer = await makeOffer(branch.id);
  return { cls, offer };
}

async function history(trialId: string) {
  return (await team.get(`/api/trials/${trialId}/history`)).body as Array<{
    status: string;
    outcome: string | null;
    lostReason: string | null;
  }>;
}

describe("the trial's owner", () => {
  it("defaults to who creates it, may be another Team or Administrator user, never a Client", async () => {
    const { cls } = await aClass();
    const created = await team.post("/api/trials", trialBody(cls.id));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ownerId: team.user!.id, outcome: null, lostReason: null, lostNote: null, closedAt: null });

    const staff = await makeStaffUser("Administrator");
    const given = await team.post("/api/trials", { ...trialBody(cls.id), ownerId: staff.id });
    expect(given.body.ownerId).toBe(staff.id);

    const customer = await makeStaffUser("Client");
    const before = await count("trials");
    for (const ownerId of [customer.id, "00000000-0000-4000-8000-000000000000", "x"]) {
      const refused = await team.post("/api/trials", { ...trialBody(cls.id), ownerId });
      expect([refused.status, refused.body.errors]).toEqual([
        400,
        { ownerId: ["Responsável pelo lead deve ser da Equipe ou Administrador"] },
      ]);
    }
    expect(await count("trials")).toBe(before);

    const moved = await team.patch(`/api/trials/${created.body.id}`, { ownerId: staff.id });
    expect(moved.body.ownerId).toBe(staff.id);
    const refused = await team.patch(`/api/trials/${created.body.id}`, { ownerId: customer.id });
    expect(refused.status).toBe(400);
    expect((await team.get(`/api/trials/${created.body.id}`)).body.ownerId).toBe(staff.id);
  });
});

describe("'Marcar como perdido' and 'Reabrir'", () => {
  it("marks lost with a reason and a note, in the history; reopens; the messages are exact", async () => {
    const { cls } = await aClass();
    const trial = await makeTrial(cls.id, { status: "Compareceu" });

    const missing = await team.post(`/api/trials/${trial.id}/lose`, {});
    expect([missing.status, missing.body.errors]).toEqual([400, { lostReason: ["Motivo da perda é obrigatório"] }]);
    const blank = await team.post(`/api/trials/${trial.id}/lose`, { lostReason: " " });
    expect(blank.body.errors).toEqual({ lostReason: ["Motivo da perda é obrigatório"] });
    const invalid = await team.post(`/api/trials/${trial.id}/lose`, { lostReason: "Caro" });
    expect([invalid.status, invalid.body.errors]).toEqual([400, { lostReason: ["Motivo inválido"] }]);
    expect((await team.get(`/api/trials/${trial.id}`)).body.outcome).toBeNull();

    const lost = await team.post(`/api/trials/${trial.id}/lose`, { lostReason: "Escolheu outra escola", note: "Mais perto de casa" });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({
      outcome: "Perdido",
      lostReason: "Escolheu outra escola",
      lostNote: "Mais perto de casa",
      status: "Compareceu",
    });
    expect(lost.body.closedAt).toEqual(expect.any(String));
    expect((await team.post(`/api/trials/${trial.id}/lose`, { lostReason: "Preço" })).status).toBe(409);

    const reopened = await admin.post(`/api/trials/${trial.id}/reopen`);
    expect(reopened.body).toMatchObject({ outcome: null, lostReason: null, lostNote: null, closedAt: null });
    expect((await admin.post(`/api/trials/${trial.id}/reopen`)).status).toBe(409);
    expect((await history(trial.id)).map((h) => [h.outcome, h.lostReason])).toEqual([
      ["Perdido", "Escolheu outra escola"],
      ["Reaberto", null],
    ]);
  });

  it("the note: empty, absent or null is none (the form and the API alike); not text is 'Observação inválida'; over 500 is too long", async () => {
    const { cls } = await aClass();
    const [viaForm, viaApi, viaNull, refused] = await Promise.all([1, 2, 3, 4].map(() => makeTrial(cls.id, { status: "Compareceu" })));

    // The dialog's form without JavaScript, its note left empty: Post/Redirect/Get to the trial's view.
    const posted = await team.form(`/trials/${viaForm.id}/lose?view=day&date=${viaForm.scheduledDate}`, { lostReason: "Preço", note: "" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/trials/${viaForm.id}/history?view=day&date=${viaForm.scheduledDate}`);
    expect((await team.get(`/api/trials/${viaForm.id}`)).body).toMatchObject({ outcome: "Perdido", lostReason: "Preço", lostNote: null });

    expect((await team.post(`/api/trials/${viaApi.id}/lose`, { lostReason: "Horário", note: "" })).body).toMatchObject({
      outcome: "Perdido",
      lostNote: null,
    });
    expect((await team.post(`/api/trials/${viaNull.id}/lose`, { lostReason: "Horário", note: null })).body).toMatchObject({
      outcome: "Perdido",
      lostNote: null,
    });

    for (const note of [5, true, ["a"]]) {
      const res = await team.post(`/api/trials/${refused.id}/lose`, { lostReason: "Preço", note });
      expect([res.status, res.body.errors]).toEqual([400, { note: ["Observação inválida"] }]);
    }
    const long = await team.post(`/api/trials/${refused.id}/lose`, { lostReason: "Preço", note: "a".repeat(501) });
    expect([long.status, long.body.errors]).toEqual([400, { note: ["Observação deve ter no máximo 500 caracteres"] }]);
    const longForm = await team.form(`/trials/${refused.id}/lose`, { lostReason: "Preço", note: "a".repeat(501) });
    expect(longForm.status).toBe(400);
    expect(await longForm.text()).toContain("Observação deve ter no máximo 500 caracteres");
    expect((await team.get(`/api/trials/${refused.id}`)).body.outcome).toBeNull();
  });

  it("a Client may not (403), and nothing changes; an unknown trial is a 404", async () => {
    const { cls } = await aClass();
    const trial = await makeTrial(cls.id);
    expect((await client.post(`/api/trials/${trial.id}/lose`, { lostReason: "Preço" })).status).toBe(403);
    expect((await client.post(`/api/trials/${trial.id}/reopen`)).status).toBe(403);
    expect((await team.get(`/api/trials/${trial.id}`)).body.outcome).toBeNull();
    expect((await team.post(`/api/trials/00000000-0000-4000-8000-000000000000/lose`, { lostReason: "Preço" })).status).toBe(404);
  });
});

describe("the outcome set by the enrolment", () => {
  function guardian() {
    return {
      address: "Rua das Flores, 1",
      persons: [
        {
          fullName: "Paula Reis",
          cpf: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
          email: uniqueEmail("reis"),
          birthDate: "1984-07-15",
          phone: "11987650000",
          isPrimary: true,
        },
      ],
    };
  }

  it("'Matriculado' by the enrolment from the trial (a lost one too), cleared when it is cancelled before its start", async () => {
    const { cls, offer } = await aClass();
    const trial = await makeTrial(cls.id, { status: "Quer Matricular", outcome: "Perdido", lostReason: "Preço", closedAt: new Date() });
    const start = addDays(today(), 60);
    const enrolled = await team.post(`/api/trials/${trial.id}/enroll`, { guardian: guardian(), offerId: offer.id, startDate: start });
    expect(enrolled.status).toBe(201);
    expect(enrolled.body.trial).toMatchObject({ outcome: "Matriculado", lostReason: null, lostNote: null });
    expect(enrolled.body.trial.closedAt).toEqual(expect.any(String));

    const cancelled = await admin.patch(`/api/enrollments/${enrolled.body.enrollment.id}`, {
      status: "Cancelada",
      cancelReason: "Desistiu",
    });
    expect(cancelled.status).toBe(200);
    const after = (await team.get(`/api/trials/${trial.id}`)).body;
    expect(after).toMatchObject({ outcome: null, closedAt: null, enrollmentId: null });
    expect((await history(trial.id)).map((h) => h.outcome).filter(Boolean)).toEqual(["Matriculado", "Reaberto"]);
  });

  it("an enrolment cancelled on or after its start keeps the trial 'Matriculado'", async () => {
    const { cls, offer } = await aClass();
    const trial = await makeTrial(cls.id, { status: "Quer Matricular", outcome: "Matriculado", closedAt: new Date() });
    const { guardian: family } = await makeGuardian(1);
    const student = await makeStudent(family.id);
    const enrollment = await makeEnrollment({
      studentId: student.id,
      classId: cls.id,
      offerId: offer.id,
      startDate: today(),
      trialId: trial.id,
    });
    await testDb().query(`UPDATE trials SET "enrollmentId" = :e WHERE id = :id`, { replacements: { e: enrollment.id, id: trial.id } });
    const cancelled = await admin.patch(`/api/enrollments/${enrollment.id}`, { status: "Cancelada", cancelReason: "Mudou de cidade" });
    expect(cancelled.status).toBe(200);
    expect((await team.get(`/api/trials/${trial.id}`)).body).toMatchObject({ outcome: "Matriculado", enrollmentId: null });
  });
});

describe("the automatic follow-up", () => {
  it("a trial marked 'Quer Matricular' without an open task gets one for the next working day, owned by the trial's owner", async () => {
    const { cls } = await aClass();
    const owner = await makeStaffUser("Team");
    const trial = await makeTrial(cls.id, { status: "Compareceu", ownerId: owner.id });
    const res = await admin.patch(`/api/trials/${trial.id}`, { status: "Quer Matricular" });
    expect(res.status).toBe(200);
    const tasks = (await admin.get(`/api/tasks?ownerId=${owner.id}`)).body;
    expect(tasks).toEqual([
      expect.objectContaining({ trialId: trial.id, ownerId: owner.id, dueAt: nextWorkingDay(today()), doneAt: null }),
    ]);
    // Back and forth: still one open task.
    await admin.patch(`/api/trials/${trial.id}`, { status: "Compareceu" });
    await admin.patch(`/api/trials/${trial.id}`, { status: "Quer Matricular" });
    expect((await admin.get(`/api/tasks?ownerId=${owner.id}`)).body).toHaveLength(1);
  });

  it("none when the trial already has an open task", async () => {
    const { cls } = await aClass();
    const owner = await makeStaffUser("Team");
    const trial = await makeTrial(cls.id, { status: "Compareceu", ownerId: owner.id });
    await makeTask({ trialId: trial.id, ownerId: owner.id, dueAt: addDays(today(), 5) });
    await team.patch(`/api/trials/${trial.id}`, { status: "Quer Matricular" });
    expect((await admin.get(`/api/tasks?ownerId=${owner.id}`)).body).toHaveLength(1);
  });
});

describe("the tasks", () => {
  it("create, filter by due and done, complete, delete; a Team user changes only its own", async () => {
    const { cls } = await aClass();
    const trial = await makeTrial(cls.id, { ownerId: team.user!.id });
    const day = today();
    const bad = await team.post("/api/tasks", { trialId: trial.id, dueAt: "2026-02-30" });
    expect([bad.status, bad.body.errors]).toEqual([400, { dueAt: ["Data da tarefa inválida"] }]);
    const notStaff = await team.post("/api/tasks", { trialId: trial.id, dueAt: day, ownerId: (await makeStaffUser("Client")).id });
    expect(notStaff.body.errors).toEqual({ ownerId: ["Responsável pelo lead deve ser da Equipe ou Administrador"] });

    const mine = await team.post("/api/tasks", { trialId: trial.id, dueAt: day, note: "Ligar às 10h" });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ trialId: trial.id, ownerId: team.user!.id, dueAt: day, note: "Ligar às 10h", doneAt: null });
    const late = await team.post("/api/tasks", { trialId: trial.id, dueAt: addDays(day, -3) });
    const next = await team.post("/api/tasks", { trialId: trial.id, dueAt: addDays(day, 2) });
    const other = await makeStaffUser("Team");
    const theirs = await admin.post("/api/tasks", { trialId: trial.id, dueAt: day, ownerId: other.id });

    const ids = async (query: string) =>
      ((await team.get(`/api/tasks?ownerId=${team.user!.id}&${query}`)).body as Array<{ id: string }>).map((t) => t.id);
    expect(await ids("due=overdue")).toEqual([late.body.id]);
    expect(await ids("due=today")).toEqual([mine.body.id]);
    expect(await ids("due=next")).toEqual([next.body.id]);

    const done = await team.patch(`/api/tasks/${mine.body.id}`, { done: true });
    expect(done.body.doneAt).toEqual(expect.any(String));
    expect(await ids("done=true")).toEqual([mine.body.id]);
    expect(await ids("done=false")).toEqual([late.body.id, next.body.id]);

    expect((await team.patch(`/api/tasks/${theirs.body.id}`, { done: true })).status).toBe(403);
    expect((await team.delete(`/api/tasks/${theirs.body.id}`)).status).toBe(403);
    expect((await admin.patch(`/api/tasks/${theirs.body.id}`, { done: true })).status).toBe(200);
    expect((await client.get("/api/tasks")).status).toBe(403);
    expect((await team.delete(`/api/tasks/${next.body.id}`)).status).toBe(204);
    expect((await team.get("/api/tasks?due=soon")).status).toBe(400);
    const paged = await team.get(`/api/tasks?ownerId=${team.user!.id}&limit=1`);
    expect(paged.body).toHaveLength(1);
    expect(paged.headers.get("Link")).toContain("cursor=");
  });
});

describe("GET /api/trials?outcome=&ownerId=", () => {
  it("filters open, enrolled and lost trials, and by owner", async () => {
    const { cls } = await aClass();
    const owner = await makeStaffUser("Team");
    const open = await makeTrial(cls.id, { ownerId: owner.id, scheduledDate: "2031-01-10" });
    const won = await makeTrial(cls.id, { ownerId: owner.id, scheduledDate: "2031-01-11", outcome: "Matriculado", closedAt: new Date() });
    const lost = await makeTrial(cls.id, {
      ownerId: owner.id,
      scheduledDate: "2031-01-12",
      outcome: "Perdido",
      lostReason: "Horário",
      closedAt: new Date(),
    });
    await makeTrial(cls.id, { scheduledDate: "2031-01-13" });
    const ids = async (query: string) =>
      ((await team.get(`/api/trials?month=2031-01&ownerId=${owner.id}${query}`)).body as Array<{ id: string }>).map((t) => t.id);
    expect(await ids("")).toEqual([open.id, won.id, lost.id]);
    expect(await ids("&outcome=open")).toEqual([open.id]);
    expect(await ids("&outcome=Matriculado")).toEqual([won.id]);
    expect(await ids("&outcome=Perdido")).toEqual([lost.id]);
    expect((await team.get("/api/trials?outcome=Ganho")).status).toBe(400);
  });
});

describe("what a family reads of its trial", () => {
  it("the outcome and the reason, never the team's note", async () => {
    const { cls, offer } = await aClass();
    const family = await signIn("Client");
    const { guardian } = await makeGuardian(1);
    await guardian.update({ userId: family.user!.id });
    const student = await makeStudent(guardian.id);
    const trial = await makeTrial(cls.id, { outcome: "Perdido", lostReason: "Preço", closedAt: new Date() });
    await testDb().query(`UPDATE trials SET "lostNote" = 'Achou caro' WHERE id = :id`, { replacements: { id: trial.id } });
    await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id, status: "Cancelada", trialId: trial.id });
    const seen = await family.get(`/api/trials/${trial.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ outcome: "Perdido", lostReason: "Preço", lostNote: null });
    expect(
      ((await family.get("/api/trials")).body as Array<{ id: string; lostNote: string | null }>).find((t) => t.id === trial.id)?.lostNote,
    ).toBeNull();
    expect((await team.get(`/api/trials/${trial.id}`)).body.lostNote).toBe("Achou caro");
  });
});

describe("the calendar's 'Só abertos'", () => {
  it("the KPI cards count the open trials only, in the month, week and day views (and every trial without it)", async () => {
    const { cls } = await aClass();
    const created = new Date("2043-05-01T12:00:00Z");
    const wants = (days: number) => [{ status: "Quer Matricular", changedAt: new Date(created.getTime() + days * 86_400_000) }];
    const lost = { outcome: "Perdido", lostReason: "Preço", closedAt: new Date("2043-05-20T12:00:00Z") };
    await makeTrial(cls.id, { scheduledDate: "2043-05-12", status: "Agendado", createdAt: created });
    await makeTrial(cls.id, { scheduledDate: "2043-05-12", status: "Não Compareceu", createdAt: created });
    await makeTrial(cls.id, { scheduledDate: "2043-05-12", status: "Quer Matricular", createdAt: created }, wants(4));
    await makeTrial(cls.id, { scheduledDate: "2043-05-12", status: "Quer Matricular", createdAt: created, ...lost }, wants(2));
    await makeTrial(cls.id, { scheduledDate: "2043-05-12", status: "Compareceu", createdAt: created, ...lost });
    const kpis = async (query: string) => {
      const html = await (await team.raw("GET", `/trials?${query}`)).text();
      return ["Total de Agendamentos", "% de NoShow", "% de Compareceu", "% de Matrículas", "Ciclo de Vendas Médio"].map(
        (label) => new RegExp(`${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1],
      );
    };
    // Every trial: 5; 1 no-show, 1 attended, none enrolled ('Quer Matricular' is not a 'Matrícula';
    // the two in it have cycles of 4 and 2 days: 3).
    const all = ["5", "20%", "20%", "0%", "3 dias"];
    // Open only (the two lost ones out): 3; 1 no-show, 0 attended, none enrolled, 1 'Quer Matricular' (4 days).
    const open = ["3", "33%", "0%", "0%", "4 dias"];
    for (const place of ["month=2043-05", "view=week&date=2043-05-12", "view=day&date=2043-05-12"]) {
      expect(await kpis(place), place).toEqual(all);
      expect(await kpis(`${place}&open=1`), place).toEqual(open);
    }
  });
});
