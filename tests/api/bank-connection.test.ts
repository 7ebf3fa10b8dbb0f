import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, type ApiClient } from "../support/http";
import { testDb } from "../support/db";
import { startFakeApiPixBank, type FakeApiPixBank } from "../support/fake-api-pix-bank";
import { toP12 } from "../support/test-certificates";
import { branchWithPupils as branchOf, eventually, MONTH_AFTER_NEXT } from "../support/bank";
import { today } from "../../app/domain/calendar/dates";
import { chargeDto, pixDto } from "../../app/domain/charges/schema";
import { pixProviderDto } from "../../app/domain/bank/schema";

/**
 * A branch's bank connection and its charges registered at the bank (issue 42),
 * against the fake API Pix bank (HTTPS with a client certificate, OAuth, the
 * standard's schemas checked on every request) and the real job queue of the
 * test server.
 */

let admin: ApiClient;
let team: ApiClient;
let bank: FakeApiPixBank;

beforeAll(async () => {
  [admin, team] = await Promise.all([signIn("Administrator"), signIn("Team")]);
  bank = await startFakeApiPixBank();
});

afterAll(async () => {
  expect(bank.violations).toEqual([]);
  await bank.close();
});

const PIX_KEY = "escola@exemplo.com.br";

/** A branch with the billing Pix key PIX_KEY and a class of `pupils` enrolled on an offer of 200.00. */
const branchWithPupils = (pupils = 1) => branchOf(admin, { pupils, pixKey: PIX_KEY });

function connectionBody(overrides: Record<string, unknown> = {}) {
  const c = bank.connection();
  return {
    provider: "api-pix",
    baseUrl: c.baseUrl,
    tokenUrl: c.tokenUrl,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    certificatePem: c.certificatePem,
    privateKeyPem: c.privateKeyPem,
    caCertificatePem: c.caCertificatePem,
    ...overrides,
  };
}

async function connect(branchId: string, overrides: Record<string, unknown> = {}) {
  const res = await admin.put(`/api/branches/${branchId}/pix-provider`, connectionBody(overrides));
  expect(res.status).toBe(200);
  return res.body;
}

const chargeOf = async (id: string) => (await admin.get(`/api/charges/${id}`)).body;

async function generate(branchId: string) {
  const res = await admin.post("/api/charges/generate", { month: MONTH_AFTER_NEXT(), branchId });
  expect(res.status).toBe(200);
  const list = await admin.get(`/api/charges?branchId=${branchId}`);
  expect(list.status).toBe(200);
  return list.body as Array<{ id: string; code: string; guardianId: string; bank: { txid: string | null } | null }>;
}

