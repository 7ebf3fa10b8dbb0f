import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count } from "../support/db";
import { makeBranch, makeClass, makeClassroom } from "../support/factories";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;
let branchId: string;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  branchId = (await makeBranch()).id;
});

async function freshClassroom() {
  return (await makeClassroom(branchId)).id;
}

const slot = (classroomId: string, dayOfWeek: string, startTime: string, endTime: string) =>
  admin.post("/api/classroom-schedules", { classroomId, dayOfWeek, startTime, endTime });

describe("/api/classroom-schedules", () => {
  it("creates (201, Segunda by default), lists all and per classroom in weekday order, reads, updates, deletes", async () => {
    const classroomId = await freshClassroom();
    const created = await admin.post("/api/classroom-schedules", { classroomId, startTime: "08:00", endTime: "09:00" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), classroomId, dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" });
    expect((await slot(classroomId, "Sábado", "10:00", "11:00")).status).toBe(201);
    expect((await slot(classroomId, "Terça", "18:00", "19:00")).status).toBe(201);
    expect((await slot(classroomId, "Terça", "07:00", "08:00")).status).toBe(201);

    const perClassroom = await client.get(`/api/classroom-schedules/classroom/${classroomId}`);
    expect(perClassroom.status).toBe(200);
    expect(perClassroom.body.map((s: { dayOfWeek: string; startTime: string }) => `${s.dayOfWeek} ${s.startTime}`)).toEqual([
      "Segunda 08:00",
      "Terça 07:00",
      "Terça 18:00",
      "Sábado 10:00",
    ]);
    const all = await team.get("/api/classroom-schedules");
    expect(all.status).toBe(200);
    expect(all.body.filter((s: { classroomId: string }) => s.classroomId === classroomId)).toHaveLength(4);

    const id = created.body.id;
    expect((await client.get(`/api/classroom-schedules/${id}`)).body.startTime).toBe("08:00");
    const updated = await admin.patch(`/api/classroom-schedules/${id}`, { dayOfWeek: "Quarta", endTime: "09:30" });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ dayOfWeek: "Quarta", startTime: "08:00", endTime: "09:30" });

    expect((await admin.delete(`/api/classroom-schedules/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/classroom-schedules/${id}`)).status).toBe(404);
  });

  it("validates with the §5 messages, end time after start reported on endTime", async () => {
    const res = await admin.post("/api/classroom-schedules", { classroomId: "", dayOfWeek: "Domingo", startTime: "8h", endTime: "24:00" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      classroomId: ["Sala é obrigatória"],
      dayOfWeek: ["Por favor, selecione um dia da semana"],
      startTime: ["Horário deve estar no formato HH:MM"],
      endTime: ["Horário deve estar no formato HH:MM"],
    });
    const classroomId = await freshClassroom();
    const backwards = await slot(classroomId, "Segunda", "10:00", "09:00");
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ endTime: ["Horário final deve ser maior que o horário inicial"] });
    const same = await slot(classroomId, "Segunda", "10:00", "10:00");
    expect(same.body.errors.endTime).toEqual(["Horário final deve ser maior que o horário inicial"]);
    const unknown = await slot("00000000-0000-4000-8000-000000000000", "Segunda", "10:00", "11:00");
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.classroomId).toEqual(["Sala não encontrada"]);
    expect(await count("classroom_schedules", `"classroomId" = :classroomId`, { classroomId })).toBe(0);
  });

  it("validates the merged result of a PATCH", async () => {
    const classroomId = await freshClassroom();
    const id = (await slot(classroomId, "Quinta", "14:00", "15:00")).body.id;
    const res = await admin.patch(`/api/classroom-schedules/${id}`, { startTime: "16:00" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ endTime: ["Horário final deve ser maior que o horário inicial"] });
    expect((await admin.patch(`/api/classroom-schedules/${id}`, { dayOfWeek: "Domingo" })).body.errors).toEqual({
      dayOfWeek: ["Por favor, selecione um dia da semana"],
    });
    expect((await admin.get(`/api/classroom-schedules/${id}`)).body).toMatchObject({
      dayOfWeek: "Quinta",
      startTime: "14:00",
      endTime: "15:00",
    });
  });

  it("refuses overlapping slots in the same classroom and weekday (409), on create and on update", async () => {
    const classroomId = await freshClassroom();
    expect((await slot(classroomId, "Segunda", "08:00", "09:00")).status).toBe(201);
    const clash = await slot(classroomId, "Segunda", "08:30", "09:30");
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe("Este horário se sobrepõe a outro horário da sala (Segunda 08:00 - 09:00)");
    expect((await slot(classroomId, "Segunda", "07:00", "10:00")).status).toBe(409);
    // Touching ends do not overlap; other weekdays and other classrooms are free.
    const next = await slot(classroomId, "Segunda", "09:00", "10:00");
    expect(next.status).toBe(201);
    expect((await slot(classroomId, "Terça", "08:30", "09:30")).status).toBe(201);
    expect((await slot(await freshClassroom(), "Segunda", "08:30", "09:30")).status).toBe(201);
    expect(await count("classroom_schedules", `"classroomId" = :classroomId`, { classroomId })).toBe(3);

    const moved = await admin.patch(`/api/classroom-schedules/${next.body.id}`, { startTime: "08:45" });
    expect(moved.status).toBe(409);
    // Changing a slot within its own time is not a clash with itself.
    expect((await admin.patch(`/api/classroom-schedules/${next.body.id}`, { endTime: "10:30" })).status).toBe(200);
  });

  it("concurrent overlapping creates: exactly one wins", async () => {
    const classroomId = await freshClassroom();
    const results = await Promise.all([
      slot(classroomId, "Sexta", "08:00", "09:00"),
      slot(classroomId, "Sexta", "08:15", "09:15"),
      slot(classroomId, "Sexta", "08:30", "09:30"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await count("classroom_schedules", `"classroomId" = :classroomId`, { classroomId })).toBe(1);
  });

  it("deleting a schedule removes the classes' links to it", async () => {
    const { cls, schedules } = await makeClass({
      branchId,
      schedules: [
        { dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" },
        { dayOfWeek: "Quarta", startTime: "08:00", endTime: "09:00" },
      ],
    });
    expect((await admin.delete(`/api/classroom-schedules/${schedules[0].id}`)).status).toBe(204);
    expect(await count("class_schedules", `"scheduleId" = :id`, { id: schedules[0].id })).toBe(0);
    expect(await count("class_schedules", `"classId" = :id`, { id: cls.id })).toBe(1);
  });

  it("is administrator-only for changes: 401 signed out, 403 for Team and Client, nothing written", async () => {
    const classroomId = await freshClassroom();
    const body = { classroomId, dayOfWeek: "Segunda", startTime: "08:00", endTime: "09:00" };
    expect((await anonymous().get("/api/classroom-schedules")).status).toBe(401);
    expect((await anonymous().get(`/api/classroom-schedules/classroom/${classroomId}`)).status).toBe(401);
    expect((await anonymous().post("/api/classroom-schedules", body)).status).toBe(401);
    expect((await team.post("/api/classroom-schedules", body)).status).toBe(403);
    expect((await client.post("/api/classroom-schedules", body)).status).toBe(403);
    expect(await count("classroom_schedules", `"classroomId" = :classroomId`, { classroomId })).toBe(0);
    const id = (await admin.post("/api/classroom-schedules", body)).body.id;
    expect((await team.patch(`/api/classroom-schedules/${id}`, { endTime: "10:00" })).status).toBe(403);
    expect((await client.patch(`/api/classroom-schedules/${id}`, { endTime: "10:00" })).status).toBe(403);
    expect((await team.delete(`/api/classroom-schedules/${id}`)).status).toBe(403);
    expect((await client.delete(`/api/classroom-schedules/${id}`)).status).toBe(403);
    expect((await admin.get(`/api/classroom-schedules/${id}`)).body).toMatchObject({ endTime: "09:00" });
  });

  it("answers 404 for unknown and malformed ids, 415 for non-JSON, 400 for malformed JSON", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.get(`/api/classroom-schedules/${unknown}`)).status).toBe(404);
    expect((await admin.get(`/api/classroom-schedules/classroom/${unknown}`)).status).toBe(404);
    expect((await admin.get("/api/classroom-schedules/classroom/x")).status).toBe(404);
    expect((await admin.patch(`/api/classroom-schedules/${unknown}`, { endTime: "10:00" })).status).toBe(404);
    expect((await admin.delete("/api/classroom-schedules/x")).status).toBe(404);
    expect((await admin.request("POST", "/api/classroom-schedules", "x", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await admin.request("POST", "/api/classroom-schedules", "{", { "Content-Type": "application/json" })).status).toBe(400);
  });
});

