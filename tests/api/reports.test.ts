import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
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
  makeStaffUser,
  makeStudent,
  makeTrial,
  makeUser,
} from "../support/factories";
import { attendanceReportDto, funnelReportDto, studentsReportDto } from "../../app/domain/reports/schema";

/**
 * The reports over HTTP: each endpoint's statuses, contract and CSV, and the
 * lists' CSV exports. The reports' numbers are the services' (tests/service/report-numbers.test.ts,
 * on the same fixtures, worked out by hand there).
 * Each report has its own new branches and a period in 2019, where no other
 * test writes, and every assertion is filtered by those branches.
 */

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

const at = (day: string, time = "12:00") => new Date(`${day}T${time}:00Z`);
const history = (...statuses: string[]) => statuses.map((status, i) => ({ status, changedAt: at("2019-01-01", `1${i}:00`) }));

async function pupil(classId: string, offerId: string, attrs: Parameters<typeof makeEnrollment>[0] extends infer A ? Partial<A> : never) {
  const { guardian } = await makeGuardian(1);
  const student = await makeStudent(guardian.id);
  return makeEnrollment({ studentId: student.id, classId, offerId, ...attrs });
}

const funnel = { a: "", b: "", courseX: "", courseY: "", ana: "", bruno: "" };
const students = { c: "", courseX: "", courseY: "", c1: "", c2: "" };
const attendance = { d: "", d1: "", d2: "", teacher1: "", teacher2: "" };

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);

  // ---- Funil: branch A (classes A1 of course X, A2 of course Y) and branch B (one trial) ----
  const a = await makeBranch({ name: "Unidade Funil A" });
  const b = await makeBranch({ name: "Unidade Funil B" });
  const courseX = await makeCourse({ name: "Balé Funil" });
  const courseY = await makeCourse({ name: "Jazz Funil" });
  const a1 = (await makeClass({ branchId: a.id, courseId: courseX.id })).cls;
  const a2 = (await makeClass({ branchId: a.id, courseId: courseY.id })).cls;
  const b1 = (await makeClass({ branchId: b.id, courseId: courseX.id })).cls;
  const offerA = await makeOffer(a.id);
  // Two owners: Ana owns t1 t2 t3, Bruno t4 t5 t6 t7; branch B's trial has no owner (its user is gone).
  const ana = await makeUser({ name: "Ana Responsável Funil", userType: "Team" });
  const bruno = await makeUser({ name: "Bruno Responsável Funil", userType: "Administrator" });
  Object.assign(funnel, { a: a.id, b: b.id, courseX: courseX.id, courseY: courseY.id, ana: ana.id, bruno: bruno.id });
  const enrolled = (day: string) => ({ outcome: "Matriculado", closedAt: at(day) });
  const lost = (lostReason: string) => ({ outcome: "Perdido", lostReason, closedAt: at("2019-04-25") });

  await makeTrial(
    a1.id,
    { scheduledDate: "2019-01-10", origin: "Google Ads", ownerId: ana.id, ...lost("Preço") },
    history("Agendado", "Compareceu"),
  );
  await makeTrial(
    a1.id,
    { scheduledDate: "2019-01-15", origin: "Google Ads", ownerId: ana.id, ...lost("Preço") },
    history("Agendado", "Quer Matricular"),
  );
  const t3 = await makeTrial(
    a1.id,
    { scheduledDate: "2019-02-05", origin: "Indicação", ownerId: ana.id, ...enrolled("2019-02-15") },
    history("Agendado", "Compareceu", "Quer Matricular"),
  );
  await pupil(a1.id, offerA.id, { trialId: t3.id, startDate: "2019-02-20", createdAt: at("2019-02-15") }); // 10 days
  // Only 'Agendado' in its history, but 'Matriculado': it counts in every step.
  const t4 = await makeTrial(
    a2.id,
    { scheduledDate: "2019-02-10", origin: "Indicação", ownerId: bruno.id, ...enrolled("2019-02-14") },
    history("Agendado"),
  );
  await pupil(a2.id, offerA.id, { trialId: t4.id, startDate: "2019-02-18", createdAt: at("2019-02-14") }); // 4 days
  await makeTrial(
    a2.id,
    { scheduledDate: "2019-04-01", origin: "Outros", ownerId: bruno.id, ...lost("Sem resposta") },
    history("Agendado", "Não Compareceu"),
  );
  // Its enrolment was cancelled before its start, which cleared its outcome: open, not 'Matriculado'.
  const t6 = await makeTrial(
    a1.id,
    { scheduledDate: "2019-04-05", origin: "Outros", ownerId: bruno.id },
    history("Agendado", "Quer Matricular"),
  );
  await pupil(a1.id, offerA.id, {
    trialId: t6.id,
    startDate: "2019-05-01",
    status: "Cancelada",
    cancelledAt: at("2019-04-20"),
    createdAt: at("2019-04-10"),
  });
  // Cancelled after its start: still 'Matriculado'.
  const t7 = await makeTrial(
    a1.id,
    { scheduledDate: "2019-03-10", origin: "Google Ads", ownerId: bruno.id, ...enrolled("2019-03-30") },
    history("Agendado", "Compareceu"),
  );
  await pupil(a1.id, offerA.id, {
    trialId: t7.id,
    startDate: "2019-04-01",
    status: "Cancelada",
    cancelledAt: at("2019-04-15"),
    createdAt: at("2019-03-30"),
  }); // 20 days
  // Outside the period.
  const t8 = await makeTrial(
    a1.id,
    { scheduledDate: "2018-12-20", origin: "Google Ads", ownerId: ana.id, ...enrolled("2018-12-22") },
    history("Agendado", "Compareceu"),
  );
  await pupil(a1.id, offerA.id, { trialId: t8.id, startDate: "2019-01-05", createdAt: at("2018-12-22") });
  await makeTrial(b1.id, { scheduledDate: "2019-01-20", origin: "Outros", ownerId: null }, history("Agendado"));

  // ---- Alunos: branch C (C1 of course X, capacity 10; C2 of course Y, capacity 2) ----
  const c = await makeBranch({ name: "Unidade Alunos C" });
  const sx = await makeCourse({ name: "Balé Alunos" });
  const sy = await makeCourse({ name: "Jazz Alunos" });
  const c1 = (await makeClass({ branchId: c.id, courseId: sx.id, classroomId: (await makeClassroom(c.id, { capacity: 10 })).id })).cls;
  const c2 = (await makeClass({ branchId: c.id, courseId: sy.id, classroomId: (await makeClassroom(c.id, { capacity: 2 })).id })).cls;
  const offerC = await makeOffer(c.id);
  Object.assign(students, { c: c.id, courseX: sx.id, courseY: sy.id, c1: c1.id, c2: c2.id });
  await pupil(c1.id, offerC.id, { startDate: "2018-12-01" }); // e1
  await pupil(c1.id, offerC.id, { startDate: "2018-11-01", status: "Cancelada", cancelledAt: at("2019-02-10") }); // e2
  await pupil(c1.id, offerC.id, { startDate: "2019-01-15" }); // e3
  await pupil(c2.id, offerC.id, { startDate: "2019-02-01", status: "Cancelada", cancelledAt: at("2019-04-05") }); // e4
  await pupil(c2.id, offerC.id, { startDate: "2019-04-10" }); // e5
  await pupil(c2.id, offerC.id, { startDate: "2019-01-01", status: "Em espera", waitlistPosition: 1 }); // e6: never active
  await pupil(c1.id, offerC.id, { startDate: "2019-05-01" }); // e7: after the period

  // ---- Frequência: branch D (D1 with teacher 1, D2 with teacher 2) ----
  const d = await makeBranch({ name: "Unidade Frequência D" });
  const teacher1 = await makeStaffUser();
  const teacher2 = await makeStaffUser();
  const d1 = await makeClass({ branchId: d.id, responsibleId: teacher1.id });
  const d2 = await makeClass({ branchId: d.id, responsibleId: teacher2.id });
  const offerD = await makeOffer(d.id);
  Object.assign(attendance, { d: d.id, d1: d1.cls.id, d2: d2.cls.id, teacher1: teacher1.id, teacher2: teacher2.id });
  const record = async (cls: typeof d1, date: string, status: "Presente" | "Falta" | "Falta justificada") => {
    const e = await pupil(cls.cls.id, offerD.id, { startDate: "2018-12-01" });
    return makeAttendance({ enrollmentId: e.id, classId: cls.cls.id, scheduleId: cls.schedules[0].id, date, status });
  };
  await record(d1, "2019-01-07", "Presente");
  await record(d1, "2019-01-07", "Presente");
  const madeUp = await record(d1, "2019-01-14", "Falta");
  await record(d1, "2019-02-04", "Presente");
  const booked = await record(d1, "2019-02-11", "Falta justificada");
  await record(d2, "2019-01-07", "Falta");
  // The make-up done in D2 has its roll-call record there (a record of that session: it counts).
  const done = await makeMakeup({
    absenceId: madeUp.id,
    classId: d2.cls.id,
    scheduleId: d2.schedules[0].id,
    date: "2019-01-21",
    status: "Realizada",
  });
  await makeAttendance({ makeupId: done.id, classId: d2.cls.id, scheduleId: d2.schedules[0].id, date: "2019-01-21", status: "Presente" });
  await makeMakeup({ absenceId: booked.id, classId: d2.cls.id, scheduleId: d2.schedules[0].id, date: "2019-02-18", status: "Agendada" });
});