describe("the bank connection", () => {
  it("connects a branch (Administrator only), answers no secret, and the audit trail says which fields changed, not their values", async () => {
    const { branchId } = await branchWithPupils(0);
    expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body).toMatchObject({
      provider: "none",
      baseUrl: null,
      status: null,
    });
    expect((await team.put(`/api/branches/${branchId}/pix-provider`, connectionBody())).status).toBe(403);
    expect((await team.get(`/api/branches/${branchId}/pix-provider`)).status).toBe(403);

    const saved = await connect(branchId);
    expect(pixProviderDto.safeParse(saved).error).toBeUndefined();
    const got = await admin.get(`/api/branches/${branchId}/pix-provider`);
    expect(got.body).toEqual(saved);
    expect(got.body).toMatchObject({
      provider: "api-pix",
      baseUrl: bank.baseUrl,
      clientId: bank.clientId,
      status: "unchecked",
      lastError: null,
      certificate: { subject: expect.any(String), notAfter: expect.any(String) },
      webhookUrl: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/webhooks/pix/${branchId}/[0-9a-f]{64}$`)),
    });
    const { privateKeyPem } = bank.connection();
    const secrets = [bank.clientSecret, privateKeyPem.split("\n")[1]];
    for (const text of [JSON.stringify(saved), JSON.stringify(got.body)]) for (const s of secrets) expect(text).not.toContain(s);

    // A change with the secrets left blank keeps them; the audit trail names the changed fields only.
    const changed = await admin.put(
      `/api/branches/${branchId}/pix-provider`,
      connectionBody({ clientId: "outro-id", clientSecret: "", privateKeyPem: "" }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.clientId).toBe("outro-id");
    const audit = await admin.get(`/api/audit?entity=bank_connections&entityId=${branchId}`);
    expect(audit.status).toBe(200);
    const text = JSON.stringify(audit.body);
    for (const s of [...secrets, bank.clientSecret]) expect(text).not.toContain(s);
    expect(audit.body.some((e: { action: string }) => e.action === "create")).toBe(true);
    const update = audit.body.find((e: { action: string }) => e.action === "update");
    expect(Object.keys(update.changes)).toContain("clientId");
    expect(Object.keys(update.changes)).not.toContain("clientSecretSealed");

    const none = await admin.put(`/api/branches/${branchId}/pix-provider`, { provider: "none" });
    expect(none.status).toBe(200);
    expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body.provider).toBe("none");
  });

  it.each([
    ["an untrusted scheme", { baseUrl: "http://127.0.0.1:9/api" }, "baseUrl", "URL do banco inválida"],
    [
      "a certificate that is not one",
      { certificatePem: "-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----" },
      "certificatePem",
      "Certificado inválido",
    ],
    ["another certificate's key", { privateKeyPem: "untrusted" }, "privateKeyPem", "Chave privada não corresponde ao certificado"],
    ["no client id", { clientId: "" }, "clientId", "Client ID é obrigatório"],
    ["no client secret on a new connection", { clientSecret: "" }, "clientSecret", "Client secret é obrigatório"],
  ] as Array<[string, Record<string, string>, string, string]>)(
    "refuses %s (400, the field's message)",
    async (_what, overrides, field, message) => {
      const { branchId } = await branchWithPupils(0);
      const body = connectionBody(overrides);
      if (overrides.privateKeyPem === "untrusted") body.privateKeyPem = bank.certificates.untrustedClient.privateKeyPem;
      const res = await admin.put(`/api/branches/${branchId}/pix-provider`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toEqual([message]);
      expect(JSON.stringify(res.body)).not.toContain(bank.clientSecret);
      expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body.provider).toBe("none");
    },
  );

  it("checks the connection: a token and our webhook registered at the bank; each failure in Portuguese, kept on the connection", async () => {
    const { branchId } = await branchWithPupils(0);
    const saved = await connect(branchId);
    const ok = await admin.post(`/api/branches/${branchId}/pix-provider/check`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, message: "Conexão com o banco verificada" });
    expect(bank.webhooks.get(PIX_KEY)?.webhookUrl).toBe(saved.webhookUrl);
    expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body).toMatchObject({ status: "ok", lastError: null });
    // 'Integrações' lists the branch's connection and its status.
    const branchName = (await admin.get(`/api/branches/${branchId}`)).body.name as string;
    const integrations = await (await admin.raw("GET", "/integrations")).text();
    expect(integrations).toContain("Conexões com o banco");
    const row = integrations.slice(integrations.indexOf(`/branches/${branchId}/bank`));
    expect(row.slice(0, 600)).toContain(branchName);
    expect(row.slice(0, 600)).toContain("Conexão verificada");

    await connect(branchId, { clientSecret: "segredo-errado" });
    const refused = await admin.post(`/api/branches/${branchId}/pix-provider/check`);
    expect(refused.body).toEqual({ ok: false, message: "Banco recusou as credenciais" });
    expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body).toMatchObject({
      status: "error",
      lastError: "Banco recusou as credenciais",
    });

    const untrusted = bank.certificates.untrustedClient;
    await connect(branchId, { certificatePem: untrusted.certificatePem, privateKeyPem: untrusted.privateKeyPem });
    expect((await admin.post(`/api/branches/${branchId}/pix-provider/check`)).body).toEqual({
      ok: false,
      message: "Certificado recusado pelo banco",
    });

    await connect(branchId);
    bank.slow(10_500);
    try {
      expect((await admin.post(`/api/branches/${branchId}/pix-provider/check`)).body).toEqual({
        ok: false,
        message: "Banco não respondeu em 10 s",
      });
    } finally {
      bank.slow(0);
    }
    expect((await team.post(`/api/branches/${branchId}/pix-provider/check`)).status).toBe(403);
  });
});

describe("the screen's form (/branches/:id/bank)", () => {
  /** Posts the form as a browser does (multipart, with the .p12 file). */
  async function postForm(branchId: string, fields: Record<string, string>, p12?: Uint8Array) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (p12) form.append("p12File", new Blob([new Uint8Array(p12)], { type: "application/x-pkcs12" }), "escola.p12");
    return admin.raw("POST", `/branches/${branchId}/bank`, { body: form, headers: { Origin: admin.baseUrl } });
  }

  it("takes a .p12 file and its password instead of the PEMs; a wrong password is the file's message and no secret comes back", async () => {
    const { branchId } = await branchWithPupils(0);
    const c = bank.connection();
    const fields = { intent: "save", baseUrl: c.baseUrl, tokenUrl: c.tokenUrl, clientId: c.clientId, clientSecret: c.clientSecret };
    const p12 = toP12(bank.certificates.client, "senha-do-p12");

    const wrong = await postForm(branchId, { ...fields, p12Password: "outra-senha" }, p12);
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("Senha do arquivo .p12 incorreta");
    expect(html).toContain(c.clientId);
    for (const secret of [c.clientSecret, "outra-senha"]) expect(html).not.toContain(secret);
    expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body.provider).toBe("none");

    const saved = await postForm(branchId, { ...fields, p12Password: "senha-do-p12", caCertificatePem: c.caCertificatePem ?? "" }, p12);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/branches/${branchId}/bank`);
    const got = (await admin.get(`/api/branches/${branchId}/pix-provider`)).body;
    expect(got).toMatchObject({ provider: "api-pix", clientId: c.clientId, status: "unchecked" });
    expect((await admin.post(`/api/branches/${branchId}/pix-provider/check`)).body).toEqual({
      ok: true,
      message: "Conexão com o banco verificada",
    });
  });

  it("'Verificar conexão' and 'Desconectar' post back to the screen (Post/Redirect/Get); Team is refused", async () => {
    const { branchId } = await branchWithPupils(0);
    await connect(branchId, { clientSecret: "segredo-errado" });
    const refusedByTeam = await team.form(`/branches/${branchId}/bank`, { intent: "disconnect" });
    expect(refusedByTeam.status).toBe(403);

    const checked = await admin.form(`/branches/${branchId}/bank`, { intent: "check" });
    expect(checked.status).toBe(302);
    expect(checked.headers.get("Location")).toBe(`/branches/${branchId}/bank`);
    const screen = await (await admin.raw("GET", `/branches/${branchId}/bank`)).text();
    expect(screen).toContain("Banco recusou as credenciais");
    expect(screen).toContain("Com erro");

    const disconnected = await admin.form(`/branches/${branchId}/bank`, { intent: "disconnect" });
    expect(disconnected.status).toBe(302);
    expect((await admin.get(`/api/branches/${branchId}/pix-provider`)).body.provider).toBe("none");
  });
});

