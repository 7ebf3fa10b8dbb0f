import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import https from "node:https";
import tls from "node:tls";
import type { z } from "zod";
import { assertBankUrl, CERTIFICATE_INVALID, KEY_MISMATCH } from "./certificates.server";
import {
  BANK_CERTIFICATE_REFUSED,
  BANK_CONNECTION_VERIFIED,
  BANK_CREDENTIALS_REFUSED,
  BANK_INVALID_ANSWER,
  BANK_UNREACHABLE,
  BankError,
  timeoutMessage,
} from "./errors";
import {
  cobv,
  cobvPatch,
  cobvRequest,
  E2EID_PATTERN,
  pixPage,
  pixReceived,
  problem,
  refund,
  REFUND_ID_PATTERN,
  refundRequest,
  tokenAnswer,
  TXID_PATTERN,
  webhookAnswer,
  webhookRequest,
  type Cobv,
  type CobvPatch,
  type CobvRequest,
  type PixReceived,
  type Refund,
  type RefundRequest,
} from "./schema";

/**
 * Our client of the Banco Central's API Pix (v2.9) for one bank connection (ADR 022): OAuth 2
 * client credentials and every call over mutual TLS with the school's certificate, answers
 * parsed against the standard, failures turned into `BankError`s with Portuguese messages.
 * No vendor SDK: every bank that implements the standard is reached the same way.
 */

export interface BankConnection {
  /** The API's base, e.g. `https://pix.banco.com.br/api/v2` (the standard's paths are appended). */
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  certificatePem: string;
  privateKeyPem: string;
  /** An extra trusted root, beside the system's (a bank with a private root; the tests' fake bank). */
  caCertificatePem?: string | null;
  /** The OAuth scopes to ask for, space-separated; most banks need none (the client's are granted). */
  scope?: string | null;
}

export interface ApiPixClient {
  /** An access token (client credentials), kept until 60 s before it expires. */
  token(): Promise<string>;
  /** PUT {baseUrl}/webhook/{chave}: the bank will post the Pix it receives to `{webhookUrl}/pix`. */
  putWebhook(chave: string, webhookUrl: string): Promise<void>;
  /** GET {baseUrl}/webhook/{chave}; null when none is registered. */
  getWebhook(chave: string): Promise<{ webhookUrl: string } | null>;
  /** PUT /cobv/{txid}: creates (or, while ATIVA, replaces) a charge with a due date. */
  putCobv(txid: string, body: CobvRequest): Promise<Cobv>;
  /** PATCH /cobv/{txid}: revises it, or removes it with `{ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }`. */
  patchCobv(txid: string, body: CobvPatch): Promise<Cobv>;
  getCobv(txid: string): Promise<Cobv>;
  /** GET /pix/{e2eid}: a Pix received, as the bank records it. */
  getPix(e2eid: string): Promise<PixReceived>;
  /** GET /pix?inicio=&fim=, every page. */
  listPix(span: { inicio: Date; fim: Date }): AsyncIterable<PixReceived>;
  /** PUT /pix/{e2eid}/devolucao/{id}: asks for a refund; `id` is ours (1 to 35 letters and digits). */
  putRefund(e2eid: string, id: string, body: { valor: string; descricao?: string }): Promise<Refund>;
  getRefund(e2eid: string, id: string): Promise<Refund>;
}

export interface ApiPixOptions {
  /** The limit of each call, answer included (10 s). */
  timeoutMs?: number;
  /** Items asked per page of GET /pix (the standard's default and most banks' maximum: 100). */
  pageSize?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** A token is renewed this long before the bank says it expires. */
const TOKEN_MARGIN_MS = 60_000;
/** An answer larger than this is no answer of the standard. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
/** Connections (agents) and tokens kept per process; the oldest goes first. */
const MAX_CONNECTIONS = 200;

// ---- One agent per certificate, one token per credentials: kept across clients ----

/**
 * One keep-alive agent per certificate, key and trusted root, reused by every client made for
 * that connection (a job that makes a client per run still reuses the TLS session and socket).
 */
const agents = new Map<string, https.Agent>();
const tokens = new Map<string, { token: string; expiresAt: number } | Promise<{ token: string; expiresAt: number }>>();

const digest = (...parts: (string | null | undefined)[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(String(part ?? "")).update("\0");
  return hash.digest("hex");
};

function remember<V>(map: Map<string, V>, key: string, value: V, drop?: (v: V) => void) {
  map.set(key, value);
  while (map.size > MAX_CONNECTIONS) {
    const [oldest, old] = map.entries().next().value as [string, V];
    map.delete(oldest);
    drop?.(old);
  }
}

function agentFor(conn: BankConnection): https.Agent {
  const key = digest(conn.certificatePem, conn.privateKeyPem, conn.caCertificatePem);
  let agent = agents.get(key);
  if (!agent) {
    // One TLS context per connection, built once: given the PEMs instead, every new socket would
    // parse the certificate, the key and (with an extra root) every trusted root again.
    const secureContext = tls.createSecureContext({
      minVersion: "TLSv1.2",
      cert: conn.certificatePem,
      key: conn.privateKeyPem,
      ca: conn.caCertificatePem ? [...tls.rootCertificates, conn.caCertificatePem] : undefined,
    });
    agent = new https.Agent({ keepAlive: true, maxSockets: 16, minVersion: "TLSv1.2", secureContext });
    remember(agents, key, agent, (a) => a.destroy());
  }
  return agent;
}

/** Closes every kept connection and forgets every token (tests, shutdown). */
export function closeBankConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
  tokens.clear();
}

// ---- One HTTP exchange ----

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

class TimedOut extends Error {}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
]);
/** Our own check of the bank's certificate failed. */
const SERVER_CERTIFICATE_CODES = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_UNTRUSTED",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);
/** TLS alerts the bank sends when it does not accept our client certificate. */
const CLIENT_CERTIFICATE_ALERT =
  /ALERT_(BAD_CERTIFICATE|UNKNOWN_CA|CERTIFICATE_REQUIRED|CERTIFICATE_UNKNOWN|CERTIFICATE_EXPIRED|CERTIFICATE_REVOKED|UNSUPPORTED_CERTIFICATE|ACCESS_DENIED|DECRYPT_ERROR)/;

