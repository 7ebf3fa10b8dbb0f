import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, signIn, type ApiClient } from "../support/http";
import { count, testDb } from "../support/db";
import { makeClass } from "../support/factories";
import { newEndToEndId, startFakeApiPixBank, type FakeApiPixBank } from "../support/fake-api-pix-bank";
import { connectedBranch, eventually } from "../support/bank";
import { dateInTimeZone, today } from "../../app/domain/calendar/dates";
import { chargeDetailDto } from "../../app/domain/charges/schema";
import { reconciliationDto, runResultDto } from "../../app/domain/bank/received/schema";

/**
 * Money received from the bank (issue 42), against the fake API Pix bank
 * (HTTPS with a client certificate, OAuth, the standard's schemas checked on
 * every request; it posts the webhook to this server) and the real job queue
 * of the test server: the webhook's inbox, the payment recorded from what the
 * bank says, reconciliation, 'Pix sem cobrança', 'Pago a maior', 'Baixa manual
 * e Pix no banco', refunds and who may do what.
 */

let admin: ApiClient;
let team: ApiClient;
let client: ApiClient;
let bank: FakeApiPixBank;

beforeAll(async () => {
  [admin, team, client] = await Promise.all([signIn("Administrator"), signIn("Team"), signIn("Client")]);
  bank = await startFakeApiPixBank();
});

afterAll(async () => {
  expect(bank.violations).toEqual([]);
  await bank.close();
});

const chargeOf = async (id: string) => chargeDetailDto.parse((await admin.get(`/api/charges/${id}`)).body);
const paidCharge = (id: string) =>
  eventually(
    () => chargeOf(id),
    (c) => c.status === "Paga",
  );

/** The bank's call to our webhook, as it would post it (no cookie, no Origin). */
const postWebhook = (path: string, body: unknown) => anonymous().post(path, body as object);

const reconciliation = async (branchId: string, as: ApiClient = admin) => {
  const res = await as.get(`/api/billing/reconciliation?branchId=${branchId}`);
  expect(res.status).toBe(200);
  return reconciliationDto.parse(res.body);
};

