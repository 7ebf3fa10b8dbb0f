import { z } from "zod";
import { timestamp } from "../dto-fields";
import { MAX_FIELD_CHARS, requiredString } from "../fields";
import { pixKeyField } from "../charges/schema";

/** A branch's connection to its bank (issue 42): the messages, the input and the answer. */

export const BANK_CONNECTION_VERIFIED = "Conexão com o banco verificada";
export const BASE_URL_REQUIRED = "URL da API é obrigatória";
export const TOKEN_URL_REQUIRED = "URL do token é obrigatória";
export const CLIENT_ID_REQUIRED = "Client ID é obrigatório";
export const CLIENT_SECRET_REQUIRED = "Client secret é obrigatório";
export const CERTIFICATE_REQUIRED = "Certificado é obrigatório";
export const PRIVATE_KEY_REQUIRED = "Chave privada é obrigatória";
export const PROVIDER_INVALID = "Provedor inválido: use api-pix ou none";
export const BANK_NOT_CONNECTED = "Unidade sem conexão com o banco";
export const BANK_PROVIDERS = ["api-pix", "none"] as const;
export const BANK_CONNECTION_STATUSES = ["ok", "error", "unchecked"] as const;
export type BankConnectionStatus = (typeof BANK_CONNECTION_STATUSES)[number];

const PEM_MAX = 20_000;
/** A secret (or the certificate) that may be left blank on an update: the stored one is kept. */
const keptSecret = (max: number) =>
  z
    .string()
    .max(max, { error: `Máximo de ${max} caracteres`, abort: true })
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));
const urlField = (message: string) => requiredString(message, 300);

/**
 * PUT /api/branches/{id}/pix-provider: `{provider: "api-pix", …}` connects (or
 * changes) the branch's bank; `{provider: "none"}` disconnects it. On a change,
 * a blank `clientSecret`, `certificatePem` or `privateKeyPem` keeps the stored one. The URLs'
 * scheme, the certificate and the key's match are checked by the service.
 */
export const pixProviderSchema = z.discriminatedUnion(
  "provider",
  [
    z.object({
      provider: z.literal("api-pix"),
      baseUrl: urlField(BASE_URL_REQUIRED),
      tokenUrl: urlField(TOKEN_URL_REQUIRED),
      clientId: requiredString(CLIENT_ID_REQUIRED, 200),
      clientSecret: keptSecret(MAX_FIELD_CHARS),
      certificatePem: keptSecret(PEM_MAX),
      privateKeyPem: keptSecret(PEM_MAX),
      caCertificatePem: z
        .string()
        .max(PEM_MAX, { error: `Máximo de ${PEM_MAX} caracteres`, abort: true })
        .trim()
        .nullable()
        .optional()
        .transform((v) => (v ? v : null)),
      pixKey: pixKeyField,
    }),
    z.object({ provider: z.literal("none") }),
  ],
  { error: PROVIDER_INVALID },
);
export type PixProviderInput = z.output<typeof pixProviderSchema>;

// ---- Responses ----

export const pixProviderDto = z
  .object({
    provider: z.enum(BANK_PROVIDERS),
    baseUrl: z.string().nullable(),
    tokenUrl: z.string().nullable(),
    clientId: z.string().nullable(),
    pixKey: z.string().nullable().describe("A chave Pix das cobranças no banco (nula: a chave Pix da unidade)"),
    certificate: z.object({ subject: z.string(), notAfter: timestamp }).nullable(),
    webhookUrl: z.string().nullable().describe("O endereço que o banco chama a cada Pix recebido"),
    status: z.enum(BANK_CONNECTION_STATUSES).nullable(),
    lastError: z.string().nullable(),
    checkedAt: timestamp.nullable(),
  })
  .meta({ id: "PixProvider" });
export type PixProviderDTO = z.output<typeof pixProviderDto>;

export const pixProviderCheckDto = z
  .object({ ok: z.boolean(), message: z.string() })
  .meta({ id: "PixProviderCheck", description: "O resultado da verificação: token e registro do webhook" });
export type PixProviderCheckDTO = z.output<typeof pixProviderCheckDto>;

/** One branch's connection, on 'Integrações'. */
export interface BankConnectionStatusRow {
  branchId: string;
  branchName: string;
  provider: "api-pix";
  status: BankConnectionStatus;
  lastError: string | null;
  checkedAt: string | null;
}
