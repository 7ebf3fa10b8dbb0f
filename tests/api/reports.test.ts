import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { makeClass, makeTrial } from "../support/factories";
import { attendance, funnel, seedReportFixtures, students } from "../support/report-fixtures";
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

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  await seedReportFixtures();
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