describe("a Pix received by webhook", () => {
  it("is read at the bank and recorded: method Pix, its amount, paidOn its date in the school's zone, the note, source 'bank', by 'Banco'", async () => {
    const { charges } = await connectedBranch(admin, bank);
    // 02:30 UTC is still the day before in São Paulo.
    const horario = new Date(`${today()}T02:30:00.000Z`).toISOString();
    const pix = await bank.payCobv(charges[0].txid, { horario });
    const charge = await paidCharge(charges[0].id);
    expect(charge.payments).toHaveLength(1);
    expect(charge.payments[0]).toMatchObject({
      amount: "200.00",
      method: "Pix",
      paidOn: dateInTimeZone(new Date(horario)),
      note: `Pix recebido pelo banco (E2E ${pix.endToEndId})`,
      source: "bank",
      endToEndId: pix.endToEndId,
      createdById: null,
      createdByName: "Banco",
      refund: null,
    });
    expect(dateInTimeZone(new Date(horario))).not.toBe(horario.slice(0, 10));
    expect(charge.history.map((h) => [h.event, h.userName])).toEqual(
      expect.arrayContaining([
        ["Pix recebido pelo banco", "Banco"],
        ["Paga", "Banco"],
      ]),
    );
    // The audit trail names 'Banco' for the payment it wrote.
    const [rows] = await testDb().query(
      `SELECT "userId", "userName" FROM "audit_entries" WHERE "entity" = 'payments' AND "entityId" = :id AND "action" = 'create'`,
      { replacements: { id: charge.payments[0].id } },
    );
    expect(rows).toEqual([{ userId: null, userName: "Banco" }]);
    // The bank was asked: the webhook's body is a hint.
    expect(bank.requestsTo("GET", `/pix/${pix.endToEndId}`).length).toBeGreaterThan(0);
  });

  it("records one payment for a repeated webhook, and for webhooks delivered out of order", async () => {
    const { charges } = await connectedBranch(admin, bank, { pupils: 2 });
    const first = await bank.payCobv(charges[0].txid);
    await paidCharge(charges[0].id);
    await bank.repeatWebhook(first.endToEndId);
    await bank.repeatWebhook(first.endToEndId);

    bank.deliverOutOfOrder(true);
    await bank.payCobv(charges[1].txid);
    await bank.repeatWebhook(first.endToEndId);
    bank.deliverOutOfOrder(false);
    await bank.flushWebhooks();
    await paidCharge(charges[1].id);
    // Give any job left time to run, then count.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await chargeOf(charges[0].id)).payments).toHaveLength(1);
    expect((await chargeOf(charges[1].id)).payments).toHaveLength(1);
    expect(await count("payments", `"endToEndId" = :e2e`, { e2e: first.endToEndId })).toBe(1);
  });

  it("answers 404 to a wrong secret or an unknown branch, and stores nothing", async () => {
    const { branchId, webhook } = await connectedBranch(admin, bank, { pupils: 0 });
    const e2e = newEndToEndId();
    const body = { pix: [{ endToEndId: e2e, valor: "10.00", horario: new Date().toISOString() }] };
    const wrong = webhook.replace(/\/([0-9a-f]{64})\/pix$/, `/${"0".repeat(64)}/pix`);
    expect(wrong).not.toBe(webhook);
    const refused = await postWebhook(wrong, body);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: "Rota não encontrada" });
    const otherBranch = webhook.replace(branchId, "00000000-0000-4000-8000-000000000000");
    expect((await postWebhook(otherBranch, body)).status).toBe(404);
    expect(await count("pix_inbox", `"endToEndId" = :e2e`, { e2e })).toBe(0);
    // A malformed body with the right secret: 400 in Portuguese, nothing stored.
    const malformed = await postWebhook(webhook, { pix: [{ endToEndId: e2e, valor: "dez", horario: "ontem" }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ "pix[0].valor": ["Valor do Pix inválido"], "pix[0].horario": ["Horário do Pix inválido"] });
    expect(await count("pix_inbox", `"endToEndId" = :e2e`, { e2e })).toBe(0);
  });

  it("records the bank's amount when the webhook's body says another", async () => {
    const { charges, webhook } = await connectedBranch(admin, bank);
    const pix = await bank.payCobv(charges[0].txid, { drop: true });
    const answered = await postWebhook(webhook, { pix: [{ ...pix, valor: "1.00", horario: "2001-01-01T12:00:00Z" }] });
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ received: 1 });
    const charge = await paidCharge(charges[0].id);
    expect(charge.payments.map((p) => [p.amount, p.paidOn])).toEqual([["200.00", dateInTimeZone(new Date(pix.horario))]]);
  });

  it("keeps a Pix whose processing met the bank down: retried until the bank answers, nothing lost", async () => {
    const { charges } = await connectedBranch(admin, bank);
    await bank.down(true);
    try {
      await bank.payCobv(charges[0].txid);
      await new Promise((r) => setTimeout(r, 1500));
      expect((await chargeOf(charges[0].id)).status).toBe("Aberta");
    } finally {
      await bank.down(false);
    }
    const charge = await paidCharge(charges[0].id);
    expect(charge.payments).toHaveLength(1);
  });
});

