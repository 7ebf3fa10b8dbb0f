import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TLSSocket } from "node:tls";
import { createDynamicPix, hasError } from "pix-utils";
import type { BankConnection } from "~/integrations/api-pix/client.server";
import { standardViolations, type StandardSchema } from "./api-pix-standard";
import { testCertificates, type TestCertificates } from "./test-certificates";

/**
 * A bank that speaks the Banco Central's API Pix (v2.9), for tests: HTTPS on 127.0.0.1 that
 * requires a client certificate signed by the test CA, OAuth 2 client credentials, and the
 * `cobv`, webhook, Pix and refund resources held in memory. Every request body and every answer
 * is checked against the standard's schemas (tests/support/api-pix-standard.ts): a request that
 * breaks the standard gets the standard's 400 problem answer and is kept in `violations`, so a
 * test can assert there was none.
 *
 * The test side drives the money: `payCobv` pays a charge (and posts the webhook to the URL the
 * client registered, over plain HTTP to the app under test), `receivePix` receives a Pix without
 * our txid, `repeatWebhook` and `deliverOutOfOrder` misbehave as real banks do, `down` and
 * `slow` make the bank fail, `refundOutcome` decides refunds.
 *
 *     const bank = await startFakeApiPixBank();
 *     const client = apiPixClient(bank.connection());
 *     ...
 *     expect(bank.violations).toEqual([]);
 *     await bank.close();
 */

export interface FakeBankOptions {
  clientId?: string;
  clientSecret?: string;
  /** Seconds a token lives (the `expires_in` answered). */
  tokenLifetimeSeconds?: number;
  /** The DICT keys of the receiving account; a `cobv` or webhook for another key is refused. Default: any key. */
  chaves?: string[];
  /** Accept a `cobv` whose due date is before today (the standard refuses it). */
  acceptPastDueDates?: boolean;
  /** Hold every webhook from the start (see `deliverOutOfOrder`). */
  deliverOutOfOrder?: boolean;
  certificates?: TestCertificates;
}

export interface RecordedRequest {
  method: string;
  /** The path under the API's base (`/cobv/…`), or `/oauth/token`. */
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
  /** The client certificate's common name. */
  clientCertificate: string | null;
}

export interface Violation {
  /** `request`: our client broke the standard. `answer`: the fake did (a bug of this file). */
  side: "request" | "answer";
  method: string;
  path: string;
  violacoes: { propriedade: string; razao: string }[];
}

export interface WebhookDelivery {
  url: string;
  body: { pix: FakePix[] };
  status: number | null;
  error?: string;
}

type Json = Record<string, unknown>;

export interface FakeRefund {
  id: string;
  rtrId: string;
  valor: string;
  natureza?: string;
  descricao?: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  motivo?: string;
}

export interface FakePix {
  endToEndId: string;
  txid?: string;
  valor: string;
  chave?: string;
  horario: string;
  infoPagador?: string;
  componentesValor?: { original: { valor: string } };
  devolucoes?: FakeRefund[];
}

export interface FakeCobv {
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  txid: string;
  revisao: number;
  loc: { id: number; location: string; tipoCob: "cobv"; criacao: string };
  location: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  devedor: Json;
  recebedor: Json;
  valor: Json & { original: string };
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: unknown[];
  pixCopiaECola: string;
  pix?: FakePix[];
}

const API_BASE = "/api/v2";
const TOKEN_PATH = "/oauth/token";
const ISPB = "99999008";
const ERROR_BASE = "https://pix.bcb.gov.br/api/v2/error/";
const RECEBEDOR = {
  cnpj: "12345678000195",
  nome: "Escola de Testes LTDA",
  logradouro: "Rua das Flores, 100",
  cidade: "São Paulo",
  uf: "SP",
  cep: "01001000",
};

