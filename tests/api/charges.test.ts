import { beforeAll, describe, expect, it } from "vitest";
import { parsePix } from "pix-utils";
import { signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeBranch, makeCharge, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent, makeTrial } from "../support/factories";
import { addDays, today } from "../../app/domain/calendar/dates";
import { billingSummaryDto, chargeDetailDto, chargeDto, generationPreviewDto, overdueFamilyDto } from "../../app/domain/charges/schema";

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
});

const TODAY = () => today();
const MISSING = "00000000-0000-4000-8000-000000000000";

/** A branch's class with `n` pupils enrolled ('Ativa' since 2020) on an offer of `monthlyValue`. */
async function network(n: number, monthlyValue = "189.90", discounts: number[] = [], branchName?: string) {
  const made = await makeClass(branchName ? { branchId: (await makeBranch({ name: branchName })).id } : {});
  const offer = await makeOffer(made.branchId, { monthlyValue });
  const pupils = [];
  for (let i = 0; i < n; i++) {
    const { guardian, persons } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const enrollment = await makeEnrollment({ studentId: student.id, classId: made.cls.id, offerId: offer.id, startDate: "2020-01-06" });
    if (discounts[i]) await enrollment.update({ discountPercent: discounts[i] });
    pupils.push({ guardian, persons, student, enrollment });
  }
  return { ...made, offer, pupils };
}

