import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { parsePix } from "pix-utils";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeApiPixBank, type FakeApiPixBank } from "../../../tests/support/fake-api-pix-bank";
import { centsToValor, valorToCents } from "./amounts";
import { CERTIFICATE_INVALID, KEY_MISMATCH } from "./certificates.server";
import { apiPixClient, checkBankConnection, closeBankConnections, type ApiPixClient } from "./client.server";
import { BANK_CERTIFICATE_REFUSED, BANK_CREDENTIALS_REFUSED, BANK_URL_INVALID, BankError, timeoutMessage } from "./errors";
import type { CobvRequest, PixWebhookBody } from "./schema";
import { pixWebhookBody } from "./schema";
import { txidFor } from "./txid";

/** What a monthly charge's registration looks like (the domain builds it from the charge). */
function monthlyCobv(dueDate: string): CobvRequest {
  return {
    calendario: { dataDeVencimento: dueDate, validadeAposVencimento: 60 },
    devedor: { cpf: "12345678909", nome: "Maria da Silva" },
    valor: {
      original: centsToValor(18990),
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 3, valorPerc: "1.00" },
    },
    chave: "financeiro@escola.com.br",
    solicitacaoPagador: "Mensalidade de dezembro de 2026 - Ballet Infantil",
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
let serial = 0;
/** A fresh txid per test, made as the domain makes it. */
const newTxid = () => txidFor(`M${String(++serial).padStart(7, "0")}`, crypto.randomUUID());

/** Rejects with the BankError the call fails with (and fails the test if it does not). */
async function bankError(call: Promise<unknown>): Promise<BankError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BankError);
  return error as BankError;
}

/** The app's side of the webhook: an HTTP server that keeps what the bank posts. */
async function webhookReceiver() {
  const received: { path: string; body: PixWebhookBody }[] = [];
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (c) => (text += c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", body: pixWebhookBody.parse(JSON.parse(text)) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/pix/branch/s3cr3t`;
  return { url, received, close: () => new Promise((r) => server.close(r)) };
}

let bank: FakeApiPixBank;
let client: ApiPixClient;

beforeAll(async () => {
  bank = await startFakeApiPixBank({ chaves: ["financeiro@escola.com.br"] });
});
afterAll(async () => {
  closeBankConnections();
  await bank.close();
});
beforeEach(() => {
  closeBankConnections();
  client = apiPixClient(bank.connection());
});
afterEach(async () => {
  bank.slow(0);
  bank.refundOutcome("DEVOLVIDO");
  await bank.down(false);
  // Nothing the client sent broke the standard, and the fake's own answers kept to it.
  expect(bank.violations).toEqual([]);
});

describe("the OAuth token", () => {
  it("is asked once (client credentials, Basic auth, over mutual TLS) and kept for every call and client of the connection", async () => {
    const before = bank.tokensIssued;
    const tokens = await Promise.all([client.token(), client.token(), client.token()]);
    expect(new Set(tokens).size).toBe(1);
    await client.getWebhook("financeiro@escola.com.br");
    await apiPixClient(bank.connection()).getWebhook("financeiro@escola.com.br");
    expect(bank.tokensIssued - before).toBe(1);
    const [tokenRequest] = bank.requestsTo("POST", "/oauth/token").slice(-1);
    expect(tokenRequest).toMatchObject({ body: { grant_type: "client_credentials" }, status: 200, clientCertificate: "Escola de Testes" });
  });

  it("one kept-alive connection serves the calls, across clients of the same connection", async () => {
    const before = bank.connectionsAccepted;
    await client.token();
    for (let i = 0; i < 3; i++) await client.getWebhook("financeiro@escola.com.br");
    await apiPixClient(bank.connection()).getWebhook("financeiro@escola.com.br");
    expect(bank.connectionsAccepted - before).toBe(1);
  });

  it("is renewed 60 s before it expires", async () => {
    const shortLived = await startFakeApiPixBank({ tokenLifetimeSeconds: 61 });
    try {
      const c = apiPixClient(shortLived.connection());
      const first = await c.token();
      expect(await c.token()).toBe(first);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await c.token()).not.toBe(first);
      expect(shortLived.tokensIssued).toBe(2);
    } finally {
      closeBankConnections();
      await shortLived.close();
    }
  });

  it("a token the bank stopped accepting is replaced once, and the call goes through", async () => {
    await client.token();
    bank.revokeTokens();
    const before = bank.tokensIssued;
    expect(await client.getWebhook("financeiro@escola.com.br")).toBeDefined();
    expect(bank.tokensIssued - before).toBe(1);
  });
});