const alnum = (n: number) => {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(n), (b) => letters[b % letters.length]).join("");
};
/** yyyyMMddHHmm in UTC, as the E2E and return ids carry it. */
const stamp = (at: Date) => at.toISOString().replace(/[-:T]/g, "").slice(0, 12);
/** A fresh EndToEndIdentification: E + ISPB + yyyyMMddHHmm + 11 letters and digits (32). */
export const newEndToEndId = (at = new Date()) => `E${ISPB}${stamp(at)}${alnum(11)}`;
const newRtrId = (at = new Date()) => `D${ISPB}${stamp(at)}${alnum(11)}`;
const toCents = (v: string) => Math.round(Number(v) * 100);
const centsText = (c: number) => (c / 100).toFixed(2);
/** Today in Brazil (the bank's calendar). */
const todayInBrazil = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** JSON merge of a revision into a stored object: objects merge, everything else replaces. */
function merge(target: Json, patch: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(patch))
    out[key] = isObject(value) && isObject(out[key]) ? merge(out[key] as Json, value) : value;
  return out;
}

class Problem {
  constructor(
    public status: number,
    public type: string,
    public title: string,
    public detail?: string,
    public violacoes?: { propriedade: string; razao: string }[],
  ) {}
  body() {
    return {
      type: ERROR_BASE + this.type,
      title: this.title,
      status: this.status,
      ...(this.detail ? { detail: this.detail } : {}),
      ...(this.violacoes?.length ? { violacoes: this.violacoes } : {}),
    };
  }
}