describe("reconciliation", () => {
  it("recovers a lost webhook ('Conciliar agora'), and counts it once however many runs", async () => {
    const { branchId, charges } = await connectedBranch(admin, bank);
    await bank.payCobv(charges[0].txid, { drop: true });
    expect((await chargeOf(charges[0].id)).status).toBe("Aberta");
    const run = await team.post("/api/billing/reconciliation/run", { branchId });
    expect(run.status).toBe(200);
    const result = runResultDto.parse(run.body);
    expect(result.runs).toEqual([expect.objectContaining({ branchId, received: 1, recorded: 1, error: null })]);
    expect((await chargeOf(charges[0].id)).status).toBe("Paga");
    const again = runResultDto.parse((await admin.post("/api/billing/reconciliation/run", { branchId })).body);
    expect(again.runs[0]).toMatchObject({ received: 1, recorded: 0 });
    expect((await chargeOf(charges[0].id)).payments).toHaveLength(1);
    expect((await reconciliation(branchId)).runs).toEqual([expect.objectContaining({ branchId, received: 1, recorded: 0 })]);
  });

  it("records the run's error when the bank is down, and refuses a branch without a connection", async () => {
    const { branchId } = await connectedBranch(admin, bank, { pupils: 0 });
    await bank.down(true);
    try {
      const run = runResultDto.parse((await admin.post("/api/billing/reconciliation/run", { branchId })).body);
      expect(run.runs[0].error).toEqual(expect.any(String));
    } finally {
      await bank.down(false);
    }
    const plain = await makeClass();
    const refused = await admin.post("/api/billing/reconciliation/run", { branchId: plain.branchId });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: expect.any(String), errors: { branchId: ["Unidade sem conexão com o banco"] } });
  });

  it("lists a Pix without a charge of ours, and links it to a charge once", async () => {
    const { branchId, charges, pixKey } = await connectedBranch(admin, bank);
    const pix = bank.receivePix({ valor: "200.00", infoPagador: "Mensalidade da Ana", chave: pixKey });
    // Another branch's key on the same account: not this branch's to link.
    const elsewhere = bank.receivePix({ valor: "99.00", chave: "outra-unidade@exemplo.com.br" });
    await admin.post("/api/billing/reconciliation/run", { branchId });
    const listed = await reconciliation(branchId, team);
    expect(listed.pixWithoutCharge).toEqual([
      {
        endToEndId: pix.endToEndId,
        branchId,
        valor: "200.00",
        horario: new Date(pix.horario).toISOString(),
        infoPagador: "Mensalidade da Ana",
      },
    ]);
    expect(listed.pixWithoutCharge.map((p) => p.endToEndId)).not.toContain(elsewhere.endToEndId);
    const path = `/api/billing/reconciliation/pix/${pix.endToEndId}/link`;
    expect((await client.post(path, { chargeId: charges[0].id })).status).toBe(403);
    expect((await team.post(path, {})).body).toEqual({ message: expect.any(String), errors: { chargeId: ["Cobrança é obrigatória"] } });
    const linked = await team.post(path, { chargeId: charges[0].id });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ id: charges[0].id, status: "Paga" });
    const twice = await team.post(path, { chargeId: charges[0].id });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: "Pix já vinculado a uma cobrança" });
    const charge = await chargeOf(charges[0].id);
    expect(charge.payments).toEqual([expect.objectContaining({ source: "bank", endToEndId: pix.endToEndId, amount: "200.00" })]);
    expect((await reconciliation(branchId)).pixWithoutCharge).toEqual([]);
  });

  it("lists a charge paid beyond what was due as 'Pago a maior', with the excess", async () => {
    const { branchId, charges } = await connectedBranch(admin, bank);
    await bank.payCobv(charges[0].txid, { valor: "250.00" });
    const charge = await paidCharge(charges[0].id);
    expect(charge.history.map((h) => h.event)).toContain("Pago a maior");
    const { overpaid, paidTwice } = await reconciliation(branchId);
    // 250.00 paid before the due date − 200.00 due = 50.00.
    expect(overpaid).toEqual([expect.objectContaining({ chargeId: charges[0].id, paymentId: charge.payments[0].id, excess: "50.00" })]);
    expect(paidTwice).toEqual([]);
  });
});