describe("schedule dialogs without JavaScript", () => {
  it("creates a schedule, shows it grouped by weekday, and refuses an overlap (409) keeping the dialog", async () => {
    const classroom = await makeClassroom(branchId, { name: "Sala Horários Form" });
    const base = `/branches/${branchId}/classrooms/${classroom.id}/schedules`;
    const res = await admin.form(`${base}/new`, { dayOfWeek: "Quarta", startTime: "19:00", endTime: "20:00" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/branches/${branchId}/classrooms`);
    const html = await (await admin.raw("GET", `/branches/${branchId}/classrooms`)).text();
    expect(html).toContain("Horário criado com sucesso");
    expect(html).toContain("Horários Disponíveis");
    expect(html).toMatch(/Quarta<\/h4>.*19:00<!-- --> - <!-- -->20:00/s);

    const clash = await admin.form(`${base}/new`, { dayOfWeek: "Quarta", startTime: "19:30", endTime: "20:30" });
    expect(clash.status).toBe(409);
    const body = await clash.text();
    expect(body).toContain("Este horário se sobrepõe a outro horário da sala");
    expect(body).toContain("Erro ao criar horário");

    const invalid = await admin.form(`${base}/new`, { dayOfWeek: "Quarta", startTime: "21:00", endTime: "20:00" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Horário final deve ser maior que o horário inicial");
  });

  it("a schedule of another classroom is a 404 under this URL", async () => {
    const a = await makeClassroom(branchId);
    const b = await makeClassroom(branchId);
    const id = (await slot(b.id, "Sexta", "10:00", "11:00")).body.id;
    expect((await admin.raw("GET", `/branches/${branchId}/classrooms/${a.id}/schedules/${id}/edit`)).status).toBe(404);
    expect((await admin.form(`/branches/${branchId}/classrooms/${a.id}/schedules/${id}/delete`, {})).status).toBe(404);
    expect(await count("classroom_schedules", "id = :id", { id })).toBe(1);
  });
});