export class FakeApiPixBank {
  readonly certificates: TestCertificates;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every request, in order (the token's included). */
  readonly requests: RecordedRequest[] = [];
  /** Requests (and answers) that broke the standard. */
  readonly violations: Violation[] = [];
  /** Requests the bank refused for the state of things (a removed `cobv` revised, a refund above the Pix…), not for their form. */
  readonly refusals: { method: string; path: string; title: string; detail?: string }[] = [];
  readonly cobvs = new Map<string, FakeCobv>();
  /** Every Pix received, by EndToEndId. */
  readonly pix = new Map<string, FakePix>();
  /** The registered webhooks, by DICT key. */
  readonly webhooks = new Map<string, { webhookUrl: string; criacao: string }>();
  /** Every webhook post, in order (dropped ones are not here). */
  readonly deliveries: WebhookDelivery[] = [];
  tokensIssued = 0;
  /** TLS connections accepted (a client that keeps its connection alive opens one). */
  connectionsAccepted = 0;

  private readonly tokens = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  private readonly held: WebhookDelivery[] = [];
  private holding = false;
  private downMode: false | "503" | "refuse" = false;
  private delayMs = 0;
  private outcome: "DEVOLVIDO" | "NAO_REALIZADO" = "DEVOLVIDO";
  private nextAnswers: { status: number; body: unknown }[] = [];
  private nextLoc = 1000;
  private port = 0;

  private constructor(
    private server: https.Server,
    private readonly options: FakeBankOptions,
  ) {
    this.certificates = options.certificates ?? testCertificates();
    this.clientId = options.clientId ?? "escola-client-id";
    this.clientSecret = options.clientSecret ?? "escola-client-secret";
    this.holding = Boolean(options.deliverOutOfOrder);
  }

  /** Starts a fake bank on 127.0.0.1 and a free port. */
  static async start(options: FakeBankOptions = {}): Promise<FakeApiPixBank> {
    const certificates = options.certificates ?? testCertificates();
    const bank = new FakeApiPixBank(null as unknown as https.Server, { ...options, certificates });
    await bank.listen(0);
    return bank;
  }

  private async listen(port: number) {
    const { server: own, ca } = this.certificates;
    this.server = https.createServer(
      { key: own.privateKeyPem, cert: own.certificatePem, ca: [ca.certificatePem], requestCert: true, rejectUnauthorized: true },
      (req, res) =>
        void this.handle(req, res).catch((error: unknown) => {
          // A client gone mid-request is no fault; anything else is a bug of this file, reported as a
          // violation (never an unhandled rejection in the test run).
          if (req.socket.destroyed) return;
          this.violations.push({
            side: "answer",
            method: req.method ?? "",
            path: req.url ?? "",
            violacoes: [{ propriedade: "/", razao: String(error) }],
          });
          if (!res.headersSent) res.writeHead(500).end();
          else res.destroy();
        }),
    );
    this.server.keepAliveTimeout = 5000;
    this.server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    this.server.on("secureConnection", () => this.connectionsAccepted++);
    // A refused handshake is the point of some tests: nothing to report.
    this.server.on("tlsClientError", () => undefined);
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
  }

  private async stopListening() {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  get origin() {
    return `https://127.0.0.1:${this.port}`;
  }
  get baseUrl() {
    return this.origin + API_BASE;
  }
  get tokenUrl() {
    return this.origin + TOKEN_PATH;
  }

  /** The connection a school would configure for this bank: the school's certificate, the test CA as trusted root. */
  connection(overrides: Partial<BankConnection> = {}): BankConnection {
    return {
      baseUrl: this.baseUrl,
      tokenUrl: this.tokenUrl,
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      certificatePem: this.certificates.client.certificatePem,
      privateKeyPem: this.certificates.client.privateKeyPem,
      caCertificatePem: this.certificates.ca.certificatePem,
      ...overrides,
    };
  }

  /** The body of `PUT /api/branches/{id}/pix-provider` that connects a branch to this bank. */
  providerSettings(pixKey = this.options.chaves?.[0] ?? "escola@exemplo.com.br") {
    return { provider: "api-pix" as const, ...this.connection(), pixKey };
  }

  // ---- Test controls ----

  /**
   * The payer pays a `cobv` (by default its original amount): the Pix is received, the `cobv`
   * becomes CONCLUIDA, and the webhook registered for its key gets `{pix: [...]}` at
   * `{webhookUrl}/pix` (awaited), unless `drop` (a lost webhook) or while `deliverOutOfOrder`.
   * `force` pays a `cobv` that is no longer ATIVA (a payment racing its removal).
   */
  async payCobv(
    txid: string,
    options: { valor?: string; horario?: string; infoPagador?: string; drop?: boolean; force?: boolean } = {},
  ): Promise<FakePix> {
    const cobv = this.cobvs.get(txid);
    if (!cobv) throw new Error(`fake bank: no cobv ${txid}`);
    if (cobv.status !== "ATIVA" && !options.force) throw new Error(`fake bank: cobv ${txid} is ${cobv.status}`);
    const valor = options.valor ?? cobv.valor.original;
    const received: FakePix = {
      endToEndId: newEndToEndId(),
      txid,
      valor,
      chave: cobv.chave,
      horario: options.horario ?? new Date().toISOString(),
      ...(options.infoPagador ? { infoPagador: options.infoPagador } : {}),
      ...(valor === cobv.valor.original ? { componentesValor: { original: { valor } } } : {}),
    };
    this.pix.set(received.endToEndId, received);
    cobv.status = "CONCLUIDA";
    cobv.pix = [...(cobv.pix ?? []), received];
    if (!options.drop) await this.notify(cobv.chave, [received]);
    return received;
  }

  /** A Pix received without any txid of ours (a payer who typed the key): no webhook (the standard notifies only Pix with a txid). */
  receivePix(options: { valor: string; horario?: string; infoPagador?: string; chave?: string }): FakePix {
    const received: FakePix = {
      endToEndId: newEndToEndId(),
      valor: options.valor,
      chave: options.chave ?? this.options.chaves?.[0] ?? "escola@exemplo.com.br",
      horario: options.horario ?? new Date().toISOString(),
      ...(options.infoPagador ? { infoPagador: options.infoPagador } : {}),
    };
    this.pix.set(received.endToEndId, received);
    return received;
  }

  /** Posts the webhook of a Pix again (banks retry, and do not promise once). */
  async repeatWebhook(e2eid: string): Promise<WebhookDelivery | undefined> {
    const received = this.pix.get(e2eid);
    if (!received?.chave) throw new Error(`fake bank: no Pix ${e2eid} with a key`);
    return this.notify(received.chave, [received]);
  }

  /** While on, webhooks are held; `flushWebhooks` then posts them newest first. */
  deliverOutOfOrder(on: boolean) {
    this.holding = on;
  }

  /** Posts the held webhooks, the last one first. */
  async flushWebhooks(): Promise<WebhookDelivery[]> {
    const batch = this.held.splice(0).reverse();
    for (const delivery of batch) await this.post(delivery);
    return batch;
  }

  /** `true`: every request gets 503 (ServicoIndisponivel); `"refuse"`: connections are refused; `false`: back. */
  async down(mode: boolean | "refuse") {
    const next = mode === "refuse" ? "refuse" : mode ? "503" : false;
    if (next === "refuse" && this.downMode !== "refuse") await this.stopListening();
    if (next !== "refuse" && this.downMode === "refuse") await this.listen(this.port);
    this.downMode = next;
  }

  /** Every answer waits this long first (0: none). */
  slow(ms: number) {
    this.delayMs = ms;
  }

  /** What refunds asked from now on end as (DEVOLVIDO by default). */
  refundOutcome(status: "DEVOLVIDO" | "NAO_REALIZADO") {
    this.outcome = status;
  }

  /** The next API call (not the token's) gets this answer instead, unchecked: a bank outside the standard. */
  answerNext(answer: { status: number; body: unknown }) {
    this.nextAnswers.push(answer);
  }

  /** Forgets every token issued: the next call with one gets 401. */
  revokeTokens() {
    this.tokens.clear();
  }

  /** The requests to one path of the API (e.g. `/cobv/…`), or matching a pattern. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === "string" ? r.path === path : path.test(r.path)));
  }

  async close() {
    if (this.downMode !== "refuse") await this.stopListening();
  }

  // ---- Webhooks ----

  private async notify(chave: string, pix: FakePix[]): Promise<WebhookDelivery | undefined> {
    const hook = this.webhooks.get(chave);
    if (!hook) return undefined;
    const body = { pix: pix.map((p) => structuredClone(p)) };
    this.checkAnswer("webhookPix", body, "POST", "(webhook)");
    const delivery: WebhookDelivery = { url: hook.webhookUrl.replace(/\/+$/, "") + "/pix", body, status: null };
    if (this.holding) {
      this.held.push(delivery);
      return delivery;
    }
    await this.post(delivery);
    return delivery;
  }

  private async post(delivery: WebhookDelivery) {
    this.deliveries.push(delivery);
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(delivery.body),
        signal: AbortSignal.timeout(10_000),
      });
      delivery.status = res.status;
      await res.arrayBuffer();
    } catch (error) {
      delivery.error = (error as Error).message;
    }
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.origin);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    const record: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: undefined,
      status: 0,
      clientCertificate: (peer?.subject?.CN as string | undefined) ?? null,
    };
    this.requests.push(record);
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    let status: number;
    let body: unknown;
    try {
      if (this.downMode === "503") throw new Problem(503, "ServicoIndisponivel", "Serviço Indisponível", "Serviço em manutenção");
      if (url.pathname === TOKEN_PATH) {
        record.body = Object.fromEntries(new URLSearchParams(raw));
        [status, body] = this.token(req, raw);
      } else {
        if (!url.pathname.startsWith(API_BASE + "/")) throw new Problem(404, "NaoEncontrado", "Não Encontrado");
        this.authorize(req);
        if (raw) {
          try {
            record.body = JSON.parse(raw);
          } catch {
            throw new Problem(400, "RequisicaoInvalida", "Requisição inválida", "corpo não é JSON");
          }
          if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) {
            throw new Problem(400, "RequisicaoInvalida", "Requisição inválida", "Content-Type deve ser application/json");
          }
        }
        const next = this.nextAnswers.shift();
        if (next) [status, body] = [next.status, next.body];
        else [status, body] = this.route(record.method, record.path, url.searchParams, record.body);
      }
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      status = error.status;
      body = error.body();
      if (error.status === 400 && error.violacoes?.length) {
        this.violations.push({ side: "request", method: record.method, path: record.path, violacoes: error.violacoes });
      } else if (error.status === 400) {
        this.refusals.push({ method: record.method, path: record.path, title: error.title, detail: error.detail });
      }
    }
    record.status = status;
    const text = body === undefined ? "" : JSON.stringify(body);
    const problem = status >= 400 && isObject(body) && "title" in body;
    res.writeHead(status, {
      ...(text ? { "content-type": problem ? "application/problem+json" : "application/json" } : {}),
      "content-length": String(Buffer.byteLength(text)),
    });
    res.end(text);
  }

  private token(req: IncomingMessage, raw: string): [number, unknown] {
    if (req.method !== "POST") throw new Problem(405, "RequisicaoInvalida", "Método não permitido");
    const oauth = (status: number, error: string): [number, unknown] => [status, { error }];
    if (!/^application\/x-www-form-urlencoded\b/.test(req.headers["content-type"] ?? "")) return oauth(400, "invalid_request");
    const form = new URLSearchParams(raw);
    if (form.get("grant_type") !== "client_credentials") return oauth(400, "unsupported_grant_type");
    const auth = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
    const [id, ...secret] = auth ? Buffer.from(auth[1], "base64").toString("utf8").split(":") : [];
    if (id !== this.clientId || secret.join(":") !== this.clientSecret) return oauth(401, "invalid_client");
    const lifetime = this.options.tokenLifetimeSeconds ?? 3600;
    const token = randomUUID();
    this.tokens.set(token, Date.now() + lifetime * 1000);
    this.tokensIssued++;
    return [
      200,
      {
        access_token: token,
        token_type: "Bearer",
        expires_in: lifetime,
        scope: "cobv.write cobv.read pix.write pix.read webhook.write webhook.read",
      },
    ];
  }

  private authorize(req: IncomingMessage) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    const expires = bearer ? this.tokens.get(bearer) : undefined;
    if (!expires || expires < Date.now())
      throw new Problem(401, "AcessoNegado", "Não autorizado", "token de acesso ausente, inválido ou expirado");
  }

  /** A request's form against the standard: 400 with its violations. */
  private check(schema: StandardSchema, value: unknown, type: string) {
    const violacoes = standardViolations(schema, value);
    if (violacoes.length) throw new Problem(400, type, "Requisição inválida", "a requisição não respeita o schema", violacoes);
  }

  private checkAnswer(schema: StandardSchema, value: unknown, method: string, path: string) {
    const violacoes = standardViolations(schema, value);
    if (violacoes.length) this.violations.push({ side: "answer", method, path, violacoes });
  }

  private answer(schema: StandardSchema, status: number, value: unknown, method: string, path: string): [number, unknown] {
    const copy = structuredClone(value);
    this.checkAnswer(schema, copy, method, path);
    return [status, copy];
  }

  private route(method: string, path: string, query: URLSearchParams, body: unknown): [number, unknown] {
    let m: RegExpExecArray | null;
    if ((m = /^\/cobv\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(m[1]);
      this.check("txid", txid, "CobVOperacaoInvalida");
      if (method === "PUT") return this.putCobv(txid, body, path);
      if (method === "PATCH") return this.patchCobv(txid, body, path);
      if (method === "GET") return this.answer("cobvCompleta", 200, this.cobvOr404(txid), method, path);
    } else if ((m = /^\/webhook\/([^/]+)$/.exec(path))) {
      const chave = decodeURIComponent(m[1]);
      this.check("chave", chave, "WebhookOperacaoInvalida");
      if (method === "PUT") {
        this.check("webhookSolicitado", body, "WebhookOperacaoInvalida");
        this.assertOwnKey(chave, "WebhookOperacaoInvalida");
        this.webhooks.set(chave, { webhookUrl: (body as { webhookUrl: string }).webhookUrl, criacao: new Date().toISOString() });
        return [200, undefined];
      }
      if (method === "GET") {
        const hook = this.webhooks.get(chave);
        if (!hook) throw new Problem(404, "WebhookNaoEncontrado", "Webhook não encontrado");
        return this.answer("webhookCompleto", 200, { ...hook, chave, cnpj: RECEBEDOR.cnpj }, method, path);
      }
    } else if (path === "/pix" && method === "GET") {
      return this.listPix(query, path);
    } else if ((m = /^\/pix\/([^/]+)$/.exec(path)) && method === "GET") {
      const e2eid = decodeURIComponent(m[1]);
      this.check("e2eid", e2eid, "PixConsultaInvalida");
      return this.answer("pix", 200, this.pixOr404(e2eid), method, path);
    } else if ((m = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path))) {
      const [e2eid, id] = [decodeURIComponent(m[1]), decodeURIComponent(m[2])];
      this.check("e2eid", e2eid, "PixDevolucaoInvalida");
      this.check("devolucaoId", id, "PixDevolucaoInvalida");
      if (method === "PUT") return this.putRefund(e2eid, id, body, path);
      if (method === "GET") return this.getRefund(e2eid, id, path);
    }
    throw new Problem(404, "NaoEncontrado", "Não Encontrado", `${method} ${path} não existe nesta API`);
  }

  private cobvOr404(txid: string): FakeCobv {
    const cobv = this.cobvs.get(txid);
    if (!cobv) throw new Problem(404, "CobVNaoEncontrada", "Cobrança não encontrada", `txid ${txid}`);
    return cobv;
  }

  private pixOr404(e2eid: string): FakePix {
    const received = this.pix.get(e2eid);
    if (!received) throw new Problem(404, "PixNaoEncontrado", "Pix não encontrado", `e2eid ${e2eid}`);
    return received;
  }

  private assertOwnKey(chave: string, type: string) {
    if (this.options.chaves && !this.options.chaves.includes(chave)) {
      throw new Problem(400, type, "Chave não pertence ao recebedor", `a chave ${chave} não é deste usuário recebedor`);
    }
  }

  private checkCobvSemantics(cobv: { calendario: { dataDeVencimento: string }; valor: { original: string }; chave: string }, type: string) {
    if (toCents(cobv.valor.original) === 0) {
      throw new Problem(400, type, "Requisição inválida", "valor.original é zero", [{ propriedade: "cobv.valor.original", razao: "zero" }]);
    }
    if (!this.options.acceptPastDueDates && cobv.calendario.dataDeVencimento < todayInBrazil()) {
      throw new Problem(400, type, "Cobrança inválida", "calendario.dataDeVencimento é anterior à data de criação da cobrança");
    }
    this.assertOwnKey(cobv.chave, type);
  }

  private putCobv(txid: string, body: unknown, path: string): [number, unknown] {
    this.check("cobvSolicitada", body, "CobVOperacaoInvalida");
    const request = body as Omit<FakeCobv, "calendario"> & { calendario: { dataDeVencimento: string; validadeAposVencimento?: number } };
    this.checkCobvSemantics(request, "CobVOperacaoInvalida");
    const existing = this.cobvs.get(txid);
    if (existing && existing.status !== "ATIVA") {
      throw new Problem(400, "CobVOperacaoInvalida", "Cobrança não está ATIVA", `a cobrança ${txid} está ${existing.status}`);
    }
    const now = new Date().toISOString();
    const loc = existing?.loc ?? { id: this.nextLoc++, location: "", tipoCob: "cobv" as const, criacao: now };
    loc.location ||= `127.0.0.1/qr/v2/cobv/${randomUUID().replace(/-/g, "")}`;
    const cobv: FakeCobv = {
      calendario: {
        criacao: existing?.calendario.criacao ?? now,
        dataDeVencimento: request.calendario.dataDeVencimento,
        validadeAposVencimento: request.calendario.validadeAposVencimento ?? 30,
      },
      txid,
      revisao: existing ? existing.revisao + 1 : 0,
      loc,
      location: loc.location,
      status: "ATIVA",
      devedor: request.devedor,
      recebedor: RECEBEDOR,
      valor: request.valor,
      chave: request.chave,
      ...(request.solicitacaoPagador !== undefined ? { solicitacaoPagador: request.solicitacaoPagador } : {}),
      ...(request.infoAdicionais ? { infoAdicionais: request.infoAdicionais } : {}),
      pixCopiaECola: brCode(loc.location),
    };
    this.cobvs.set(txid, cobv);
    return this.answer("cobvCompleta", existing ? 200 : 201, cobv, "PUT", path);
  }

  private patchCobv(txid: string, body: unknown, path: string): [number, unknown] {
    this.check("cobvRevisada", body, "CobVOperacaoInvalida");
    const cobv = this.cobvOr404(txid);
    if (cobv.status !== "ATIVA") {
      throw new Problem(400, "CobVOperacaoInvalida", "Cobrança não está ATIVA", `a cobrança ${txid} está ${cobv.status}`);
    }
    const patch = body as Json;
    if (patch.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR") {
      cobv.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
    } else {
      const revised = merge(cobv as unknown as Json, patch) as unknown as FakeCobv;
      this.checkCobvSemantics(revised, "CobVOperacaoInvalida");
      Object.assign(cobv, revised);
    }
    cobv.revisao += 1;
    return this.answer("cobvCompleta", 200, cobv, "PATCH", path);
  }

  private listPix(query: URLSearchParams, path: string): [number, unknown] {
    const params = Object.fromEntries(query);
    this.check("pixQuery", params, "PixConsultaInvalida");
    const inicio = new Date(params.inicio);
    const fim = new Date(params.fim);
    if (fim < inicio) {
      throw new Problem(400, "PixConsultaInvalida", "Consulta inválida", "fim é anterior a inicio", [
        { propriedade: "fim", razao: "anterior a inicio" },
      ]);
    }
    const page = Number(params["paginacao.paginaAtual"] ?? "0");
    const size = Number(params["paginacao.itensPorPagina"] ?? "100");
    const all = [...this.pix.values()]
      .filter((p) => new Date(p.horario) >= inicio && new Date(p.horario) <= fim)
      .filter((p) => (params.txid ? p.txid === params.txid : true))
      .filter((p) => (params.txIdPresente ? Boolean(p.txid) === (params.txIdPresente === "true") : true))
      .sort((a, b) => a.horario.localeCompare(b.horario));
    const pages = Math.max(1, Math.ceil(all.length / size));
    const answer = {
      parametros: {
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        paginacao: { paginaAtual: page, itensPorPagina: size, quantidadeDePaginas: pages, quantidadeTotalDeItens: all.length },
      },
      pix: all.slice(page * size, page * size + size),
    };
    return this.answer("pixConsultados", 200, answer, "GET", path);
  }

  private putRefund(e2eid: string, id: string, body: unknown, path: string): [number, unknown] {
    this.check("devolucaoSolicitada", body, "PixDevolucaoInvalida");
    const received = this.pixOr404(e2eid);
    const request = body as { valor: string; natureza?: string; descricao?: string };
    const refunds = received.devolucoes ?? [];
    if (refunds.some((r) => r.id === id)) {
      throw new Problem(400, "PixDevolucaoInvalida", "Devolução inválida", `o id ${id} já foi usado em outra devolução deste Pix`);
    }
    const refunded = refunds.filter((r) => r.status !== "NAO_REALIZADO").reduce((sum, r) => sum + toCents(r.valor), 0);
    if (toCents(request.valor) === 0 || refunded + toCents(request.valor) > toCents(received.valor)) {
      throw new Problem(
        400,
        "PixDevolucaoInvalida",
        "Devolução inválida",
        `a devolução excederia o valor do Pix (${received.valor}; já devolvido ${centsText(refunded)})`,
      );
    }
    const refund: FakeRefund = {
      id,
      rtrId: newRtrId(),
      valor: request.valor,
      ...(request.natureza ? { natureza: request.natureza } : { natureza: "ORIGINAL" }),
      ...(request.descricao ? { descricao: request.descricao } : {}),
      horario: { solicitacao: new Date().toISOString() },
      status: "EM_PROCESSAMENTO",
    };
    received.devolucoes = [...refunds, refund];
    return this.answer("devolucao", 201, refund, "PUT", path);
  }

  /** A refund in progress ends (as `refundOutcome` says) the first time it is read. */
  private getRefund(e2eid: string, id: string, path: string): [number, unknown] {
    const refund = this.pixOr404(e2eid).devolucoes?.find((r) => r.id === id);
    if (!refund) throw new Problem(404, "PixDevolucaoNaoEncontrada", "Devolução não encontrada", `devolução ${id} do Pix ${e2eid}`);
    if (refund.status === "EM_PROCESSAMENTO") {
      refund.status = this.outcome;
      if (this.outcome === "DEVOLVIDO") refund.horario.liquidacao = new Date().toISOString();
      else refund.motivo = "Conta do pagador encerrada";
    }
    return this.answer("devolucao", 200, refund, "GET", path);
  }
}

/** A dynamic BR Code pointing at the `cobv`'s location, as a bank's `pixCopiaECola`. */
function brCode(location: string): string {
  const pix = createDynamicPix({ merchantName: "Escola de Testes", merchantCity: "Sao Paulo", url: location });
  if (hasError(pix)) throw new Error(`fake bank: BR Code: ${pix.message}`);
  return pix.toBRCode();
}

export const startFakeApiPixBank = (options?: FakeBankOptions) => FakeApiPixBank.start(options);