/** Where a new connection stood when it failed. */
interface Stage {
  /** Connected, the TLS handshake not finished. */
  handshaking: boolean;
  /** A TLS 1.3 handshake just finished on this new connection, and no answer has arrived yet. */
  afterTls13Handshake: boolean;
}

/** A failure of the connection (no HTTP answer) → its BankError. */
function connectionError(error: NodeJS.ErrnoException, timeoutMs: number, stage: Stage): BankError {
  if (error instanceof TimedOut) return new BankError("timeout", timeoutMessage(timeoutMs));
  const code = error.code ?? "";
  if (CLIENT_CERTIFICATE_ALERT.test(code)) return new BankError("certificate", BANK_CERTIFICATE_REFUSED);
  // A bank that drops a new connection during the handshake rather than sending an alert does so
  // over the certificate it asked for. With TLS 1.3 the server checks our certificate after the
  // client has finished its side of the handshake: a reset then, before any answer, is that check.
  if ((code === "ECONNRESET" || code === "EPIPE") && (stage.handshaking || stage.afterTls13Handshake)) {
    return new BankError("certificate", BANK_CERTIFICATE_REFUSED);
  }
  if (SERVER_CERTIFICATE_CODES.has(code)) {
    return new BankError("tls", `Certificado do servidor do banco não é confiável (${code})`);
  }
  if (/key values mismatch/i.test(error.message)) return new BankError("certificate", KEY_MISMATCH);
  if (/PEM routines|ASN1|no start line|DECODER routines|bad decrypt/i.test(error.message)) {
    return new BankError("certificate", CERTIFICATE_INVALID);
  }
  if (code.startsWith("ERR_SSL_") || code.startsWith("ERR_TLS_") || code.startsWith("ERR_OSSL_")) {
    return new BankError("tls", `Falha na conexão segura com o banco (${code})`);
  }
  if (NETWORK_CODES.has(code) || /socket hang up/i.test(error.message))
    return new BankError("network", `${BANK_UNREACHABLE} (${code || error.message})`);
  return new BankError("network", `${BANK_UNREACHABLE} (${error.message})`);
}

function exchange(
  /** The connection's agent, made (with its TLS context) on first use: a certificate that cannot be loaded fails the request. */
  agent: () => https.Agent,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    try {
      send(resolve, reject);
    } catch (error) {
      // The certificate or key cannot even be loaded (made into the TLS context when connecting).
      reject(connectionError(error as NodeJS.ErrnoException, timeoutMs, { handshaking: false, afterTls13Handshake: false }));
    }
  });

  function send(resolve: (answer: Answer) => void, reject: (error: unknown) => void) {
    const stage: Stage = { handshaking: false, afterTls13Handshake: false };
    let reused = false;
    let answered = false;
    const request = https.request(
      url,
      {
        method,
        agent: agent(),
        headers: {
          accept: "application/json",
          ...headers,
          ...(body !== undefined ? { "content-length": String(Buffer.byteLength(body)) } : {}),
        },
      },
      (response) => {
        answered = true;
        stage.afterTls13Handshake = false;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) request.destroy(new Error("resposta grande demais"));
          else chunks.push(chunk);
        });
        response.on("end", () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") });
        });
        response.on("error", () => undefined); // reported through the request's "error"
      },
    );
    const timer = setTimeout(() => request.destroy(new TimedOut()), timeoutMs);
    request.on("socket", (socket: tls.TLSSocket) => {
      reused = request.reusedSocket;
      if (reused || !socket.connecting) return;
      socket.once("connect", () => (stage.handshaking = true));
      socket.once("secureConnect", () => {
        stage.handshaking = false;
        stage.afterTls13Handshake = socket.getProtocol() === "TLSv1.3";
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // A kept-alive socket the bank had just closed: not the bank's answer, try once on a new one.
      if (reused && !answered && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
        exchange(agent, url, method, headers, body, timeoutMs).then(resolve, reject);
        return;
      }
      reject(connectionError(error, timeoutMs, stage));
    });
    request.end(body);
  }
}