describe("charges at the bank", () => {
  it("registers a month's charge as a cobv with the standard's body, then shows the bank's code", async () => {
    const { branchId, families } = await branchWithPupils(1);
    await connect(branchId);
    const [created] = await generate(branchId);
    expect(created.bank).toMatchObject({ status: "Pendente", txid: expect.stringMatching(/^[a-zA-Z0-9]{26,35}$/) });
    const txid = created.bank!.txid!;
    expect(txid.startsWith(created.code)).toBe(true);

    const registered = await eventually(
      () => chargeOf(created.id),
      (c) => c.bank?.status === "Registrada",
    );
    expect(chargeDto.safeParse(registered).error).toBeUndefined();
    const puts = bank.requestsTo("PUT", `/cobv/${txid}`);
    expect(puts).toHaveLength(1);
    const person = families[0].persons[0];
    expect(puts[0].body).toEqual({
      calendario: { dataDeVencimento: registered.dueDate, validadeAposVencimento: 60 },
      devedor: { cpf: person.cpf, nome: person.fullName },
      valor: { original: "200.00", multa: { modalidade: 2, valorPerc: "2.00" }, juros: { modalidade: 3, valorPerc: "1.00" } },
      chave: PIX_KEY,
      solicitacaoPagador: registered.description,
    });
    const cobv = bank.cobvs.get(txid)!;
    expect(registered.bank).toEqual({ txid, status: "Registrada", revisao: cobv.revisao, copyPaste: cobv.pixCopiaECola, lastError: null });

    const pix = await admin.get(`/api/charges/${created.id}/pix`);
    expect(pix.status).toBe(200);
    expect(pixDto.safeParse(pix.body).error).toBeUndefined();
    expect(pix.body).toMatchObject({ source: "bank", payload: cobv.pixCopiaECola, txid });
  });

  it("a guardian without a CPF: no cobv, the static code stays, and the charge says why", async () => {
    const { branchId, families } = await branchWithPupils(1);
    await testDb().query(`UPDATE "guardian_persons" SET "cpf" = '' WHERE "guardianId" = :id`, {
      replacements: { id: families[0].guardian.id },
    });
    await connect(branchId);
    const [created] = await generate(branchId);
    expect(created.bank).toEqual({
      txid: null,
      status: "Falhou",
      revisao: null,
      copyPaste: null,
      lastError: "Responsável sem CPF: cobrança sem registro no banco",
    });
    const pix = await admin.get(`/api/charges/${created.id}/pix`);
    expect(pix.body.source).toBe("static");
  });

  it("waive, a partial payment, a payment that settles and a cancellation reach the bank (PATCH /cobv)", async () => {
    const { branchId } = await branchWithPupils(3);
    await connect(branchId);
    const charges = await generate(branchId);
    for (const c of charges)
      await eventually(
        () => chargeOf(c.id),
        (x) => x.bank?.status === "Registrada",
      );
    const [waived, paid, cancelled] = charges;
    const txid = (c: { bank: { txid: string | null } | null }) => c.bank!.txid!;

    expect((await admin.post(`/api/charges/${waived.id}/waive`, { reason: "Bolsa do festival" })).status).toBe(200);
    await eventually(
      async () => bank.cobvs.get(txid(waived))?.valor,
      (v) => (v as { multa?: { valorPerc?: string } })?.multa?.valorPerc === "0.00",
    );
    expect(bank.requestsTo("PATCH", `/cobv/${txid(waived)}`).at(-1)?.body).toEqual({
      valor: { original: "200.00", multa: { modalidade: 2, valorPerc: "0.00" }, juros: { modalidade: 3, valorPerc: "0.00" } },
    });

    const partial = await team.post(`/api/charges/${paid.id}/payments`, { amount: "50.00", paidOn: today(), method: "Dinheiro" });
    expect(partial.status).toBe(201);
    await eventually(
      async () => bank.cobvs.get(txid(paid))?.valor.original,
      (v) => v === "150.00",
    );
    const rest = await team.post(`/api/charges/${paid.id}/payments`, { amount: "150.00", paidOn: today(), method: "Dinheiro" });
    expect(rest.status).toBe(201);
    await eventually(
      () => chargeOf(paid.id),
      (c) => c.bank?.status === "Removida",
    );
    expect(bank.cobvs.get(txid(paid))?.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");

    expect((await admin.post(`/api/charges/${cancelled.id}/cancel`, { reason: "Desistência" })).status).toBe(200);
    await eventually(
      () => chargeOf(cancelled.id),
      (c) => c.bank?.status === "Removida",
    );
    expect(bank.requestsTo("PATCH", `/cobv/${txid(cancelled)}`).at(-1)?.body).toEqual({ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
  });

  it("a bank that is down: the job is retried, the charge says so meanwhile, and nothing is lost", async () => {
    const { branchId } = await branchWithPupils(1);
    await connect(branchId);
    await bank.down(true);
    let created: Awaited<ReturnType<typeof generate>>[number];
    try {
      [created] = await generate(branchId);
      const failing = await eventually(
        () => chargeOf(created.id),
        (c) => Boolean(c.bank?.lastError),
      );
      expect(failing.bank).toMatchObject({ status: "Pendente", copyPaste: null, lastError: expect.any(String) });
    } finally {
      await bank.down(false);
    }
    const registered = await eventually(
      () => chargeOf(created.id),
      (c) => c.bank?.status === "Registrada",
      60_000,
    );
    expect(registered.bank.lastError).toBeNull();
    expect(bank.cobvs.get(registered.bank.txid)?.status).toBe("ATIVA");
  });
});
