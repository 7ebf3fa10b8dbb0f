import { beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { seedFinanceFixture } from "../support/report-fixtures";
import { financeReportDto } from "../../app/domain/reports/schema";

/**
 * GET /api/reports/finance over HTTP: its statuses, its contract, its CSV and
 * its screen. The report's numbers are the service's (tests/service/report-finance.test.ts,
 * on the same fixture). The fixture's numbers are worked out by hand below: two new branches (F and G, the defaults of 2 % fine and 1 % a
 * month of interest) with charges and payments in 2017, where no other test
 * writes, every assertion filtered by one of them. The period is January to
 * June 2017, so what is overdue is counted on 30/06/2017 (the period's end,
 * before today).
 */

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;
const branch = { f: "", g: "", g2: "" };
const PERIOD = "from=2017-01-01&to=2017-06-30";

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  Object.assign(branch, await seedFinanceFixture());
});

describe("GET /api/reports/finance", () => {
  it("answers 200 with the report's contract (the numbers: tests/service/report-finance.test.ts)", async () => {
    const res = await team.get(`/api/reports/finance?${PERIOD}&branchId=${branch.f}`);
    expect(res.status).toBe(200);
    expect(financeReportDto.safeParse(res.body).error).toBeUndefined();
    expect(Object.keys(res.body).sort()).toEqual(["branchId", "byMethod", "expected", "from", "months", "overdue", "received", "to"]);
    expect(res.body).toMatchObject({ from: "2017-01-01", to: "2017-06-30", branchId: branch.f, expected: "1390.00", received: "460.00" });
    expect(res.body.months).toHaveLength(6);
    expect(res.body.overdue.buckets.map((b: { bucket: string }) => b.bucket)).toEqual(["1–30", "31–60", "61–90", "90+"]);
  });

  it("answers CSV for Excel in Portuguese: BOM, ';', dd/MM/aaaa and 1.234,56", async () => {
    const res = await admin.raw("GET", `/api/reports/finance?${PERIOD}&branchId=${branch.f}&format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="financeiro_2017-01-01_2017-06-30.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines).toEqual([
      "Agrupamento;Grupo;Esperado;Cobranças;Recebido;Pagamentos;Em atraso;Cobranças em atraso;Atraso em;De;Até",
      "Mês;01/2017;300,00;2;150,00;2;;;;01/01/2017;30/06/2017",
      "Mês;02/2017;0,00;0;0,00;0;;;;01/01/2017;30/06/2017",
      "Mês;03/2017;150,00;1;210,00;2;;;;01/01/2017;30/06/2017",
      "Mês;04/2017;400,00;1;0,00;0;;;;01/01/2017;30/06/2017",
      "Mês;05/2017;250,00;1;100,00;1;;;;01/01/2017;30/06/2017",
      "Mês;06/2017;290,00;3;0,00;0;;;;01/01/2017;30/06/2017",
      "Total;Total;1.390,00;8;460,00;5;914,28;5;30/06/2017;01/01/2017;30/06/2017",
      "Forma de pagamento;Pix;;;160,00;2;;;;01/01/2017;30/06/2017",
      "Forma de pagamento;Dinheiro;;;50,00;1;;;;01/01/2017;30/06/2017",
      "Forma de pagamento;Cartão;;;0,00;0;;;;01/01/2017;30/06/2017",
      "Forma de pagamento;Transferência;;;150,00;1;;;;01/01/2017;30/06/2017",
      "Forma de pagamento;Boleto;;;100,00;1;;;;01/01/2017;30/06/2017",
      "Faixa de atraso;1–30 dias;;;;;174,68;2;30/06/2017;01/01/2017;30/06/2017",
      "Faixa de atraso;31–60 dias;;;;;159,25;1;30/06/2017;01/01/2017;30/06/2017",
      "Faixa de atraso;61–90 dias;;;;;418,80;1;30/06/2017;01/01/2017;30/06/2017",
      "Faixa de atraso;90+ dias;;;;;161,55;1;30/06/2017;01/01/2017;30/06/2017",
      "",
    ]);
  });

  it("refuses a bad period or branch with the field's message; Team and Administrator only", async () => {
    const invalid = await team.get("/api/reports/finance?from=2017-13-01&to=2017-06-30");
    expect([invalid.status, invalid.body.message, invalid.body.errors.from]).toEqual([400, "Período inválido", ["Período inválido"]]);
    const reversed = await team.get("/api/reports/finance?from=2017-06-30&to=2017-01-01");
    expect([reversed.status, reversed.body.errors.to]).toEqual([400, ["Período inválido"]]);
    const long = await team.get("/api/reports/finance?from=2017-01-01&to=2019-01-01");
    expect([long.status, long.body.message]).toEqual([400, "Período de no máximo 24 meses"]);
    const badBranch = await team.get(`/api/reports/finance?${PERIOD}&branchId=nao-e-id`);
    expect([badBranch.status, badBranch.body.errors.branchId]).toEqual([400, ["Unidade inválida"]]);
    expect((await client.get(`/api/reports/finance?${PERIOD}`)).status).toBe(403);
    expect((await anonymous().get(`/api/reports/finance?${PERIOD}`)).status).toBe(401);
  });

  it("the screen draws the three charts with their tables, in reais, without JavaScript", async () => {
    const res = await team.raw("GET", `/reports/finance?${PERIOD}&branchId=${branch.f}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const title of ["Esperado e recebido por mês", "Em atraso em 30/06/2017 por faixa de atraso", "Recebido por forma de pagamento"]) {
      expect(html).toContain(`<figcaption class="mb-2 font-semibold">${title}</figcaption>`);
    }
    expect(html.match(/<summary[^>]*>Ver tabela<\/summary>/g)).toHaveLength(3);
    expect(html).toContain("R$ 1.390,00");
    expect(html).toContain("R$ 914,28");
    expect(html).toContain("Valor (R$)");
    expect(html).toContain(`href="/api/reports/finance?from=2017-01-01&amp;to=2017-06-30&amp;branchId=${branch.f}&amp;format=csv"`);
    const bad = await (await team.raw("GET", "/reports/finance?from=2017-01-01&to=2019-01-01")).text();
    expect(bad).toContain("Período de no máximo 24 meses");
    expect((await client.raw("GET", "/reports/finance")).status).toBe(403);
  });
});