// ---- Answers ----

const isSuccess = (status: number) => status >= 200 && status < 300;

function json(answer: Answer): unknown {
  if (answer.body.trim() === "") return undefined;
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
}

function parseAnswer<S extends z.ZodType>(schema: S, answer: Answer): z.output<S> {
  const parsed = schema.safeParse(json(answer));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw new BankError("invalid-answer", `${BANK_INVALID_ANSWER} (${where}${issue?.message ?? "corpo vazio"})`, answer.status);
  }
  return parsed.data;
}

/** An error answer → its BankError (the standard's problem answer when there is one). */
function httpError(answer: Answer): BankError {
  const parsed = problem.safeParse(json(answer));
  const details = parsed.success ? parsed.data : undefined;
  const said = details ? `: ${details.title}${details.detail ? ` — ${details.detail}` : ""}` : "";
  if (answer.status === 404) return new BankError("not-found", `Não encontrado no banco${said}`, 404, details);
  if (answer.status === 401) return new BankError("credentials", BANK_CREDENTIALS_REFUSED, 401, details);
  return new BankError("http", `Banco respondeu ${answer.status}${said}`, answer.status, details);
}

function checkRequest<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".") || what}: ${i.message}`).join("; ");
    throw new Error(`${what} fora do padrão da API Pix: ${issues}`);
  }
  return parsed.data;
}

function checkId(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value)) throw new Error(`${what} fora do padrão da API Pix: ${JSON.stringify(value)}`);
  return value;
}

// ---- The client ----

export function apiPixClient(conn: BankConnection, opts: ApiPixOptions = {}): ApiPixClient {
  assertBankUrl(conn.baseUrl);
  assertBankUrl(conn.tokenUrl);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pageSize = opts.pageSize ?? 100;
  const agent = () => agentFor(conn);
  const base = conn.baseUrl.trim().replace(/\/+$/, "");
  const tokenKey = digest(
    conn.tokenUrl,
    conn.clientId,
    conn.clientSecret,
    conn.scope,
    conn.certificatePem,
    conn.privateKeyPem,
    conn.caCertificatePem,
  );

  async function fetchToken(): Promise<{ token: string; expiresAt: number }> {
    const form = new URLSearchParams({ grant_type: "client_credentials" });
    if (conn.scope) form.set("scope", conn.scope);
    const basic = Buffer.from(`${conn.clientId}:${conn.clientSecret}`, "utf8").toString("base64");
    const answer = await exchange(
      agent,
      new URL(conn.tokenUrl.trim()),
      "POST",
      { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      form.toString(),
      timeoutMs,
    );
    if (!isSuccess(answer.status)) {
      const error = (json(answer) as { error?: unknown } | undefined)?.error;
      const refused = answer.status === 401 || (answer.status === 400 && (error === "invalid_client" || error === "unauthorized_client"));
      if (refused) throw new BankError("credentials", BANK_CREDENTIALS_REFUSED, answer.status);
      throw httpError(answer);
    }
    const { access_token, expires_in = 300 } = parseAnswer(tokenAnswer, answer);
    return { token: access_token, expiresAt: Date.now() + expires_in * 1000 - TOKEN_MARGIN_MS };
  }

  async function token(): Promise<string> {
    const kept = tokens.get(tokenKey);
    if (kept && !(kept instanceof Promise) && kept.expiresAt > Date.now()) return kept.token;
    if (kept instanceof Promise) return (await kept).token;
    // One request for every caller that asks at the same time.
    const pending = fetchToken();
    remember(tokens, tokenKey, pending);
    try {
      const fresh = await pending;
      if (tokens.get(tokenKey) === pending) tokens.set(tokenKey, fresh);
      return fresh.token;
    } catch (error) {
      if (tokens.get(tokenKey) === pending) tokens.delete(tokenKey);
      throw error;
    }
  }

  /** One call of the API with the token; a token the bank no longer accepts is renewed once. */
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const url = new URL(base + path);
    const text = body === undefined ? undefined : JSON.stringify(body);
    const send = async () =>
      exchange(
        agent,
        url,
        method,
        { authorization: `Bearer ${await token()}`, ...(text !== undefined ? { "content-type": "application/json" } : {}) },
        text,
        timeoutMs,
      );
    let answer = await send();
    if (answer.status === 401) {
      tokens.delete(tokenKey);
      answer = await send();
    }
    return answer;
  }

  async function read<S extends z.ZodType>(schema: S, method: string, path: string, body?: unknown): Promise<z.output<S>> {
    const answer = await call(method, path, body);
    if (!isSuccess(answer.status)) throw httpError(answer);
    return parseAnswer(schema, answer);
  }

  function sameTxid(answer: Cobv, txid: string): Cobv {
    if (answer.txid !== txid) throw new BankError("invalid-answer", `${BANK_INVALID_ANSWER} (txid ${answer.txid} em vez de ${txid})`);
    return answer;
  }

  const cobvPath = (txid: string) => `/cobv/${checkId(txid, TXID_PATTERN, "txid")}`;
  const pixPath = (e2eid: string) => `/pix/${checkId(e2eid, E2EID_PATTERN, "endToEndId")}`;
  const refundPath = (e2eid: string, id: string) => `${pixPath(e2eid)}/devolucao/${checkId(id, REFUND_ID_PATTERN, "id da devolução")}`;
  const webhookPath = (chave: string) => `/webhook/${encodeURIComponent(chave)}`;

  return {
    token,

    async putWebhook(chave, webhookUrl) {
      const body = checkRequest(webhookRequest, { webhookUrl }, "webhook");
      const answer = await call("PUT", webhookPath(chave), body);
      if (!isSuccess(answer.status)) throw httpError(answer);
    },

    async getWebhook(chave) {
      const answer = await call("GET", webhookPath(chave));
      if (answer.status === 404) return null;
      if (!isSuccess(answer.status)) throw httpError(answer);
      return { webhookUrl: parseAnswer(webhookAnswer, answer).webhookUrl };
    },

    async putCobv(txid, body) {
      const checked = checkRequest(cobvRequest, body, "cobv");
      return sameTxid(await read(cobv, "PUT", cobvPath(txid), checked), txid);
    },

    async patchCobv(txid, body) {
      const checked = checkRequest(cobvPatch, body, "revisão da cobv");
      return sameTxid(await read(cobv, "PATCH", cobvPath(txid), checked), txid);
    },

    async getCobv(txid) {
      return sameTxid(await read(cobv, "GET", cobvPath(txid)), txid);
    },

    async getPix(e2eid) {
      const pix = await read(pixReceived, "GET", pixPath(e2eid));
      if (pix.endToEndId !== e2eid) {
        throw new BankError("invalid-answer", `${BANK_INVALID_ANSWER} (endToEndId ${pix.endToEndId} em vez de ${e2eid})`);
      }
      return pix;
    },

    async *listPix({ inicio, fim }) {
      for (let page = 0; ; page++) {
        const query = new URLSearchParams({
          inicio: inicio.toISOString(),
          fim: fim.toISOString(),
          "paginacao.paginaAtual": String(page),
          "paginacao.itensPorPagina": String(pageSize),
        });
        const answer = await read(pixPage, "GET", `/pix?${query}`);
        const items = answer.pix ?? [];
        yield* items;
        if (items.length === 0 || page + 1 >= answer.parametros.paginacao.quantidadeDePaginas) return;
      }
    },

    async putRefund(e2eid, id, body) {
      const checked: RefundRequest = checkRequest(refundRequest, body, "devolução");
      try {
        return await read(refund, "PUT", refundPath(e2eid, id), checked);
      } catch (error) {
        // A retried request whose first try reached the bank: the standard refuses a refund id used
        // before (400); the refund asked then is the answer.
        if (error instanceof BankError && error.kind === "http" && error.status === 400) {
          const existing = await read(refund, "GET", refundPath(e2eid, id)).catch(() => null);
          if (existing && existing.valor === checked.valor) return existing;
        }
        throw error;
      }
    },

    async getRefund(e2eid, id) {
      return read(refund, "GET", refundPath(e2eid, id));
    },
  };
}

/**
 * A connection's check ('Verificar conexão'): a token, then our webhook registered for the key
 * (`PUT /webhook/{chave}`). `{ ok, message }` in Portuguese: 'Conexão com o banco verificada', or
 * what failed (the BankError's message). Any other error (a programming error) is thrown.
 */
export async function checkBankConnection(
  client: ApiPixClient,
  chave: string,
  webhookUrl: string,
): Promise<{ ok: true; message: string } | { ok: false; message: string; error: BankError }> {
  try {
    await client.token();
    await client.putWebhook(chave, webhookUrl);
    return { ok: true, message: BANK_CONNECTION_VERIFIED };
  } catch (error) {
    if (error instanceof BankError) return { ok: false, message: error.message, error };
    throw error;
  }
}
