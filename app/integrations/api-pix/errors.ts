import type { Problem } from "./schema";

/** Why a call to the bank failed. */
export type BankErrorKind =
  /** The token endpoint refused the client id and secret. */
  | "credentials"
  /** The bank refused our client certificate during the TLS handshake. */
  | "certificate"
  /** No complete answer within the call's time limit (10 s). */
  | "timeout"
  /** Any other TLS failure (the bank's certificate is not trusted, expired, for another name…). */
  | "tls"
  /** The bank answered with an error status (a problem answer of the standard, 5xx…). */
  | "http"
  /** The bank answered 2xx with a body outside the standard. */
  | "invalid-answer"
  /** The bank does not know the txid, e2eid, refund or webhook asked for (404). */
  | "not-found"
  /** No connection at all: refused, reset, unknown host. */
  | "network";

// The exact messages of the issue, and the others in the same voice.
export const BANK_CONNECTION_VERIFIED = "Conexão com o banco verificada";
export const BANK_CREDENTIALS_REFUSED = "Banco recusou as credenciais";
export const BANK_CERTIFICATE_REFUSED = "Certificado recusado pelo banco";
export const BANK_URL_INVALID = "URL do banco inválida";
export const BANK_UNREACHABLE = "Banco indisponível: não foi possível conectar";
export const BANK_INVALID_ANSWER = "Resposta do banco fora do padrão da API Pix";

/** 'Banco não respondeu em 10 s' (the time limit of the call, in seconds). */
export function timeoutMessage(timeoutMs: number): string {
  const seconds = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 }).format(timeoutMs / 1000);
  return `Banco não respondeu em ${seconds} s`;
}

export class BankError extends Error {
  constructor(
    public kind: BankErrorKind,
    message: string,
    public status?: number,
    /** The bank's problem answer (RFC 7807), when it sent one. */
    public problem?: Problem,
  ) {
    super(message);
    this.name = "BankError";
  }

  /** Worth trying again later (a job's retry): the bank was slow, unreachable, or failed on its side. */
  get transient(): boolean {
    if (this.kind === "timeout" || this.kind === "network") return true;
    return this.kind === "http" && this.status !== undefined && (this.status >= 500 || this.status === 429);
  }
}