describe("a charge paid by hand and by Pix", () => {
  async function paidTwice() {
    const { branchId, charges } = await connectedBranch(admin, bank);
    const manual = await team.post(`/api/charges/${charges[0].id}/payments`, { amount: "200.00", paidOn: today(), method: "Dinheiro" });
    expect(manual.status).toBe(201);
    // The family had already paid the cobv (the bank's removal raced it).
    const pix = await bank.payCobv(charges[0].txid, { force: true });
    const charge = await eventually(
      () => chargeOf(charges[0].id),
      (c) => c.payments.length === 2,
    );
    const bankPayment = charge.payments.find((p) => p.source === "bank")!;
    const manualPayment = charge.payments.find((p) => p.source === "manual")!;
    return { branchId, chargeId: charges[0].id, pix, bankPayment, manualPayment };
  }

  it("is listed, and a bank payment cannot be reversed by hand", async () => {
    const { branchId, chargeId, bankPayment, manualPayment } = await paidTwice();
    const listed = await reconciliation(branchId);
    expect(listed.paidTwice).toEqual([
      expect.objectContaining({ chargeId, manualPaymentId: manualPayment.id, bankPaymentId: bankPayment.id, refund: null }),
    ]);
    expect(listed.overpaid).toEqual([]);
    const refused = await admin.post(`/api/payments/${bankPayment.id}/reverse`, { reason: "Engano" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "Pagamento recebido pelo banco: só pode ser desfeito por devolução" });
    expect((await chargeOf(chargeId)).payments.every((p) => p.reversedAt === null)).toBe(true);
  });

  it("'Devolver o Pix' (Administrator, 202): the payment is reversed with the reason once the bank says DEVOLVIDO; the charge stays paid by hand", async () => {
    const { branchId, chargeId, bankPayment } = await paidTwice();
    expect((await team.post(`/api/payments/${bankPayment.id}/refund`, { reason: "Pago em dobro" })).status).toBe(403);
    expect((await admin.post(`/api/payments/${bankPayment.id}/refund`, {})).status).toBe(400);
    bank.refundOutcome("DEVOLVIDO");
    const asked = await admin.post(`/api/payments/${bankPayment.id}/refund`, { reason: "Pago em dobro" });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ paymentId: bankPayment.id, status: "EM_PROCESSAMENTO", message: "Devolução solicitada" });
    const again = await admin.post(`/api/payments/${bankPayment.id}/refund`, { reason: "Pago em dobro" });
    expect(again.status).toBe(409);
    const charge = await eventually(
      () => chargeOf(chargeId),
      (c) => c.payments.some((p) => p.id === bankPayment.id && p.reversedAt !== null),
    );
    const refunded = charge.payments.find((p) => p.id === bankPayment.id)!;
    expect(refunded).toMatchObject({ reverseReason: "Pago em dobro", refund: { status: "DEVOLVIDO", reason: "Pago em dobro" } });
    expect(charge.status).toBe("Paga");
    expect(charge.history.map((h) => h.event)).toEqual(expect.arrayContaining(["Devolução solicitada", "Pagamento estornado"]));
    const puts = bank.requestsTo("PUT", new RegExp(`^/pix/${bankPayment.endToEndId}/devolucao/`));
    expect(puts[0].body).toEqual({ valor: "200.00", descricao: "Pago em dobro" });
    expect((await reconciliation(branchId)).paidTwice).toEqual([]);
  });

  it("keeps the payment, marked 'Devolução não realizada', when the bank says NAO_REALIZADO", async () => {
    const { branchId, chargeId, bankPayment } = await paidTwice();
    bank.refundOutcome("NAO_REALIZADO");
    try {
      expect((await admin.post(`/api/payments/${bankPayment.id}/refund`, { reason: "Pago em dobro" })).status).toBe(202);
      const charge = await eventually(
        () => chargeOf(chargeId),
        (c) => c.payments.some((p) => p.id === bankPayment.id && p.refund?.status === "NAO_REALIZADO"),
      );
      expect(charge.payments.find((p) => p.id === bankPayment.id)!.reversedAt).toBeNull();
      expect(charge.history.map((h) => h.event)).toContain("Devolução não realizada");
    } finally {
      bank.refundOutcome("DEVOLVIDO");
    }
    const listed = await reconciliation(branchId);
    expect(listed.paidTwice).toEqual([expect.objectContaining({ chargeId, refund: { status: "NAO_REALIZADO", reason: "Pago em dobro" } })]);
  });

  it("'Estornar a baixa manual' leaves the charge paid by the Pix", async () => {
    const { branchId, chargeId, manualPayment } = await paidTwice();
    const reversed = await admin.post(`/api/payments/${manualPayment.id}/reverse`, { reason: "Dinheiro devolvido" });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ id: chargeId, status: "Paga" });
    expect((await reconciliation(branchId)).paidTwice).toEqual([]);
  });
});

describe("who may", () => {
  it("reads the reconciliation: Team and Administrator; not a Client nor anyone signed out", async () => {
    expect((await admin.get("/api/billing/reconciliation")).status).toBe(200);
    expect((await team.get("/api/billing/reconciliation")).status).toBe(200);
    expect((await client.get("/api/billing/reconciliation")).status).toBe(403);
    expect((await anonymous().get("/api/billing/reconciliation")).status).toBe(401);
    expect((await client.post("/api/billing/reconciliation/run", {})).status).toBe(403);
    expect((await anonymous().post("/api/billing/reconciliation/run", {})).status).toBe(401);
  });
});