async function oneOff(attrs: { amount?: string; dueDate?: string; branchId?: string; guardianId?: string } = {}) {
  const branchId = attrs.branchId ?? (await makeClass()).branchId;
  const guardianId = attrs.guardianId ?? (await makeGuardian(1)).guardian.id;
  const res = await admin.post("/api/charges", {
    guardianId,
    branchId,
    description: "Figurino do festival",
    amount: attrs.amount ?? "1000.00",
    dueDate: attrs.dueDate ?? "2026-10-10",
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe("billing settings", () => {
  it("answers the defaults, then keeps what an Administrator puts; Team reads but does not change", async () => {
    const { branchId } = await makeClass();
    expect((await team.get(`/api/branches/${branchId}/billing-settings`)).body).toEqual({
      branchId,
      pixKey: null,
      pixKeyKind: null,
      payeeName: null,
      payeeCity: null,
      dueDay: 10,
      finePercent: 2,
      monthlyInterestPercent: 1,
    });
    expect((await team.put(`/api/branches/${branchId}/billing-settings`, { dueDay: 5 })).status).toBe(403);
    const res = await admin.put(`/api/branches/${branchId}/billing-settings`, {
      pixKey: "123.456.789-09",
      payeeName: "Escola de Dança Ávila",
      payeeCity: "São Paulo",
      dueDay: 5,
      finePercent: 1.5,
      monthlyInterestPercent: "0,5",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pixKey: "12345678909", pixKeyKind: "cpf", dueDay: 5, finePercent: 1.5, monthlyInterestPercent: 0.5 });
  });

  it.each([
    [{ dueDay: 0 }, "dueDay", "Dia de vencimento deve ser de 1 a 28"],
    [{ dueDay: 29 }, "dueDay", "Dia de vencimento deve ser de 1 a 28"],
    [{ finePercent: 2.01 }, "finePercent", "Multa deve ser de 0 a 2%"],
    [{ monthlyInterestPercent: 1.5 }, "monthlyInterestPercent", "Juros devem ser de 0 a 1% ao mês"],
    [{ pixKey: "123.456.789-00" }, "pixKey", "Chave Pix inválida"],
    [{ pixKey: "11987654321" }, "pixKey", "Chave Pix inválida"],
    [{ pixKey: "nao-e-email" }, "pixKey", "Chave Pix inválida"],
  ])("refuses %j with the field's message (400)", async (body, field, message) => {
    const { branchId } = await makeClass();
    const res = await admin.put(`/api/branches/${branchId}/billing-settings`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe("monthly generation", () => {
  it("GET previews (200), POST generates (200, Administrator only: 403 for Team); the list shows the month's charges", async () => {
    const net = await network(1, "189.90");
    const month = "2031-03";
    const preview = await admin.get(`/api/charges/generate?month=${month}&branchId=${net.branchId}`);
    expect(preview.status).toBe(200);
    expect(generationPreviewDto.safeParse(preview.body).error).toBeUndefined();
    expect(preview.body).toMatchObject({ month, branchId: net.branchId, count: 1, total: "189.90" });

    expect((await team.post("/api/charges/generate", { month, branchId: net.branchId })).status).toBe(403);
    const res = await admin.post("/api/charges/generate", { month, branchId: net.branchId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ month, branchId: net.branchId, created: 1, skipped: 0, total: "189.90" });
    const list = await team.get(`/api/charges?branchId=${net.branchId}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(chargeDto.safeParse(list.body[0]).error).toBeUndefined();
    expect(list.body[0]).toMatchObject({ competence: month, status: "Aberta", code: expect.stringMatching(/^M\d{7,}$/) });
  });

  it("names its scope: every branch without a branchId (a line per branch); an unknown branch is 400; the month defaults to the scope's first not generated", async () => {
    const tag = Date.now().toString(36);
    const b = await network(1, "50.00", [], `Unidade B ${tag}`);
    const all = await admin.get(`/api/charges/generate?month=2032-02`);
    expect(all.status).toBe(200);
    expect(all.body.branchId).toBeNull();
    expect(all.body.branches).toContainEqual({ branchId: b.branchId, branchName: `Unidade B ${tag}`, count: 1, total: "50.00" });
    const unknown = await admin.get(`/api/charges/generate?month=2032-02&branchId=${MISSING}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.branchId).toEqual(["Unidade não encontrada"]);
    // Without a month: the scope's first month not yet generated (the current one when none was).
    expect((await admin.get(`/api/charges/generate?branchId=${b.branchId}`)).body.month).toBe(TODAY().slice(0, 7));
  });

  it("refuses a malformed month: 'Mês inválido' (400)", async () => {
    const res = await admin.post("/api/charges/generate", { month: "2031-13" });
    expect(res.status).toBe(400);
    expect(res.body.errors.month).toEqual(["Mês inválido"]);
    expect((await admin.get("/api/charges/generate?month=31-01")).body.errors.month).toEqual(["Mês inválido"]);
  });

  it("the screens read a month typed as text where the browser has no month picker ('MM/YYYY'), and the fields say 'AAAA-MM'", async () => {
    for (const path of ["/charges?month=06%2F2031", "/charges/generate?month=06%2F2031"]) {
      const html = await (await admin.raw("GET", path)).text();
      const input = /<input[^>]*type="month"[^>]*>/.exec(html)?.[0] ?? "";
      expect(input).toContain('value="2031-06"');
      expect(input).toContain('placeholder="AAAA-MM"');
      expect(input).toMatch(/pattern="[^"]+"/);
      expect(html).toContain("Junho de 2031");
    }
  });
});

describe("what is due", () => {
  it("GET /due answers the amount on a date (200); a date not ISO is 400", async () => {
    const charge = await oneOff({ amount: "1000.00", dueDate: "2026-10-10" });
    const res = await team.get(`/api/charges/${charge.id}/due?date=2026-10-20`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ date: "2026-10-20", principal: "1000.00", fine: "20.00", interest: "3.33", paid: "0.00", total: "1023.33" });
    expect((await team.get(`/api/charges/${charge.id}/due?date=20/10/2026`)).status).toBe(400);
  });

  it("POST /waive: Team 403, no reason 400, the Administrator's 200", async () => {
    const charge = await oneOff({ amount: "1000.00", dueDate: addDays(TODAY(), -10) });
    expect((await team.post(`/api/charges/${charge.id}/waive`, { reason: "Acordo" })).status).toBe(403);
    const blank = await admin.post(`/api/charges/${charge.id}/waive`, { reason: " " });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.reason).toEqual(["Motivo é obrigatório"]);
    const res = await admin.post(`/api/charges/${charge.id}/waive`, { reason: "Acordo com a família" });
    expect(res.status).toBe(200);
    expect(chargeDetailDto.safeParse(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ feesWaived: true, waiveReason: "Acordo com a família", amountDue: "1000.00" });
  });
});

describe("payments", () => {
  it("POST /payments: 201, more than is due 400, a paid charge 409; POST /reverse: no reason 400, Team 403, 200, twice 409", async () => {
    const charge = await oneOff({ amount: "300.00", dueDate: addDays(TODAY(), 5) });
    const pay = (body: object) => team.post(`/api/charges/${charge.id}/payments`, { paidOn: TODAY(), method: "Pix", ...body });
    const over = await pay({ amount: "300.01" });
    expect(over.status).toBe(400);
    expect(over.body.errors.amount).toEqual(["Valor maior que o devido"]);
    expect(await count("payments", `"chargeId" = :c`, { c: charge.id })).toBe(0);
    const paid = await pay({ amount: "300" });
    expect(paid.status).toBe(201);
    expect(chargeDetailDto.safeParse(paid.body).error).toBeUndefined();
    expect(paid.body).toMatchObject({ status: "Paga", paid: "300.00", amountDue: "0.00" });
    const again = await pay({ amount: "1" });
    expect([again.status, again.body.message]).toEqual([409, "Cobrança já paga"]);

    const paymentId = paid.body.payments[0].id;
    const noReason = await admin.post(`/api/payments/${paymentId}/reverse`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toEqual(["Motivo é obrigatório"]);
    const byTeam = await team.post(`/api/payments/${paymentId}/reverse`, { reason: "Pix devolvido" });
    expect([byTeam.status, byTeam.body.message]).toEqual([403, "Você não tem permissão para realizar esta ação"]);
    const reversed = await admin.post(`/api/payments/${paymentId}/reverse`, { reason: "Pix devolvido" });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ status: "Aberta", paid: "0.00", amountDue: "300.00" });
    const twice = await admin.post(`/api/payments/${paymentId}/reverse`, { reason: "de novo" });
    expect([twice.status, twice.body.message]).toEqual([409, "Pagamento já estornado"]);
  });

  it("refuses a bad field with its message (400), writing nothing", async () => {
    const charge = await oneOff({ amount: "50.00", dueDate: addDays(TODAY(), 5) });
    const res = await team.post(`/api/charges/${charge.id}/payments`, { amount: "10", paidOn: TODAY(), method: "Cheque" });
    expect(res.status).toBe(400);
    expect(res.body.errors.method).toEqual(["Forma de pagamento inválida"]);
    expect(await count("payments", `"chargeId" = :c`, { c: charge.id })).toBe(0);
  });
});

describe("cancelling", () => {
  it("POST /cancel: 200 with a reason; one with payments 409; twice 409", async () => {
    const withPayment = await oneOff({ amount: "80.00", dueDate: addDays(TODAY(), 5) });
    await team.post(`/api/charges/${withPayment.id}/payments`, { amount: "10", paidOn: TODAY(), method: "Pix" });
    const refused = await admin.post(`/api/charges/${withPayment.id}/cancel`, { reason: "Erro" });
    expect([refused.status, refused.body.message]).toEqual([409, "Cobrança com pagamentos: estorne-os antes"]);
    const charge = await oneOff({ amount: "80.00", dueDate: addDays(TODAY(), 5) });
    const res = await admin.post(`/api/charges/${charge.id}/cancel`, { reason: "Lançada por engano" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Cancelada", cancelReason: "Lançada por engano", amountDue: "0.00" });
    const again = await admin.post(`/api/charges/${charge.id}/cancel`, { reason: "x" });
    expect([again.status, again.body.message]).toEqual([409, "Cobrança cancelada"]);
  });
});

describe("one-off charges", () => {
  it("need a family, a description, a positive amount and a due date; Administrator only", async () => {
    const { branchId } = await makeClass();
    const res = await admin.post("/api/charges", { branchId, description: " ", amount: "0", dueDate: "amanhã" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      guardianId: ["Responsável é obrigatório"],
      description: ["Descrição é obrigatória"],
      amount: ["Valor deve ser maior que zero"],
      dueDate: ["Data de vencimento inválida"],
    });
    const { guardian } = await makeGuardian(1);
    const body = { guardianId: guardian.id, branchId, description: "Festival", amount: 45.5, dueDate: "2031-01-10" };
    expect((await team.post("/api/charges", body)).status).toBe(403);
    const made = await admin.post("/api/charges", body);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ amount: "45.50", competence: null, enrollmentId: null, code: expect.stringMatching(/^A\d{7,}$/) });
  });
});

describe("Pix", () => {
  const keys: Array<[string, string, string]> = [
    ["cpf", "529.982.247-25", "52998224725"],
    ["cnpj", "11.222.333/0001-81", "11222333000181"],
    ["email", "Financeiro@Escola.com.br", "financeiro@escola.com.br"],
    ["phone", "+55 (11) 98765-4321", "+5511987654321"],
    ["random", "123e4567-e89b-42d3-a456-426614174000", "123e4567-e89b-42d3-a456-426614174000"],
  ];
  it.each(keys)("a static BR Code with a %s key, parsed back with a valid CRC", async (_kind, typed, stored) => {
    const { branchId } = await makeClass();
    const put = await admin.put(`/api/branches/${branchId}/billing-settings`, {
      pixKey: typed,
      payeeName: "Associação de Dança Conceição Ávila Ltda",
      payeeCity: "São José dos Campos",
    });
    expect(put.status).toBe(200);
    const charge = await oneOff({ branchId, amount: "189.90", dueDate: addDays(TODAY(), 3) });
    const res = await client.get(`/api/charges/${charge.id}/pix`);
    expect(res.status).toBe(404);
    const pix = await team.get(`/api/charges/${charge.id}/pix`);
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ txid: charge.code, amount: "189.90" });
    expect(pix.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const parsed = parsePix(pix.body.payload) as Record<string, unknown>;
    expect(parsed.type).toBe("STATIC");
    expect(parsed).toMatchObject({
      pixKey: stored,
      merchantName: "ASSOCIACAO DE DANCA CONCE",
      merchantCity: "SAO JOSE DOS CA",
      transactionAmount: 189.9,
      txid: charge.code,
      merchantCategoryCode: "0000",
      transactionCurrency: "986",
      countryCode: "BR",
    });
    // The library's parse checks the CRC16 (an altered code is an error).
    const altered = pix.body.payload.slice(0, -1) + (pix.body.payload.endsWith("0") ? "1" : "0");
    expect((parsePix(altered) as { error?: boolean }).error).toBe(true);
  });

  it("409 'Configure a chave Pix da unidade' without a key", async () => {
    const charge = await oneOff({ amount: "10.00", dueDate: addDays(TODAY(), 3) });
    const res = await team.get(`/api/charges/${charge.id}/pix`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Configure a chave Pix da unidade");
  });
});

describe("Client scoping", () => {
  it("a Client reads its own family's charges only, 404 for others'", async () => {
    const family = await makeGuardian(1);
    const other = await makeGuardian(1);
    const { branchId } = await makeClass();
    const own = await makeCharge({ guardianId: family.guardian.id, branchId, dueDate: addDays(TODAY(), 3) });
    const theirs = await makeCharge({ guardianId: other.guardian.id, branchId });
    const own_client = await signIn("Client");
    await family.guardian.update({ userId: own_client.user!.id });
    const client = own_client;
    const mine = await client.get("/api/charges");
    expect(mine.status).toBe(200);
    expect(mine.body.map((c: { id: string }) => c.id)).toContain(own.id);
    expect(mine.body.map((c: { id: string }) => c.id)).not.toContain(theirs.id);
    expect((await client.get(`/api/charges/${theirs.id}`)).status).toBe(404);
    expect((await client.get(`/api/charges/${theirs.id}/due`)).status).toBe(404);
    expect((await client.get(`/api/charges/${own.id}`)).status).toBe(200);
    expect((await client.get("/api/billing/overdue")).status).toBe(403);
    // Its own charge's Pix (the branch has a key), and a 404 for another family's.
    expect(
      (
        await admin.put(`/api/branches/${branchId}/billing-settings`, {
          pixKey: "financeiro@escola.com.br",
          payeeName: "Escola",
          payeeCity: "Recife",
        })
      ).status,
    ).toBe(200);
    const pix = await client.get(`/api/charges/${own.id}/pix`);
    expect(pix.status).toBe(200);
    expect(pix.body).toMatchObject({ txid: own.code, amount: "100.00" });
    expect(pix.body.payload).toMatch(/^000201.*br\.gov\.bcb\.pix/);
    expect((await client.get(`/api/charges/${theirs.id}/pix`)).status).toBe(404);
    expect((await team.get(`/api/charges/${theirs.id}/pix`)).status).toBe(200);
  });
});

describe("overdue families and the month's summary", () => {
  it("GET /api/billing/overdue: 200, largest first (the figures: tests/service/charge-rules.test.ts); CSV for spreadsheets", async () => {
    const { branchId } = await makeClass();
    const a = await makeGuardian(1);
    const b = await makeGuardian(1);
    await makeCharge({ guardianId: a.guardian.id, branchId, amountCents: 10_000, dueDate: addDays(TODAY(), -45) });
    await makeCharge({ guardianId: a.guardian.id, branchId, amountCents: 10_000, dueDate: addDays(TODAY(), -5) });
    await makeCharge({ guardianId: b.guardian.id, branchId, amountCents: 50_000, dueDate: addDays(TODAY(), -3) });
    await makeCharge({ guardianId: b.guardian.id, branchId, amountCents: 50_000, dueDate: addDays(TODAY(), 3) });
    const res = await team.get(`/api/billing/overdue?branchId=${branchId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((f: { guardianId: string }) => f.guardianId)).toEqual([b.guardian.id, a.guardian.id]);
    for (const family of res.body) expect(overdueFamilyDto.safeParse(family).error).toBeUndefined();

    const csv = await team.raw("GET", `/api/billing/overdue?branchId=${branchId}&format=csv`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, first] = text.split("\r\n");
    expect(header).toBe("Responsável;Telefone;Total devido hoje;Vencimento mais antigo;Dias de atraso;Faixa;Cobranças");
    expect(first).toContain(";510,50;");
    // The phone as people write it (text to Excel, never a number).
    expect(first).toContain(";(11) 98765-4321;");
  });

  it("'Cobrar no WhatsApp' makes the family's reminder when followed: its charges, the total and a Pix code of the total", async () => {
    const { branchId } = await makeClass();
    expect(
      (
        await admin.put(`/api/branches/${branchId}/billing-settings`, {
          pixKey: "123.456.789-09",
          payeeName: "Escola Ávila",
          payeeCity: "São Paulo",
        })
      ).status,
    ).toBe(200);
    const late = await makeGuardian(1);
    const current = await makeGuardian(1);
    await makeCharge({
      guardianId: late.guardian.id,
      branchId,
      amountCents: 10_000,
      dueDate: addDays(TODAY(), -40),
      description: "Mensalidade atrasada",
    });
    await makeCharge({ guardianId: current.guardian.id, branchId, amountCents: 10_000, dueDate: addDays(TODAY(), 5) });
    const desk = await signIn("Team");
    expect((await desk.form("/preferences/branch", { branchId, redirectTo: "/billing/overdue" })).status).toBe(302);

    // The list links to the reminder instead of carrying it.
    const page = await (await desk.raw("GET", "/billing/overdue")).text();
    expect(page).toContain(`/billing/overdue/${late.guardian.id}/whatsapp`);
    expect(page).not.toContain("wa.me");
    // Each family links to its page (persons and 'Financeiro').
    expect(page).toContain(`href="/guardians/${late.guardian.id}/persons"`);

    const res = await desk.raw("GET", `/billing/overdue/${late.guardian.id}/whatsapp`);
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get("location")!);
    expect(url.origin + url.pathname).toBe(`https://wa.me/55${late.persons[0].phone}`);
    const text = url.searchParams.get("text")!;
    expect(text).toContain("Mensalidade atrasada");
    const code = /Pix copia e cola: (.+)/.exec(text)![1].trim();
    const pix = parsePix(code) as Record<string, unknown>;
    // 40 days late: 100,00 + a 2 % fine + 1 % a month for 40 days (1,33).
    expect(pix).toMatchObject({ type: "STATIC", transactionAmount: 103.33 });

    // A family with nothing overdue (or no longer): back to the list, saying so; nothing for a Client.
    const none = await desk.raw("GET", `/billing/overdue/${current.guardian.id}/whatsapp`);
    expect(none.status).toBe(302);
    expect(none.headers.get("location")).toBe("/billing/overdue");
    expect((await client.raw("GET", `/billing/overdue/${late.guardian.id}/whatsapp`)).status).toBe(403);
  });

  /**
   * One charge in a month of its own, far ahead (only this test's charge is in it), and a Team
   * user of its own with the charge's branch selected (the screen lists the selected branch).
   */
  async function chargeOnOwnMonth(amountCents: number) {
    const { branchId } = await makeClass();
    const { guardian } = await makeGuardian(1);
    const month = `${2060 + Math.floor(Math.random() * 40)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}`;
    const charge = await makeCharge({ guardianId: guardian.id, branchId, amountCents, dueDate: `${month}-10` });
    const desk = await signIn("Team");
    expect((await desk.form("/preferences/branch", { branchId, redirectTo: "/charges" })).status).toBe(302);
    return { month, charge, desk };
  }

  it("the list's totals row (kept between reads) follows a payment at once", async () => {
    const { month, charge, desk } = await chargeOnOwnMonth(10_000);
    const totalsRow = async () => {
      const html = await (await desk.raw("GET", `/charges?month=${month}`)).text();
      const text = html
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ");
      return /\d+ cobranças? · Total R\$ [\d.,]+ · Recebido R\$ [\d.,]+/.exec(text)?.[0];
    };
    expect(await totalsRow()).toBe("1 cobrança · Total R$ 100,00 · Recebido R$ 0,00");
    expect(await totalsRow()).toBe("1 cobrança · Total R$ 100,00 · Recebido R$ 0,00");
    expect((await team.post(`/api/charges/${charge.id}/payments`, { amount: "40.00", paidOn: TODAY(), method: "Dinheiro" })).status).toBe(
      201,
    );
    expect(await totalsRow()).toBe("1 cobrança · Total R$ 100,00 · Recebido R$ 40,00");
  });

  it("the charges list renders each charge once, one table that is a card per row on a phone (half the markup of a list)", async () => {
    const { month, charge, desk } = await chargeOnOwnMonth(12_345);
    const html = await (await desk.raw("GET", `/charges?month=${month}`)).text();
    expect(html.split(`href="/charges/${charge.id}"`).length - 1).toBe(1);
    expect(html).toContain('<table class="stack">');
    // On a phone each cell reads "label value": the label travels with the cell.
    expect(html).toMatch(/<td class="td" data-label="Descrição">/);
    expect(html).toMatch(/data-label="Devido hoje"[^>]*>R\$\s123,45</);
  });

  it("the charges list as CSV: ';', dd/MM/yyyy, 1.234,56, formulas escaped", async () => {
    const { branchId } = await makeClass();
    const { guardian } = await makeGuardian(1);
    await admin.post("/api/charges", {
      guardianId: guardian.id,
      branchId,
      description: "=HYPERLINK(1)",
      amount: "1234.56",
      dueDate: "2031-02-03",
    });
    const csv = await team.raw("GET", `/api/charges?branchId=${branchId}&format=csv`);
    const text = new TextDecoder().decode(new Uint8Array(await csv.arrayBuffer()).slice(3));
    const [header, row] = text.split("\r\n");
    expect(header).toBe("Código;Responsável;Aluno;Descrição;Vencimento;Valor;Pago;Devido hoje;Status");
    expect(row).toMatch(/^A\d+;Pessoa 0 \w+;;'=HYPERLINK\(1\);03\/02\/2031;1\.234,56;0,00;1\.234,56;Aberta$/);
  });

  it("GET /api/billing/summary: 200 with its contract; a bad month 400; an unknown charge 404", async () => {
    const { branchId } = await makeClass();
    const res = await admin.get(`/api/billing/summary?month=2031-02&branchId=${branchId}`);
    expect(res.status).toBe(200);
    expect(billingSummaryDto.safeParse(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ month: "2031-02", expected: "0.00", received: "0.00" });
    expect((await admin.get("/api/billing/summary?month=2031-13")).status).toBe(400);
    expect((await admin.get(`/api/charges/${MISSING}`)).status).toBe(404);
  });
});

/** A page's HTML as text, tags and React's comments out (what a reader sees). */
async function pageText(who: ApiClient, path: string): Promise<{ status: number; html: string; text: string }> {
  const res = await who.raw("GET", path);
  const html = await res.text();
  return { status: res.status, html, text: visible(html) };
}

const visible = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

const FORBIDDEN = "Você não tem permissão para realizar esta ação";
const PIX_UNAVAILABLE = "Pix indisponível para esta cobrança: fale com a secretaria da escola.";

describe("money decisions are the Administrator's (issue 39)", () => {
  it("reversing a payment: Team gets no 'Estornar' and its form post is 403; the Administrator's reverses", async () => {
    const charge = await oneOff({ amount: "80.00", dueDate: addDays(TODAY(), 5) });
    const paid = await team.post(`/api/charges/${charge.id}/payments`, { amount: "80.00", paidOn: TODAY(), method: "Pix" });
    expect(paid.status).toBe(201);
    const paymentId = paid.body.payments[0].id;
    const teamPage = await pageText(team, `/charges/${charge.id}`);
    expect(teamPage.status).toBe(200);
    expect(teamPage.text).toContain("R$ 80,00");
    expect(teamPage.text).not.toContain("Estornar");
    expect(teamPage.text).not.toContain("Motivo do estorno");
    expect((await pageText(admin, `/charges/${charge.id}`)).text).toContain("Estornar");

    const refused = await team.form(`/charges/${charge.id}`, { intent: "reverse", paymentId, reason: "Pix devolvido" });
    expect(refused.status).toBe(403);
    expect(visible(await refused.text())).toContain(FORBIDDEN);
    expect((await team.get(`/api/charges/${charge.id}`)).body).toMatchObject({ status: "Paga", paid: "80.00" });

    const done = await admin.form(`/charges/${charge.id}`, { intent: "reverse", paymentId, reason: "Pix devolvido" });
    expect(done.status).toBe(302);
    expect((await team.get(`/api/charges/${charge.id}`)).body).toMatchObject({ status: "Aberta", paid: "0.00" });
  });

  it("a back-dated payment: Team a week back at most (API and form, the date kept), the Administrator 60 days before the charge", async () => {
    const charge = await oneOff({ amount: "90.00", dueDate: addDays(TODAY(), 5) });
    const eightDaysAgo = addDays(TODAY(), -8);
    const api = await team.post(`/api/charges/${charge.id}/payments`, { amount: "10.00", paidOn: eightDaysAgo, method: "Pix" });
    expect(api.status).toBe(400);
    expect(api.body.errors).toEqual({ paidOn: ["Data de pagamento anterior a 7 dias: peça ao Administrador"] });

    // The screen: the date field's range says it, and the server says it again for a post that ignores it.
    const teamPage = await pageText(team, `/charges/${charge.id}`);
    expect(teamPage.html).toMatch(new RegExp(`<input[^>]*id="pay-date"[^>]*min="${addDays(TODAY(), -7)}"`));
    const form = await team.form(`/charges/${charge.id}`, { intent: "pay", amount: "10,00", paidOn: eightDaysAgo, method: "Dinheiro" });
    expect(form.status).toBe(400);
    const html = await form.text();
    expect(visible(html)).toContain("Data de pagamento anterior a 7 dias: peça ao Administrador");
    expect(html).toMatch(new RegExp(`<input[^>]*id="pay-date"[^>]*value="${eightDaysAgo}"`));
    expect(await count("payments", `"chargeId" = :c`, { c: charge.id })).toBe(0);

    const earliest = addDays(TODAY(), -60);
    expect((await pageText(admin, `/charges/${charge.id}`)).html).toMatch(new RegExp(`<input[^>]*id="pay-date"[^>]*min="${earliest}"`));
    const tooOld = await admin.post(`/api/charges/${charge.id}/payments`, {
      amount: "10.00",
      paidOn: addDays(earliest, -1),
      method: "Pix",
    });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.errors).toEqual({ paidOn: ["Data de pagamento anterior ao permitido"] });
    const old = await admin.post(`/api/charges/${charge.id}/payments`, { amount: "10.00", paidOn: earliest, method: "Pix" });
    expect(old.status).toBe(201);
  });

  it("a discount at enrolment: Team's is 403 'Desconto só pelo Administrador' (API, trial, form with its values kept); 0 is fine", async () => {
    const { cls, branchId } = await makeClass();
    const offer = await makeOffer(branchId);
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id);
    const startDate = addDays(TODAY(), 14);
    const body = { studentId: student.id, classId: cls.id, offerId: offer.id, startDate };
    const refused = await team.post("/api/enrollments", { ...body, discountPercent: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Desconto só pelo Administrador",
      errors: { discountPercent: ["Desconto só pelo Administrador"] },
    });

    // The student's 'Nova matrícula': no discount field for Team; a post with one is refused, what was typed comes back.
    const teamForm = await pageText(team, `/students/${student.id}/enroll?classId=${cls.id}`);
    expect(teamForm.status).toBe(200);
    expect(teamForm.text).not.toContain("Desconto (%)");
    expect((await pageText(admin, `/students/${student.id}/enroll?classId=${cls.id}`)).text).toContain("Desconto (%)");
    // The class's 'Matricular aluno' too.
    const classForm = await pageText(team, `/classes/${cls.id}/students/enroll?studentId=${student.id}`);
    expect(classForm.status).toBe(200);
    expect(classForm.text).toContain("Data de início");
    expect(classForm.text).not.toContain("Desconto (%)");
    expect((await pageText(admin, `/classes/${cls.id}/students/enroll?studentId=${student.id}`)).text).toContain("Desconto (%)");
    const posted = await team.form(`/students/${student.id}/enroll`, {
      classId: cls.id,
      offerId: offer.id,
      startDate,
      discountPercent: "10",
    });
    expect(posted.status).toBe(403);
    const html = await posted.text();
    expect(visible(html)).toContain("Desconto só pelo Administrador");
    expect(html).toMatch(new RegExp(`<input[^>]*type="date"[^>]*value="${startDate}"`));
    expect(await count("enrollments", `"studentId" = :s`, { s: student.id })).toBe(0);

    // From a trial: refused before anything is written.
    const trial = await makeTrial(cls.id);
    const trialBody = { guardianId: guardian.id, offerId: offer.id, startDate, discountPercent: "5" };
    const fromTrial = await team.post(`/api/trials/${trial.id}/enroll`, trialBody);
    expect(fromTrial.status).toBe(403);
    expect(fromTrial.body.message).toBe("Desconto só pelo Administrador");
    expect(await count("students", `"guardianId" = :g`, { g: guardian.id })).toBe(1);
    expect((await pageText(team, `/trials/${trial.id}/enroll`)).text).not.toContain("Desconto (%)");
    const trialForm = await team.form(`/trials/${trial.id}/enroll`, {
      studentName: "Rafa Lima",
      family: "existing",
      guardianId: guardian.id,
      offerId: offer.id,
      startDate,
      discountPercent: "5",
    });
    expect(trialForm.status).toBe(403);
    const trialHtml = await trialForm.text();
    expect(visible(trialHtml)).toContain("Desconto só pelo Administrador");
    expect(trialHtml).toContain('value="Rafa Lima"');
    expect(await count("students", `"guardianId" = :g`, { g: guardian.id })).toBe(1);

    const zero = await team.post("/api/enrollments", { ...body, discountPercent: 0 });
    expect(zero.status).toBe(201);
    expect(zero.body.discountPercent).toBe(0);
  });

  it("zero is not a charge: the generation screen says 'Bolsa integral: sem cobrança'; a one-off of R$ 0,00 is 400", async () => {
    const net = await network(2, "150.00", [0, 100]);
    const month = "2034-02";
    // The preview's and the generation's figures: tests/service/charges.test.ts ('zero is not a charge').
    const desk = await signIn("Administrator");
    const screen = await pageText(desk, `/charges/generate?month=${month}&branchId=${net.branchId}`);
    expect(screen.text).toContain(`${net.pupils[1].student.fullName} Bolsa integral: sem cobrança`);
    expect(screen.text).toContain("1 mensalidade, total R$ 150,00.");

    const zeroOneOff = await admin.post("/api/charges", {
      guardianId: net.pupils[0].guardian.id,
      branchId: net.branchId,
      description: "Brinde",
      amount: "0,00",
      dueDate: "2034-02-10",
    });
    expect(zeroOneOff.status).toBe(400);
    expect(zeroOneOff.body.errors.amount).toEqual(["Valor deve ser maior que zero"]);
  });

  it("the Pix of a charge with nothing to pay is 409 'Nada a pagar'", async () => {
    const { branchId } = await makeClass();
    const put = await admin.put(`/api/branches/${branchId}/billing-settings`, {
      pixKey: "financeiro@escola.com.br",
      payeeName: "Escola",
      payeeCity: "Recife",
    });
    expect(put.status).toBe(200);
    const { guardian } = await makeGuardian(1);
    for (const attrs of [{ status: "Paga" as const }, { status: "Cancelada" as const }, { amountCents: 0, dueDate: addDays(TODAY(), 3) }]) {
      const charge = await makeCharge({ guardianId: guardian.id, branchId, ...attrs });
      const res = await team.get(`/api/charges/${charge.id}/pix`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Nada a pagar");
    }
  });

  it("Pix never breaks a page: a payee without letters is refused on saving, and one already stored shows 'Pix indisponível…'", async () => {
    const { branchId } = await makeClass();
    const key = { pixKey: "financeiro@escola.com.br" };
    const badName = await admin.put(`/api/branches/${branchId}/billing-settings`, { ...key, payeeName: "!!!", payeeCity: "Recife" });
    expect(badName.status).toBe(400);
    expect(badName.body.errors).toEqual({ payeeName: ["Nome do recebedor inválido para Pix"] });
    const badCity = await admin.put(`/api/branches/${branchId}/billing-settings`, { ...key, payeeName: "Escola", payeeCity: "@#$" });
    expect(badCity.body.errors).toEqual({ payeeCity: ["Cidade do recebedor inválida para Pix"] });
    // The settings' screen: the message on its field, what was typed kept.
    const screen = await admin.form(`/branches/${branchId}/billing`, {
      ...key,
      payeeName: "!!!",
      payeeCity: "Recife",
      dueDay: "10",
      finePercent: "2",
      monthlyInterestPercent: "1",
    });
    expect(screen.status).toBe(400);
    const screenHtml = await screen.text();
    expect(visible(screenHtml)).toContain("Nome do recebedor inválido para Pix");
    expect(screenHtml).toContain('value="Recife"');
    expect(
      (await admin.put(`/api/branches/${branchId}/billing-settings`, { ...key, payeeName: "Escola", payeeCity: "Recife" })).status,
    ).toBe(200);

    // A value the rule refuses, written straight into the database (an old release, a script).
    await testDb().query(`UPDATE "billing_settings" SET "payeeName" = '***' WHERE "branchId" = :b`, { replacements: { b: branchId } });
    const family = await makeGuardian(1);
    const student = await makeStudent(family.guardian.id);
    const charge = await makeCharge({
      guardianId: family.guardian.id,
      studentId: student.id,
      branchId,
      amountCents: 4_200,
      dueDate: addDays(TODAY(), 3),
    });
    const pix = await team.get(`/api/charges/${charge.id}/pix`);
    expect(pix.status).toBe(409);
    expect(pix.body.message).toBe(PIX_UNAVAILABLE);
    const staff = await pageText(team, `/charges/${charge.id}`);
    expect(staff.status).toBe(200);
    expect(staff.text).toContain(PIX_UNAVAILABLE);
    expect(staff.text).not.toContain("Código Pix");

    const own = await signIn("Client");
    await family.guardian.update({ userId: own.user!.id });
    const financeiro = await pageText(own, "/family?tab=financeiro");
    expect(financeiro.status).toBe(200);
    expect(financeiro.text).toContain("R$ 42,00");
    expect(financeiro.text).toContain(PIX_UNAVAILABLE);
  });
});