describe("GET /api/reports/funnel", () => {
  it("answers 200 with the report's contract (the numbers: tests/service/report-numbers.test.ts)", async () => {
    const res = await team.get(`/api/reports/funnel?from=2019-01-01&to=2019-04-30&branchId=${funnel.a}`);
    expect(res.status).toBe(200);
    expect(funnelReportDto.safeParse(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ from: "2019-01-01", to: "2019-04-30", branchId: funnel.a, ownerId: null, by: "origin", lost: 3 });
    expect(res.body.steps.map((s: { step: string; count: number }) => [s.step, s.count])).toEqual([
      ["Experimentais", 7],
      ["Compareceu", 6],
      ["Quer Matricular", 5],
      ["Matriculado", 3],
    ]);
  });

  it("refuses a bad period, a period over 24 months, a bad grouping or owner; a Client gets 403 and an anonymous call 401", async () => {
    for (const [query, message] of [
      ["from=2019-02-30", "Período inválido"],
      ["from=2019-05-01&to=2019-04-30", "Período inválido"],
      ["from=ontem", "Período inválido"],
      ["from=2019-01-01&to=2021-01-01", "Período de no máximo 24 meses"],
      ["by=idade", "Agrupamento inválido"],
      ["branchId=nao-e-id", "Unidade inválida"],
      ["ownerId=nao-e-id", "Responsável pelo lead deve ser da Equipe ou Administrador"],
    ]) {
      const res = await team.get(`/api/reports/funnel?${query}`);
      expect([res.status, res.body.message], query).toEqual([400, message]);
    }
    expect((await team.get("/api/reports/funnel?from=2019-01-01&to=2020-12-31")).status).toBe(200); // 24 months
    expect((await client.get("/api/reports/funnel")).status).toBe(403);
    expect((await anonymous().get("/api/reports/funnel")).status).toBe(401);
  });

  it("answers the same numbers as CSV: BOM, ';', Portuguese decimals and dates, accents; the lost by reason", async () => {
    const res = await team.raw("GET", `/api/reports/funnel?from=2019-01-01&to=2019-04-30&branchId=${funnel.a}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe(
      "Agrupamento;Grupo;Experimentais;Compareceu;Compareceu (%);Quer Matricular;Quer Matricular (%);Matriculado;Matriculado (%);Perdido;Perdido (%);De;Até",
    );
    // Perdido 3 of 7: 42,9%.
    expect(lines[1]).toBe("Total;Total;7;6;85,7;5;71,4;3;42,9;3;42,9;01/01/2019;30/04/2019");
    expect(lines[3]).toBe("Origem;Indicação;2;2;100,0;2;100,0;2;100,0;0;0,0;01/01/2019;30/04/2019");
    // Then each reason: its count and its share of the 3 lost.
    expect(lines.slice(5, 12)).toEqual([
      "Motivo da perda;Preço;;;;;;;;2;66,7;01/01/2019;30/04/2019",
      "Motivo da perda;Horário;;;;;;;;0;0,0;01/01/2019;30/04/2019",
      "Motivo da perda;Distância;;;;;;;;0;0,0;01/01/2019;30/04/2019",
      "Motivo da perda;Não gostou da aula;;;;;;;;0;0,0;01/01/2019;30/04/2019",
      "Motivo da perda;Sem resposta;;;;;;;;1;33,3;01/01/2019;30/04/2019",
      "Motivo da perda;Escolheu outra escola;;;;;;;;0;0,0;01/01/2019;30/04/2019",
      "Motivo da perda;Outro;;;;;;;;0;0,0;01/01/2019;30/04/2019",
    ]);
    // The owner filter is the file's filter too.
    const anas = await team.raw(
      "GET",
      `/api/reports/funnel?from=2019-01-01&to=2019-04-30&branchId=${funnel.a}&ownerId=${funnel.ana}&by=owner&format=csv`,
    );
    const anaLines = (await anas.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(anaLines.slice(1, 3)).toEqual([
      "Total;Total;3;3;100,0;2;66,7;1;33,3;2;66,7;01/01/2019;30/04/2019",
      "Responsável;Ana Responsável Funil;3;3;100,0;2;66,7;1;33,3;2;66,7;01/01/2019;30/04/2019",
    ]);
  });
});

describe("GET /api/reports/students", () => {
  it("answers 200 with the report's contract (the numbers: tests/service/report-numbers.test.ts)", async () => {
    const res = await team.get(`/api/reports/students?from=2019-01-01&to=2019-04-30&branchId=${students.c}`);
    expect(res.status).toBe(200);
    expect(studentsReportDto.safeParse(res.body).error).toBeUndefined();
    expect(res.body.months.map((m: { month: string; active: number }) => [m.month, m.active])).toEqual([
      ["2019-01", 3],
      ["2019-02", 3],
      ["2019-03", 3],
      ["2019-04", 3],
    ]);
  });

  it("answers its months as CSV; refuses a bad period", async () => {
    const res = await admin.raw("GET", `/api/reports/students?from=2019-01-01&to=2019-04-30&branchId=${students.c}&format=csv`);
    const text = (await res.text()).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Agrupamento;Grupo;Mês;Ativas no início;Ativas no fim;Novas;Canceladas;Churn (%)");
    expect(lines[2]).toBe("Total;Total;02/2019;3;3;1;1;33,3");
    const bad = await team.get("/api/reports/students?from=2019-01-01&to=2023-01-01");
    expect([bad.status, bad.body.message]).toEqual([400, "Período de no máximo 24 meses"]);
    expect((await client.get("/api/reports/students")).status).toBe(403);
  });
});

describe("GET /api/reports/attendance", () => {
  it("answers 200 with the report's contract (the numbers: tests/service/report-numbers.test.ts)", async () => {
    const res = await team.get(`/api/reports/attendance?from=2019-01-01&to=2019-03-31&branchId=${attendance.d}&by=class`);
    expect(res.status).toBe(200);
    expect(attendanceReportDto.safeParse(res.body).error).toBeUndefined();
    expect(res.body.months.map((m: { records: number; present: number }) => [m.records, m.present])).toEqual([
      [5, 3],
      [2, 1],
      [0, 0],
    ]);
    expect(res.body.absences).toEqual({ total: 3, madeUp: 1, booked: 1, notMadeUp: 1 });
  });

  it("answers as CSV; refuses a bad grouping", async () => {
    const res = await team.raw(
      "GET",
      `/api/reports/attendance?from=2019-01-01&to=2019-03-31&branchId=${attendance.d}&by=branch&format=csv`,
    );
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(0, 4)).toEqual([
      "Agrupamento;Grupo;Mês;Registros;Presentes;Presença (%)",
      "Total;Total;01/2019;5;3;60,0",
      "Total;Total;02/2019;2;1;50,0",
      "Total;Total;03/2019;0;0;",
    ]);
    const bad = await team.get("/api/reports/attendance?by=aluno");
    expect([bad.status, bad.body.message]).toEqual([400, "Agrupamento inválido"]);
  });
});

describe("Exportar CSV of the lists", () => {
  it("answers a list's filters as a CSV file: formula cells escaped, quotes and ';' quoted, accents kept, JSON unchanged", async () => {
    const { cls } = await makeClass();
    await makeTrial(cls.id, { scheduledDate: "2019-07-03", studentName: "=HYPERLINK(1)", guardianName: 'Zé "da Silva"; Júnior' });
    const res = await team.raw("GET", "/api/trials?month=2019-07&format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe("Data;Horário;Aluno;Responsável;WhatsApp;Turma;Status;Origem;Resultado;Motivo da perda;Criado em");
    const line = lines.find((l) => l.includes("HYPERLINK"))!;
    expect(line.startsWith('03/07/2019;08:00;\'=HYPERLINK(1);"Zé ""da Silva""; Júnior";(11) 98765-4321;')).toBe(true);
    // The JSON list is as it was.
    const json = await team.get("/api/trials?month=2019-07");
    expect(json.headers.get("content-type")).toContain("application/json");
    expect(json.body.some((t: { studentName: string }) => t.studentName === "=HYPERLINK(1)")).toBe(true);
  });

  it("the roll calls of a class's month: every record, by session and name; a Client gets 404, a bad month 400", async () => {
    const res = await team.raw("GET", `/api/classes/${attendance.d2}/attendance?format=csv&month=2019-01`);
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe("Data;Horário;Aluno;Reposição;Status;Observação");
    expect(lines.slice(1).map((l) => l.split(";").filter((_, i) => i !== 2))).toEqual([
      ["07/01/2019", "08:00", "Não", "Falta", ""],
      ["21/01/2019", "08:00", "Sim", "Presente", ""],
    ]);
    expect((await client.raw("GET", `/api/classes/${attendance.d2}/attendance?format=csv&month=2019-01`)).status).toBe(404);
    const bad = await team.get(`/api/classes/${attendance.d2}/attendance?format=csv&month=2019-13`);
    expect([bad.status, bad.body.message]).toEqual([400, "Mês inválido (use AAAA-MM)"]);
  });

  it("every list screen's endpoint answers ?format=csv with a header row", async () => {
    for (const [path, header] of [
      ["/api/guardians?format=csv&q=zzzz-nada", "Responsável;Nome;Principal;CPF;E-mail;Telefone;Data de nascimento;Endereço"],
      ["/api/students?format=csv&status=inactive&q=zzzz-nada", "Nome;Data de nascimento;Responsável;Ativo;Observações;Cadastrado em"],
      [`/api/classes?format=csv&branchId=${funnel.a}`, "Turma;Curso;Professor;Unidade;Sala;Horários;Ativa"],
      [
        `/api/enrollments?format=csv&classId=${students.c1}`,
        "Aluno;Turma;Início;Status;Posição na espera;Cancelada em;Motivo do cancelamento;De experimental;Criada em",
      ],
    ]) {
      const res = await admin.raw("GET", path);
      expect(res.status, path).toBe(200);
      const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0], path).toBe(header);
      if (path.startsWith("/api/classes")) expect(lines.filter(Boolean)).toHaveLength(3);
      if (path.startsWith("/api/enrollments")) expect(lines.filter(Boolean)).toHaveLength(5); // e1, e2, e3, e7
    }
  });
});