describe("cobv: a charge with a due date", () => {
  it("PUT: the body follows the standard; the bank's status, revision, location and copy-and-paste code come back", async () => {
    const txid = newTxid();
    const body = monthlyCobv(inDays(10));
    const cobv = await client.putCobv(txid, body);
    expect(cobv).toMatchObject({ txid, revisao: 0, status: "ATIVA", valor: { original: "189.90" }, chave: body.chave });
    expect(cobv.loc?.location).toMatch(/\/qr\/v2\/cobv\//);
    expect(parsePix(cobv.pixCopiaECola!)).toMatchObject({ type: "DYNAMIC", url: cobv.loc?.location });
    const [request] = bank.requestsTo("PUT", `/cobv/${txid}`);
    expect(request.body).toEqual(body);
    expect(request.status).toBe(201);
    expect(await client.getCobv(txid)).toEqual(cobv);
  });

  it("a body outside the standard is refused before it leaves", async () => {
    const txid = newTxid();
    const long = { ...monthlyCobv(inDays(10)), solicitacaoPagador: "x".repeat(141) };
    await expect(client.putCobv(txid, long)).rejects.toThrow(/solicitacaoPagador/);
    await expect(client.putCobv("curto", monthlyCobv(inDays(10)))).rejects.toThrow(/txid fora do padrão/);
    const noCpf = { ...monthlyCobv(inDays(10)), devedor: { cpf: "123.456.789-09", nome: "Maria" } };
    await expect(client.putCobv(txid, noCpf)).rejects.toThrow(/CPF/);
    expect(bank.requestsTo("PUT", `/cobv/${txid}`)).toEqual([]);
  });

  it("PATCH: fees waived (a revision), then removed; a removed charge cannot be revised", async () => {
    const txid = newTxid();
    await client.putCobv(txid, monthlyCobv(inDays(5)));
    const waived = await client.patchCobv(txid, {
      valor: { multa: { modalidade: 2, valorPerc: "0.00" }, juros: { modalidade: 3, valorPerc: "0.00" } },
    });
    expect(waived).toMatchObject({ revisao: 1, status: "ATIVA", valor: { original: "189.90", multa: { valorPerc: "0.00" } } });
    const reduced = await client.patchCobv(txid, { valor: { original: "89.90" } });
    expect(reduced).toMatchObject({ revisao: 2, valor: { original: "89.90", juros: { modalidade: 3, valorPerc: "0.00" } } });
    const removed = await client.patchCobv(txid, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
    expect(removed).toMatchObject({ revisao: 3, status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
    const error = await bankError(client.patchCobv(txid, { solicitacaoPagador: "outra" }));
    expect([error.kind, error.status, error.message]).toEqual([
      "http",
      400,
      expect.stringMatching(/^Banco respondeu 400: Cobrança não está ATIVA/),
    ]);
    expect(error.transient).toBe(false);
    expect(bank.refusals.at(-1)).toMatchObject({ method: "PATCH", path: `/cobv/${txid}` });
  });

  it("a removal together with other changes is refused by the standard, here before it leaves", async () => {
    const txid = newTxid();
    await client.putCobv(txid, monthlyCobv(inDays(5)));
    const both = { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", solicitacaoPagador: "x" } as never;
    await expect(client.patchCobv(txid, both)).rejects.toThrow(/fora do padrão/);
  });

  it("an unknown txid is not-found", async () => {
    const error = await bankError(client.getCobv(newTxid()));
    expect([error.kind, error.status]).toEqual(["not-found", 404]);
  });
});

describe("webhook and Pix received", () => {
  it("registers the webhook; a payment is posted to {webhookUrl}/pix and read back from the bank; repeated and out-of-order posts", async () => {
    const app = await webhookReceiver();
    try {
      await client.putWebhook("financeiro@escola.com.br", app.url);
      expect(await client.getWebhook("financeiro@escola.com.br")).toEqual({ webhookUrl: app.url });
      const txid = newTxid();
      await client.putCobv(txid, monthlyCobv(inDays(3)));

      const paid = await bank.payCobv(txid, { infoPagador: "mensalidade" });
      expect(paid.endToEndId).toMatch(/^E[a-zA-Z0-9]{31}$/);
      expect(app.received).toEqual([
        {
          path: "/api/webhooks/pix/branch/s3cr3t/pix",
          body: { pix: [expect.objectContaining({ endToEndId: paid.endToEndId, txid, valor: "189.90" })] },
        },
      ]);
      const pix = await client.getPix(paid.endToEndId);
      expect(pix).toMatchObject({ endToEndId: paid.endToEndId, txid, valor: "189.90", infoPagador: "mensalidade" });
      expect(valorToCents(pix.valor)).toBe(18990);
      expect((await client.getCobv(txid)).status).toBe("CONCLUIDA");

      await bank.repeatWebhook(paid.endToEndId);
      expect(app.received.map((r) => r.body.pix[0].endToEndId)).toEqual([paid.endToEndId, paid.endToEndId]);

      const [a, b] = [newTxid(), newTxid()];
      await client.putCobv(a, monthlyCobv(inDays(3)));
      await client.putCobv(b, monthlyCobv(inDays(3)));
      bank.deliverOutOfOrder(true);
      const first = await bank.payCobv(a);
      const second = await bank.payCobv(b);
      const lost = await client.putCobv(newTxid(), monthlyCobv(inDays(3))).then((c) => bank.payCobv(c.txid, { drop: true }));
      expect(app.received).toHaveLength(2);
      await bank.flushWebhooks();
      bank.deliverOutOfOrder(false);
      expect(app.received.slice(2).map((r) => r.body.pix[0].endToEndId)).toEqual([second.endToEndId, first.endToEndId]);
      expect(app.received.some((r) => r.body.pix[0].endToEndId === lost.endToEndId)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("no webhook registered for a key: null", async () => {
    const other = await startFakeApiPixBank();
    try {
      expect(await apiPixClient(other.connection()).getWebhook("outra@escola.com.br")).toBeNull();
    } finally {
      closeBankConnections();
      await other.close();
    }
  });

  it("listPix reads every page of GET /pix within the span", async () => {
    const other = await startFakeApiPixBank();
    try {
      const span = { inicio: new Date("2026-11-01T00:00:00Z"), fim: new Date("2026-11-02T00:00:00Z") };
      const inside = Array.from({ length: 7 }, (_, i) =>
        other.receivePix({ valor: `${10 + i}.00`, horario: `2026-11-01T1${i}:00:00.000Z` }),
      );
      other.receivePix({ valor: "99.00", horario: "2026-11-03T10:00:00.000Z" });
      const c = apiPixClient(other.connection(), { pageSize: 3 });
      const seen = [];
      for await (const p of c.listPix(span)) seen.push(p.endToEndId);
      expect(seen).toEqual(inside.map((p) => p.endToEndId));
      expect(other.requestsTo("GET", "/pix").map((r) => r.query)).toEqual(
        [0, 1, 2].map((page) => ({
          inicio: "2026-11-01T00:00:00.000Z",
          fim: "2026-11-02T00:00:00.000Z",
          "paginacao.paginaAtual": String(page),
          "paginacao.itensPorPagina": "3",
        })),
      );
      const empty = { inicio: new Date("2026-10-01T00:00:00Z"), fim: new Date("2026-10-02T00:00:00Z") };
      const before = other.requestsTo("GET", "/pix").length;
      for await (const p of c.listPix(empty)) expect.fail(`nothing was received then: ${p.endToEndId}`);
      expect(other.requestsTo("GET", "/pix").length - before).toBe(1);
      expect(other.violations).toEqual([]);
    } finally {
      closeBankConnections();
      await other.close();
    }
  });
});

describe("refunds", () => {
  it("asked (EM_PROCESSAMENTO), then DEVOLVIDO when read; a retried request returns the same refund", async () => {
    const received = bank.receivePix({ valor: "150.00" });
    const asked = await client.putRefund(received.endToEndId, "D1", { valor: "50.00", descricao: "Pago em dobro" });
    expect(asked).toMatchObject({ id: "D1", valor: "50.00", status: "EM_PROCESSAMENTO" });
    expect(asked.rtrId).toMatch(/^D[a-zA-Z0-9]{31}$/);
    expect(await client.putRefund(received.endToEndId, "D1", { valor: "50.00", descricao: "Pago em dobro" })).toMatchObject({
      id: "D1",
      rtrId: asked.rtrId,
    });
    // The same id for another amount is not a retry: the bank's refusal stands.
    expect((await bankError(client.putRefund(received.endToEndId, "D1", { valor: "60.00" }))).status).toBe(400);
    expect(await client.getRefund(received.endToEndId, "D1")).toMatchObject({ status: "DEVOLVIDO" });
    expect((await client.getPix(received.endToEndId)).devolucoes).toEqual([expect.objectContaining({ id: "D1", status: "DEVOLVIDO" })]);
  });

  it("NAO_REALIZADO with the bank's reason; more than the Pix is refused", async () => {
    const received = bank.receivePix({ valor: "20.00" });
    bank.refundOutcome("NAO_REALIZADO");
    await client.putRefund(received.endToEndId, "D2", { valor: "20.00" });
    expect(await client.getRefund(received.endToEndId, "D2")).toMatchObject({ status: "NAO_REALIZADO", motivo: expect.any(String) });
    const error = await bankError(client.putRefund(received.endToEndId, "D3", { valor: "20.01" }));
    expect([error.kind, error.status]).toEqual(["http", 400]);
    expect(error.message).toMatch(/excederia o valor do Pix/);
  });
});

describe("failures, in Portuguese", () => {
  it("a wrong client secret: 'Banco recusou as credenciais'", async () => {
    const error = await bankError(
      apiPixClient(bank.connection({ clientSecret: "errado" })).putWebhook("financeiro@escola.com.br", "https://x.example/h"),
    );
    expect([error.kind, error.message, error.status, error.transient]).toEqual(["credentials", BANK_CREDENTIALS_REFUSED, 401, false]);
  });

  it("a client certificate the bank does not trust: 'Certificado recusado pelo banco'", async () => {
    const { untrustedClient } = bank.certificates;
    const c = apiPixClient(
      bank.connection({ certificatePem: untrustedClient.certificatePem, privateKeyPem: untrustedClient.privateKeyPem }),
    );
    const error = await bankError(c.token());
    expect([error.kind, error.message]).toEqual(["certificate", BANK_CERTIFICATE_REFUSED]);
  });

  it("no client certificate at all: refused the same way", async () => {
    const error = await bankError(apiPixClient(bank.connection({ certificatePem: "", privateKeyPem: "" })).token());
    expect([error.kind, error.message]).toEqual(["certificate", BANK_CERTIFICATE_REFUSED]);
  });

  it("a key that is not the certificate's, and a certificate that is no certificate", async () => {
    const mismatch = await bankError(
      apiPixClient(bank.connection({ privateKeyPem: bank.certificates.untrustedClient.privateKeyPem })).token(),
    );
    expect([mismatch.kind, mismatch.message]).toEqual(["certificate", KEY_MISMATCH]);
    const garbage = "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n";
    const invalid = await bankError(apiPixClient(bank.connection({ certificatePem: garbage })).token());
    expect([invalid.kind, invalid.message]).toEqual(["certificate", CERTIFICATE_INVALID]);
  });

  it("a bank certificate we do not trust (no extra root given): a TLS error", async () => {
    const error = await bankError(apiPixClient(bank.connection({ caCertificatePem: null })).token());
    expect(error.kind).toBe("tls");
    expect(error.message).toMatch(/^Certificado do servidor do banco não é confiável/);
  });

  it("no answer in time: 'Banco não respondeu em … s' (10 s by default)", async () => {
    expect(timeoutMessage(10_000)).toBe("Banco não respondeu em 10 s");
    await client.token();
    bank.slow(2000);
    const started = Date.now();
    const error = await bankError(apiPixClient(bank.connection(), { timeoutMs: 300 }).getCobv(newTxid()));
    expect([error.kind, error.message, error.transient]).toEqual(["timeout", "Banco não respondeu em 0,3 s", true]);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("a bank that is down: 503 (the standard's problem answer) or no connection; both worth retrying; then back", async () => {
    await bank.down(true);
    const unavailable = await bankError(client.token());
    expect([unavailable.kind, unavailable.status, unavailable.transient]).toEqual(["http", 503, true]);
    expect(unavailable.message).toBe("Banco respondeu 503: Serviço Indisponível — Serviço em manutenção");
    await bank.down("refuse");
    const refused = await bankError(client.token());
    expect([refused.kind, refused.transient]).toEqual(["network", true]);
    expect(refused.message).toMatch(/^Banco indisponível: não foi possível conectar/);
    await bank.down(false);
    expect(await client.token()).toEqual(expect.any(String));
  });

  it("an answer outside the standard: invalid-answer", async () => {
    const txid = newTxid();
    bank.answerNext({ status: 200, body: { txid, status: "PAGA" } });
    const odd = await bankError(client.getCobv(txid));
    expect(odd.kind).toBe("invalid-answer");
    expect(odd.message).toMatch(/^Resposta do banco fora do padrão da API Pix/);
    bank.answerNext({ status: 200, body: "<html>" });
    expect((await bankError(client.getCobv(txid))).kind).toBe("invalid-answer");
    await client.putCobv(txid, monthlyCobv(inDays(2)));
    const other = await client.getCobv(txid);
    bank.answerNext({ status: 200, body: { ...other, txid: newTxid() } });
    expect((await bankError(client.getCobv(txid))).message).toMatch(/em vez de/);
  });

  it("a URL that is not https: 'URL do banco inválida'", () => {
    expect(() => apiPixClient(bank.connection({ baseUrl: bank.baseUrl.replace("https:", "http:") }))).toThrow(BANK_URL_INVALID);
    expect(() => apiPixClient(bank.connection({ tokenUrl: "ftp://banco/token" }))).toThrow(BANK_URL_INVALID);
  });
});

describe("checkBankConnection", () => {
  it("a token and the webhook registered: 'Conexão com o banco verificada'; else what failed", async () => {
    const url = "https://escola.example/api/webhooks/pix/b1/segredo";
    expect(await checkBankConnection(client, "financeiro@escola.com.br", url)).toEqual({
      ok: true,
      message: "Conexão com o banco verificada",
    });
    expect(bank.webhooks.get("financeiro@escola.com.br")?.webhookUrl).toBe(url);
    const wrong = await checkBankConnection(apiPixClient(bank.connection({ clientSecret: "x" })), "financeiro@escola.com.br", url);
    expect(wrong).toMatchObject({ ok: false, message: "Banco recusou as credenciais" });
    const otherKey = await checkBankConnection(client, "outra@escola.com.br", url);
    expect(otherKey).toMatchObject({ ok: false, message: expect.stringMatching(/^Banco respondeu 400: Chave não pertence ao recebedor/) });
  });
});

describe("the fake bank keeps the standard", () => {
  it("a request body outside the standard gets the standard's 400 problem answer and is recorded", async () => {
    const other = await startFakeApiPixBank();
    try {
      const token = await apiPixClient(other.connection()).token();
      const txid = newTxid();
      const { client: pair, ca } = other.certificates;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = https.request(
          `${other.baseUrl}/cobv/${txid}`,
          {
            method: "PUT",
            cert: pair.certificatePem,
            key: pair.privateKeyPem,
            ca: ca.certificatePem,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          },
          (res) => {
            let text = "";
            res.on("data", (c) => (text += c));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify({ ...monthlyCobv(inDays(3)), valor: { original: "189.9" }, multa: 2 }));
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        type: "https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida",
        title: "Requisição inválida",
        status: 400,
        violacoes: expect.arrayContaining([expect.objectContaining({ propriedade: "/valor/original" })]),
      });
      expect(other.violations).toEqual([expect.objectContaining({ side: "request", method: "PUT", path: `/cobv/${txid}` })]);
      expect(other.cobvs.has(txid)).toBe(false);
    } finally {
      closeBankConnections();
      await other.close();
    }
  });

  it("a due date in the past is refused, as the standard says", async () => {
    const error = await bankError(client.putCobv(newTxid(), monthlyCobv(inDays(-3))));
    expect([error.kind, error.status]).toEqual(["http", 400]);
  });
});
