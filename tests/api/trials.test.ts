import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeClass, makeCourse, makeTrial } from "../support/factories";
import { computeTrialKpis, formatDays } from "../../app/domain/trials/kpis";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;
let classId: string;

const MISSING = "00000000-0000-4000-8000-000000000000";

function payload(overrides: Record<string, unknown> = {}) {
  return {
    guardianName: "Mariana Souza",
    studentName: "Luísa Souza",
    classId,
    whatsappNumber: "(11) 98765-4321",
    scheduledDate: "2026-11-21",
    scheduledTime: "09:30",
    ...overrides,
  };
}

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  classId = (await makeClass({ schedules: [{ dayOfWeek: "Quarta", startTime: "18:30", endTime: "19:30" }] })).cls.id;
});

describe("POST /api/trials", () => {
  it("creates as 'Agendado' with origin 'Outros' by default, WhatsApp as digits, and writes the first history entry", async () => {
    const before = Date.now();
    const res = await team.post("/api/trials", payload());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      guardianName: "Mariana Souza",
      studentName: "Luísa Souza",
      classId,
      whatsappNumber: "11987654321",
      scheduledDate: "2026-11-21",
      scheduledTime: "09:30",
      status: "Agendado",
      origin: "Outros",
    });
    const history = await team.get(`/api/trials/${res.body.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ id: expect.any(String), status: "Agendado" });
    const changedAt = new Date(history.body[0].changedAt).getTime();
    expect(changedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("keeps a given origin and ignores a status in the payload (every trial starts 'Agendado')", async () => {
    const res = await admin.post("/api/trials", payload({ origin: "Indicação", status: "Compareceu" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ origin: "Indicação", status: "Agendado" });
  });

  it("answers 400 with the §5 messages and writes nothing", async () => {
    const before = await count("trials");
    const beforeHistory = await count("trial_status_history");
    const res = await team.post("/api/trials", {
      guardianName: " ",
      studentName: "",
      whatsappNumber: "11 9876",
      scheduledDate: "2026-02-30",
      scheduledTime: "25:00",
      origin: "Jornal",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      guardianName: ["Nome do responsável é obrigatório"],
      studentName: ["Nome da aluna é obrigatório"],
      classId: ["Turma é obrigatória"],
      whatsappNumber: ["Número do WhatsApp é obrigatório"],
      scheduledDate: ["Data inválida"],
      scheduledTime: ["Horário inválido"],
      origin: ["Origem inválida"],
    });
    expect(res.body.message).toBe("Nome do responsável é obrigatório");

    expect((await team.post("/api/trials", payload({ scheduledDate: "21/11/2026" }))).body.errors).toEqual({
      scheduledDate: ["Data inválida"],
    });
    expect((await team.post("/api/trials", payload({ scheduledTime: "9:30" }))).body.errors).toEqual({
      scheduledTime: ["Horário inválido"],
    });

    const unknownClass = await team.post("/api/trials", payload({ classId: MISSING }));
    expect(unknownClass.status).toBe(400);
    expect(unknownClass.body.errors).toEqual({ classId: ["Turma não encontrada"] });
    const malformedClass = await team.post("/api/trials", payload({ classId: "turma-1" }));
    expect(malformedClass.status).toBe(400);

    expect(await count("trials")).toBe(before);
    expect(await count("trial_status_history")).toBe(beforeHistory);
  });

  it("a blank time takes the class's first start time (weekday order, then time); a class without schedules leaves it invalid", async () => {
    const { cls } = await makeClass({
      schedules: [
        { dayOfWeek: "Quarta", startTime: "07:00", endTime: "08:00" },
        { dayOfWeek: "Segunda", startTime: "19:00", endTime: "20:00" },
        { dayOfWeek: "Segunda", startTime: "18:15", endTime: "19:00" },
      ],
    });
    const res = await team.post("/api/trials", payload({ classId: cls.id, scheduledTime: "" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ classId: cls.id, scheduledTime: "18:15" });
    expect((await team.get(`/api/trials/${res.body.id}`)).body.scheduledTime).toBe("18:15");

    const before = await count("trials");
    const bare = (await makeClass({ schedules: [] })).cls;
    const noSchedule = await team.post("/api/trials", payload({ classId: bare.id, scheduledTime: "" }));
    expect(noSchedule.status).toBe(400);
    expect(noSchedule.body.errors).toEqual({ scheduledTime: ["Horário inválido"] });
    const unknownClass = await team.post("/api/trials", payload({ classId: MISSING, scheduledTime: "" }));
    expect(unknownClass.status).toBe(400);
    expect(unknownClass.body.errors).toEqual({ classId: ["Turma não encontrada"] });
    expect(await count("trials")).toBe(before);
  });

  it("is for Team and Administrator: 401 signed out, 403 for Client, nothing written", async () => {
    const before = await count("trials");
    expect((await anonymous().get("/api/trials")).status).toBe(401);
    expect((await anonymous().post("/api/trials", payload())).status).toBe(401);
    const refused = await client.post("/api/trials", payload());
    expect(refused.status).toBe(403);
    expect(await count("trials")).toBe(before);
  });
});

describe("PATCH /api/trials/{id}", () => {
  it("changes the status and appends a history entry each time it really changes, oldest first", async () => {
    const { id } = (await team.post("/api/trials", payload())).body;
    const first = await team.patch(`/api/trials/${id}`, { status: "Compareceu" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, status: "Compareceu", studentName: "Luísa Souza" });
    // Same status again: no new entry.
    expect((await team.patch(`/api/trials/${id}`, { status: "Compareceu" })).status).toBe(200);
    // A full edit without a status change: no new entry either.
    const edited = await admin.patch(
      `/api/trials/${id}`,
      payload({ studentName: "Luísa S.", scheduledTime: "10:00", origin: "Google Ads" }),
    );
    expect(edited.body).toMatchObject({ studentName: "Luísa S.", scheduledTime: "10:00", origin: "Google Ads", status: "Compareceu" });
    await admin.patch(`/api/trials/${id}`, { status: "Quer Matricular" });

    const history = (await team.get(`/api/trials/${id}/history`)).body as Array<{ status: string; changedAt: string }>;
    expect(history.map((h) => h.status)).toEqual(["Agendado", "Compareceu", "Quer Matricular"]);
    const times = history.map((h) => new Date(h.changedAt).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("a blank time takes the first start time of the trial's class (or of its new class); an absent time is kept", async () => {
    const { id } = (await team.post("/api/trials", payload({ scheduledTime: "09:30" }))).body;
    const kept = await team.patch(`/api/trials/${id}`, { studentName: "Luísa Mantida" });
    expect(kept.body).toMatchObject({ studentName: "Luísa Mantida", scheduledTime: "09:30" });
    const blank = await team.patch(`/api/trials/${id}`, { scheduledTime: "" });
    expect(blank.status).toBe(200);
    expect(blank.body).toMatchObject({ classId, scheduledTime: "18:30" });

    const other = (await makeClass({ schedules: [{ dayOfWeek: "Sábado", startTime: "10:45", endTime: "11:45" }] })).cls;
    const moved = await team.patch(`/api/trials/${id}`, { classId: other.id, scheduledTime: "" });
    expect(moved.body).toMatchObject({ classId: other.id, scheduledTime: "10:45" });

    const bare = (await makeClass({ schedules: [] })).cls;
    const refused = await team.patch(`/api/trials/${id}`, { classId: bare.id, scheduledTime: "" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ scheduledTime: ["Horário inválido"] });
    expect((await team.get(`/api/trials/${id}`)).body).toMatchObject({ classId: other.id, scheduledTime: "10:45" });
  });

  it("validates like POST, every field optional", async () => {
    const { id } = (await team.post("/api/trials", payload())).body;
    const bad = await team.patch(`/api/trials/${id}`, { status: "Matriculado" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ status: ["Status inválido"] });
    expect((await team.patch(`/api/trials/${id}`, { studentName: "" })).body.errors).toEqual({
      studentName: ["Nome da aluna é obrigatório"],
    });
    expect((await team.patch(`/api/trials/${id}`, { whatsappNumber: "123" })).body.errors).toEqual({
      whatsappNumber: ["Número do WhatsApp é obrigatório"],
    });
    expect((await team.patch(`/api/trials/${id}`, { classId: MISSING })).status).toBe(400);
    expect((await team.get(`/api/trials/${id}/history`)).body).toHaveLength(1);
    expect((await team.get(`/api/trials/${id}`)).body.status).toBe("Agendado");
  });

  it("refuses Client (403) and changes nothing; 404 for unknown and malformed ids", async () => {
    const { id } = (await team.post("/api/trials", payload())).body;
    expect((await client.patch(`/api/trials/${id}`, { status: "Compareceu" })).status).toBe(403);
    expect((await anonymous().patch(`/api/trials/${id}`, { status: "Compareceu" })).status).toBe(401);
    expect((await team.get(`/api/trials/${id}`)).body.status).toBe("Agendado");
    expect((await team.get(`/api/trials/${id}/history`)).body).toHaveLength(1);
    expect((await team.patch(`/api/trials/${MISSING}`, { status: "Compareceu" })).status).toBe(404);
    expect((await team.patch("/api/trials/abc", { status: "Compareceu" })).status).toBe(404);
    expect((await team.get(`/api/trials/${MISSING}/history`)).status).toBe(404);
    expect((await team.get("/api/trials/abc/history")).status).toBe(404);
  });
});

describe("DELETE /api/trials/{id}", () => {
  it("removes the trial and its history (204); Client may not (403)", async () => {
    const { id } = (await team.post("/api/trials", payload())).body;
    await team.patch(`/api/trials/${id}`, { status: "Reagendado" });
    expect(await count("trial_status_history", '"trialId" = :id', { id })).toBe(2);
    expect((await client.delete(`/api/trials/${id}`)).status).toBe(403);
    expect(await count("trials", "id = :id", { id })).toBe(1);
    expect((await team.delete(`/api/trials/${id}`)).status).toBe(204);
    expect(await count("trials", "id = :id", { id })).toBe(0);
    expect(await count("trial_status_history", '"trialId" = :id', { id })).toBe(0);
    expect((await team.delete(`/api/trials/${id}`)).status).toBe(404);
    expect((await team.delete("/api/trials/abc")).status).toBe(404);
  });
});

describe("GET /api/trials and /api/trials/all-histories", () => {
  it("filters by month (calendar dates, month boundaries included) and lists all without it", async () => {
    const { cls } = await makeClass();
    const inside = [
      await makeTrial(cls.id, { studentName: "Primeiro Dia", scheduledDate: "2030-07-01" }),
      await makeTrial(cls.id, { studentName: "Último Dia", scheduledDate: "2030-07-31", scheduledTime: "20:00" }),
    ];
    const outside = [await makeTrial(cls.id, { scheduledDate: "2030-06-30" }), await makeTrial(cls.id, { scheduledDate: "2030-08-01" })];
    const month = await team.get("/api/trials?month=2030-07");
    expect(month.status).toBe(200);
    expect(month.body.map((t: { id: string }) => t.id)).toEqual(inside.map((t) => t.id));
    expect(month.body[1]).toMatchObject({ scheduledDate: "2030-07-31", scheduledTime: "20:00" });

    const all = (await team.get("/api/trials")).body as Array<{ id: string }>;
    for (const t of [...inside, ...outside]) expect(all.some((x) => x.id === t.id)).toBe(true);

    const bad = await team.get("/api/trials?month=2030-13");
    expect(bad.status).toBe(400);
  });

  it("a month's list answered again is never stale: a change through the API or another connection shows at once", async () => {
    const { cls } = await makeClass();
    const trial = await makeTrial(cls.id, { studentName: "Antes", scheduledDate: "2030-10-15" });
    const names = async () =>
      ((await team.get("/api/trials?month=2030-10")).body as Array<{ studentName: string }>).map((t) => t.studentName);
    expect(await names()).toEqual(["Antes"]);
    expect(await names()).toEqual(["Antes"]); // answered again (kept by the tables' versions)

    expect((await team.patch(`/api/trials/${trial.id}`, { studentName: "Pela API" })).status).toBe(200);
    expect(await names()).toEqual(["Pela API"]);

    await testDb().query(`UPDATE "trials" SET "studentName" = 'Por fora' WHERE "id" = :id`, { replacements: { id: trial.id } });
    expect(await names()).toEqual(["Por fora"]);
    await makeTrial(cls.id, { studentName: "Novo", scheduledDate: "2030-10-16" });
    expect(await names()).toEqual(["Por fora", "Novo"]);
    // Permissions are checked before the kept answer: anonymous still gets 401.
    expect((await anonymous().get("/api/trials?month=2030-10")).status).toBe(401);
  });

  it("maps trial id → entries (oldest first), optionally for one month", async () => {
    const { cls } = await makeClass();
    const a = await makeTrial(cls.id, { scheduledDate: "2030-09-10" }, [
      { status: "Compareceu", changedAt: new Date("2030-09-10T15:00:00Z") },
      { status: "Agendado", changedAt: new Date("2030-09-01T12:00:00Z") },
    ]);
    const b = await makeTrial(cls.id, { scheduledDate: "2030-09-30" });
    const other = await makeTrial(cls.id, { scheduledDate: "2030-10-01" }, [{ status: "Agendado", changedAt: new Date() }]);

    const res = await team.get("/api/trials/all-histories?month=2030-09");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([a.id, b.id].sort());
    expect(res.body[a.id].map((e: { status: string }) => e.status)).toEqual(["Agendado", "Compareceu"]);
    expect(res.body[a.id][0]).toEqual({
      id: expect.any(String),
      status: "Agendado",
      outcome: null,
      lostReason: null,
      changedAt: "2030-09-01T12:00:00.000Z",
    });
    expect(res.body[b.id]).toEqual([]);

    const all = await team.get("/api/trials/all-histories");
    expect(all.status).toBe(200);
    expect(all.body[other.id]).toHaveLength(1);
    expect(all.body[a.id]).toHaveLength(2);
    expect((await anonymous().get("/api/trials/all-histories")).status).toBe(401);
  });
});

describe("/trials screens without JavaScript", () => {
  it("creates from a day: the empty time takes the class's first start time; PRG to the month with a toast", async () => {
    const res = await team.form("/trials/new?date=2030-05-14&month=2030-05", {
      guardianName: "Paula Lima",
      studentName: "Clara Lima",
      classId,
      whatsappNumber: "(21) 99876-5432",
      scheduledDate: "2030-05-14",
      scheduledTime: "",
      origin: "Facebook Ads",
    });
    expect(res.status).toBe(302);
    const list = (await team.get("/api/trials?month=2030-05")).body as Array<Record<string, string>>;
    const created = list.find((t) => t.studentName === "Clara Lima");
    expect(created).toMatchObject({ scheduledTime: "18:30", whatsappNumber: "21998765432", origin: "Facebook Ads", status: "Agendado" });
    // Back to the month, at the new trial's block.
    expect(res.headers.get("Location")).toBe(`/trials?month=2030-05#tb-${created!.id}`);
    const page = await (await team.raw("GET", "/trials?month=2030-05")).text();
    expect(page).toContain("Experimental cadastrado");
    expect(page).toContain("Clara Lima");
    expect(page).toContain("(Paula Lima)");
    expect(page).toContain(`id="tb-${created!.id}"`);
    // The day view has the block's every control (the month's blocks are compact).
    const day = await (await team.raw("GET", "/trials?view=day&date=2030-05-14")).text();
    expect(day).toContain("https://wa.me/5521998765432");
  });

  it("re-renders the dialog with the messages (400)", async () => {
    const res = await team.form("/trials/new?date=2030-05-14", {
      guardianName: "",
      studentName: "",
      classId: "",
      whatsappNumber: "",
      scheduledDate: "x",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of [
      "Nome do responsável é obrigatório",
      "Nome da aluna é obrigatório",
      "Turma é obrigatória",
      "Número do WhatsApp é obrigatório",
      "Data inválida",
    ]) {
      expect(html).toContain(m);
    }
  });

  it("answers 400, not 500, for a malformed class with no time, and writes nothing", async () => {
    const before = await count("trials");
    const res = await team.form("/trials/new", {
      guardianName: "Paula",
      studentName: "Clara",
      classId: "turma-x",
      whatsappNumber: "11987654321",
      scheduledDate: "2030-05-14",
      scheduledTime: "",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Turma não encontrada");
    expect(await count("trials")).toBe(before);
  });

  it("'Matricular' is the enrolment dialog's link now: the calendar's old placeholder intent is refused (400; 403 for Client)", async () => {
    const { id } = (await team.post("/api/trials", payload({ scheduledDate: "2030-05-16" }))).body;
    await team.form("/trials?month=2030-05", { intent: "status", id, status: "Quer Matricular", month: "2030-05" });
    const html = await (await team.raw("GET", "/trials?month=2030-05")).text();
    expect(html).toContain(`href="/trials/${id}/enroll?month=2030-05" class="tb-ctl tb-enroll"`);
    expect(html).not.toContain("Funcionalidade em desenvolvimento");
    expect((await team.form("/trials?month=2030-05", { intent: "enroll", month: "2030-05" })).status).toBe(400);
    expect((await client.form("/trials?month=2030-05", { intent: "enroll" })).status).toBe(403);
  });

  it("changes the status from the calendar and writes history; Client gets 403", async () => {
    const { id } = (await team.post("/api/trials", payload({ scheduledDate: "2030-05-20" }))).body;
    expect((await client.form("/trials?month=2030-05", { intent: "status", id, status: "Compareceu", month: "2030-05" })).status).toBe(403);
    const res = await team.form("/trials?month=2030-05", { intent: "status", id, status: "Não Compareceu", month: "2030-05" });
    expect(res.status).toBe(302);
    // Back to the calendar at the trial's block, not to the top of the page.
    expect(res.headers.get("Location")).toBe(`/trials?month=2030-05#tb-${id}`);
    expect((await team.get(`/api/trials/${id}/history`)).body.map((h: { status: string }) => h.status)).toEqual([
      "Agendado",
      "Não Compareceu",
    ]);
    expect(await (await team.raw("GET", "/trials?month=2030-05")).text()).toContain("Status atualizado");
  });

  it("edits with status, and deletes through the confirmation", async () => {
    const { id } = (await team.post("/api/trials", payload({ scheduledDate: "2030-05-22" }))).body;
    const edit = await team.form(`/trials/${id}/edit?month=2030-05`, {
      ...payload({ scheduledDate: "2030-06-02", whatsappNumber: "11912345678" }),
      classId,
      status: "Quer Matricular",
      origin: "Outros",
    } as Record<string, string>);
    expect(edit.status).toBe(302);
    expect(edit.headers.get("Location")).toBe(`/trials?month=2030-06#tb-${id}`);
    expect((await team.get(`/api/trials/${id}`)).body).toMatchObject({ scheduledDate: "2030-06-02", status: "Quer Matricular" });
    expect((await team.get(`/api/trials/${id}/history`)).body).toHaveLength(2);

    expect((await client.form(`/trials/${id}/delete`, {})).status).toBe(403);
    const del = await team.form(`/trials/${id}/delete?month=2030-06`, {});
    expect(del.status).toBe(302);
    expect(del.headers.get("Location")).toBe("/trials?month=2030-06");
    expect(await count("trials", "id = :id", { id })).toBe(0);
  });

  it("shows the month's KPIs computed on the server, and read-only to Client", async () => {
    const { cls } = await makeClass();
    const created = new Date("2029-03-01T12:00:00Z");
    await makeTrial(cls.id, { scheduledDate: "2029-03-05", status: "Não Compareceu", createdAt: created });
    await makeTrial(cls.id, { scheduledDate: "2029-03-06", status: "Compareceu", createdAt: created });
    await makeTrial(cls.id, { scheduledDate: "2029-03-07", status: "Quer Matricular", createdAt: created }, [
      { status: "Quer Matricular", changedAt: new Date("2029-03-03T12:00:00Z") },
    ]);
    // Became an enrolment: '% de Matrículas' counts this one only (1 of 4), not the other 'Quer Matricular'.
    const closedAt = new Date("2029-03-31T15:00:00Z");
    await makeTrial(
      cls.id,
      { scheduledDate: "2029-03-31", status: "Quer Matricular", createdAt: created, outcome: "Matriculado", closedAt },
      [{ status: "Quer Matricular", changedAt: new Date("2029-03-05T12:00:00Z") }],
    );
    await makeTrial(cls.id, { scheduledDate: "2029-04-01", status: "Compareceu", createdAt: created });
    const html = await (await team.raw("GET", "/trials?month=2029-03")).text();
    const kpi = (label: string) => new RegExp(`${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
    expect(kpi("Total de Agendamentos")).toBe("4");
    expect(kpi("% de NoShow")).toBe("25%");
    expect(kpi("% de Compareceu")).toBe("25%");
    expect(kpi("% de Matrículas")).toBe("25%");
    expect(kpi("Ciclo de Vendas Médio")).toBe("3 dias");
    expect(html).toContain("Março de 2029");
    // A Client's calendar is read-only (and holds its family's trials only: tests/api/client-scope.test.ts).
    const clientHtml = await (await client.raw("GET", "/trials?month=2029-03")).text();
    expect(clientHtml).toContain("Março de 2029");
    expect(clientHtml).not.toContain("Novo Experimental");
    expect(clientHtml).not.toContain("Alterar status:");
    expect((await client.raw("GET", "/trials/new")).status).toBe(403);
  });
});

describe("the month grid's blocks without JavaScript", () => {
  it("each block links to its status dialog and its history (Team), a plain link each; a Client's have neither", async () => {
    const { cls } = await makeClass();
    const trial = await makeTrial(cls.id, { scheduledDate: "2029-06-12", studentName: "Chip Mensal" });
    const html = await (await team.raw("GET", "/trials?month=2029-06")).text();
    const chip = new RegExp(`<div id="tb-${trial.id}"[^>]*class="tb tb-chip"[^>]*>(.*?)</div>`).exec(html)?.[1] ?? "";
    expect(chip).toContain(`href="/trials/${trial.id}/edit?month=2029-06"`);
    expect(chip).toContain(`href="/trials/${trial.id}/status?month=2029-06"`);
    expect(chip).toContain(`href="/trials/${trial.id}/history?month=2029-06"`);
    expect(chip).toContain("Status de Chip Mensal");
    expect(chip).toContain("Ver histórico de Chip Mensal");
    // The server renders no popover: its statuses are in the status dialog (and, with JavaScript, in the browser).
    expect(html).not.toContain("Alterar status:");
    const dialog = await (await team.raw("GET", `/trials/${trial.id}/status?month=2029-06`)).text();
    expect(dialog).toContain("Alterar status:");
    for (const status of ["Agendado", "Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"]) {
      expect(dialog).toContain(`value="${status}"`);
    }
    const posted = await team.form("/trials?month=2029-06", {
      intent: "status",
      id: trial.id,
      status: "Compareceu",
      back: "month=2029-06",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/trials?month=2029-06#tb-${trial.id}`);
    expect((await team.get(`/api/trials/${trial.id}`)).body.status).toBe("Compareceu");

    const clientHtml = await (await client.raw("GET", "/trials?month=2029-06")).text();
    expect(clientHtml).not.toContain(`/trials/${trial.id}/status`);
    expect(clientHtml).not.toContain(`/trials/${trial.id}/history`);
  });
});

describe("busy days on the calendar", () => {
  it("shows the first two trials of a day and a '+N mais' link to the day view, which lists them all", async () => {
    const names = ["Ana Dia", "Bia Dia", "Cris Dia", "Duda Dia", "Eva Dia"];
    for (const [i, studentName] of names.entries()) {
      await makeTrial(classId, { scheduledDate: "2033-07-09", scheduledTime: `0${i + 1}:00`, studentName });
    }
    const month = await (await team.raw("GET", "/trials?month=2033-07")).text();
    expect(month).toContain("Ana Dia");
    expect(month).toContain("Bia Dia");
    expect(month).not.toContain("Cris Dia");
    expect(month).toContain('href="/trials?view=day&amp;date=2033-07-09" class="cal-more"');
    expect(month).toMatch(/\+<!-- -->3<!-- --> mais|\+3 mais/);
    const res = await team.raw("GET", "/trials?view=day&date=2033-07-09");
    expect(res.status).toBe(200);
    const day = await res.text();
    for (const name of names) expect(day).toContain(name);
    // The day's dialog still lists them too.
    const dialog = await (await team.raw("GET", "/trials/day/2033-07-09?month=2033-07")).text();
    expect(dialog).toContain("Experimentais de 09/07/2033");
    for (const name of names) expect(dialog).toContain(name);
    expect((await team.raw("GET", "/trials/day/2033-02-30")).status).toBe(404);
  });

  it("the phone's agenda beside the week or month holds the day's first 20 trials and a '+N mais' link to the day view, which lists them all", async () => {
    const names = Array.from({ length: 23 }, (_, i) => `Agenda ${String(i + 1).padStart(2, "0")}`);
    for (const studentName of names) await makeTrial(classId, { scheduledDate: "2034-01-10", scheduledTime: "10:00", studentName });
    const week = await (await team.raw("GET", "/trials?view=week&date=2034-01-10")).text();
    const start = week.indexOf('<ol class="agenda"');
    const agenda = week.slice(start, week.indexOf("</section>", start));
    expect(agenda.match(/<li>/g)).toHaveLength(20);
    expect(agenda).toContain("Agenda 20");
    expect(agenda).not.toContain("Agenda 21");
    expect(agenda).toContain('href="/trials?view=day&amp;date=2034-01-10" class="cal-more"');
    expect(agenda).toMatch(/\+<!-- -->3<!-- --> mais|\+3 mais/);
    // 'Só abertos' goes along to the day view.
    const open = await (await team.raw("GET", "/trials?view=week&date=2034-01-10&open=1")).text();
    expect(open).toContain('href="/trials?view=day&amp;date=2034-01-10&amp;open=1" class="cal-more"');
    // The day view is the whole agenda.
    const day = await (await team.raw("GET", "/trials?view=day&date=2034-01-10")).text();
    for (const name of names) expect(day).toContain(name);
    expect(day).not.toContain('class="cal-more"');
  });
});

describe("the calendar's views", () => {
  it("a day and a week show only their days' trials, each with its class; a malformed date is today's", async () => {
    const course = await makeCourse({ name: `Sapateado ${Date.now()}` });
    const { cls } = await makeClass({ courseId: course.id });
    const label = `${course.name} - Turma ${cls.classNumber}`;
    // Wednesday 2033-08-10: its week is Sunday 07 to Saturday 13.
    await makeTrial(cls.id, { scheduledDate: "2033-08-06", studentName: "Antes Semana" });
    await makeTrial(cls.id, { scheduledDate: "2033-08-07", studentName: "Domingo Semana" });
    await makeTrial(cls.id, { scheduledDate: "2033-08-10", studentName: "Quarta Semana" });
    await makeTrial(cls.id, { scheduledDate: "2033-08-13", studentName: "Sábado Semana" });
    await makeTrial(cls.id, { scheduledDate: "2033-08-14", studentName: "Depois Semana" });

    const week = await (await team.raw("GET", "/trials?view=week&date=2033-08-10")).text();
    for (const name of ["Domingo Semana", "Quarta Semana", "Sábado Semana"]) expect(week).toContain(name);
    expect(week).not.toContain("Antes Semana");
    expect(week).not.toContain("Depois Semana");
    expect(week).toContain(label);
    expect(week).toContain("Semana de 07/08 a 13/08/2033");
    // The views as links, the current one marked.
    expect(week).toMatch(
      /href="\/trials\?view=week&amp;date=2033-08-10"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/trials\?view=week&amp;date=2033-08-10"/,
    );
    expect(week).toContain('href="/trials?month=2033-08"');

    const day = await (await team.raw("GET", "/trials?view=day&date=2033-08-10")).text();
    expect(day).toContain("Quarta Semana");
    expect(day).not.toContain("Domingo Semana");
    expect(day).toContain(label);
    expect(day).toContain('href="/trials?view=day&amp;date=2033-08-09"');
    expect(day).toContain('href="/trials?view=day&amp;date=2033-08-11"');
    // The KPIs are the date's month's (§9).
    expect(/Total de Agendamentos<\/dt><dd[^>]*>([^<]*)<\/dd>/.exec(day)?.[1]).toBe("5");

    // A date that is no date: today's agenda, not an error.
    const bad = await team.raw("GET", "/trials?view=day&date=2033-02-30");
    expect(bad.status).toBe(200);
    await bad.body?.cancel();
  });

  it("the status change without JavaScript comes back to the day view at the trial", async () => {
    const { id } = (await team.post("/api/trials", payload({ scheduledDate: "2033-08-11" }))).body;
    const res = await team.form("/trials?view=day&date=2033-08-11", {
      intent: "status",
      id,
      status: "Compareceu",
      back: "view=day&date=2033-08-11",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/trials?view=day&date=2033-08-11#tb-${id}`);
    // A malformed id comes back without a fragment (nothing of it in the Location).
    const odd = await team.form("/trials?view=day&date=2033-08-11", { intent: "status", id: "x#y", status: "Compareceu" });
    expect(odd.headers.get("Location")).toBe("/trials?view=day&date=2033-08-11");
  });
});

describe("the calendar reads its month in SQL and follows every change", () => {
  const kpisOf = (html: string) =>
    Object.fromEntries(
      ["Total de Agendamentos", "% de NoShow", "% de Compareceu", "% de Matrículas", "Ciclo de Vendas Médio"].map((label) => [
        label,
        new RegExp(`${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1],
      ]),
    );

  it("gives the same KPIs as the reference computation over a varied month", async () => {
    const statuses = ["Agendado", "Reagendado", "Não Compareceu", "Compareceu", "Quer Matricular"];
    const trials: Array<{ id: string; status: string; createdAt: Date }> = [];
    const histories: Record<string, Array<{ status: string; changedAt: Date }>> = {};
    for (let i = 0; i < 37; i++) {
      const status = statuses[(i * 7) % 5];
      const createdAt = new Date(Date.UTC(2034, 0, 1 + (i % 9), 8 + (i % 5)));
      // Some enrolments have two changes into the status (the latest counts), one has none, one is "before" creation.
      const history =
        status !== "Quer Matricular" || i === 4
          ? []
          : i === 9
            ? [{ status, changedAt: new Date(createdAt.getTime() - 86_400_000) }]
            : [
                { status, changedAt: new Date(createdAt.getTime() + (i % 4) * 86_400_000) },
                { status, changedAt: new Date(createdAt.getTime() + (i % 11) * 43_200_000) },
              ];
      const trial = await makeTrial(
        classId,
        { scheduledDate: `2034-02-${String(1 + (i % 28)).padStart(2, "0")}`, status, createdAt },
        history,
      );
      trials.push({ id: trial.id, status, createdAt });
      histories[trial.id] = history;
    }
    const expected = computeTrialKpis(trials, histories);
    const html = await (await team.raw("GET", "/trials?month=2034-02")).text();
    expect(kpisOf(html)).toEqual({
      "Total de Agendamentos": String(expected.total),
      "% de NoShow": `${expected.noShowPercent}%`,
      "% de Compareceu": `${expected.attendedPercent}%`,
      "% de Matrículas": `${expected.enrollPercent}%`,
      "Ciclo de Vendas Médio": formatDays(expected.averageSalesCycleDays),
    });
    expect(expected.averageSalesCycleDays).toBeGreaterThan(0);
  });

  it("shows creates, status changes, edits and deletes at once, whoever made them", async () => {
    const page = async () => (await team.raw("GET", "/trials?month=2035-03")).text();
    const created = await team.post("/api/trials", payload({ scheduledDate: "2035-03-10", studentName: "Clara Cache" }));
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    let html = await page();
    expect(html).toContain("Clara Cache");
    expect(kpisOf(html)["Total de Agendamentos"]).toBe("1");

    expect((await team.patch(`/api/trials/${id}`, { status: "Compareceu" })).status).toBe(200);
    html = await page();
    expect(html).toMatch(/data-status="Compareceu"/);
    expect(kpisOf(html)["% de Compareceu"]).toBe("100%");

    expect((await team.patch(`/api/trials/${id}`, { studentName: "Clara Renomeada" })).status).toBe(200);
    html = await page();
    expect(html).toContain("Clara Renomeada");
    expect(html).not.toContain("Clara Cache");

    // Written straight to the database (another server, a script): seen too.
    await makeTrial(classId, { scheduledDate: "2035-03-10", scheduledTime: "06:00", studentName: "Direta Banco" });
    html = await page();
    expect(html).toContain("Direta Banco");
    expect(kpisOf(html)["Total de Agendamentos"]).toBe("2");

    // Moved to another month: gone from this one.
    expect((await team.patch(`/api/trials/${id}`, { scheduledDate: "2035-04-02" })).status).toBe(200);
    html = await page();
    expect(html).not.toContain("Clara Renomeada");
    expect(await (await team.raw("GET", "/trials?month=2035-04")).text()).toContain("Clara Renomeada");

    expect((await team.delete(`/api/trials/${id}`)).status).toBe(204);
    expect(await (await team.raw("GET", "/trials?month=2035-04")).text()).not.toContain("Clara Renomeada");
  });
});
