import { randomBytes } from "node:crypto";
import { BankConnectionRow } from "#db/models.ts";
import { apiPixClient } from "~/integrations/api-pix/client.server";
import { BANK_URL_INVALID, BankError } from "~/integrations/api-pix/errors";
import {
  assertKeyMatches,
  CERTIFICATE_INVALID,
  certificateInfo,
  isBankUrl,
  KEY_MISMATCH,
  p12ToPem,
} from "~/integrations/api-pix/certificates.server";
import { decryptSecret, encryptSecret } from "~/platform/secrets.server";
import { transaction } from "~/platform/db.server";
import { assertAdmin, type Actor } from "../access/roles";
import { NotFoundError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { branchExists } from "../branches/queries.server";
import { BRANCH_NOT_FOUND } from "../branches/schema";
import { PIX_KEY_MISSING } from "../charges/schema";
import { bankConnectionOf, findConnectionRow, webhookUrlOf } from "./queries.server";
import {
  BANK_CONNECTION_VERIFIED,
  BANK_NOT_CONNECTED,
  CERTIFICATE_REQUIRED,
  CLIENT_SECRET_REQUIRED,
  PRIVATE_KEY_REQUIRED,
  pixProviderSchema,
  type PixProviderCheckDTO,
  type PixProviderDTO,
} from "./schema";

/**
 * The bank connection of a branch (issue 42; Administrator). The client
 * secret, the private key and the webhook's secret are sealed before they are
 * written and never leave this module in an answer; the audit trail records
 * that they changed, not their values (their columns are secret fields).
 */

async function assertBranch(branchId: string): Promise<void> {
  if (!(await branchExists(branchId))) throw new NotFoundError(BRANCH_NOT_FOUND);
}

/** The answer of a branch without a connection. */
const NONE: PixProviderDTO = {
  provider: "none",
  baseUrl: null,
  tokenUrl: null,
  clientId: null,
  pixKey: null,
  certificate: null,
  webhookUrl: null,
  status: null,
  lastError: null,
  checkedAt: null,
};

function toDTO(row: BankConnectionRow): PixProviderDTO {
  let certificate: PixProviderDTO["certificate"] = null;
  try {
    const info = certificateInfo(row.certificatePem);
    certificate = { subject: info.subject, notAfter: new Date(info.notAfter).toISOString() };
  } catch {
    certificate = null;
  }
  return {
    provider: "api-pix",
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    pixKey: row.pixKey ?? null,
    certificate,
    webhookUrl: webhookUrlOf(row.branchId, decryptSecret(row.webhookSecretSealed)),
    status: (row.status ?? "unchecked") as PixProviderDTO["status"],
    lastError: row.lastError ?? null,
    checkedAt: row.checkedAt ? new Date(row.checkedAt).toISOString() : null,
  };
}

/**
 * The certificate and key of a `.p12` file (PKCS#12), for the screen's upload:
 * a wrong password or a file that is no PKCS#12 is the field's message.
 */
export function pemFromP12(bytes: Uint8Array, password: string): { certificatePem: string; privateKeyPem: string } {
  try {
    return p12ToPem(bytes, password);
  } catch (error) {
    throw new ValidationError({ p12File: [error instanceof Error && error.message ? error.message : CERTIFICATE_INVALID] });
  }
}

/** GET /api/branches/{id}/pix-provider (Administrator): provider "none" with nulls when the branch has none. */
export async function getPixProvider(actor: Actor | null, branchId: string): Promise<PixProviderDTO> {
  assertAdmin(actor);
  await assertBranch(branchId);
  const row = await findConnectionRow(branchId);
  return row ? toDTO(row) : NONE;
}

/**
 * PUT /api/branches/{id}/pix-provider (Administrator): connects the branch to
 * its bank, changes the connection (a blank client secret or private key keeps
 * the stored one) or, with `{provider: "none"}`, removes it. The URLs must be
 * HTTPS, the certificate a readable X.509 PEM and the key its own; the
 * connection is 'unchecked' until 'Verificar conexão'.
 */
export async function updatePixProvider(actor: Actor | null, branchId: string, input: unknown): Promise<PixProviderDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(pixProviderSchema, input);
  await assertBranch(branchId);
  if (data.provider === "none") {
    await transaction(async (t) => {
      const row = await findConnectionRow(branchId, t);
      if (row) await row.destroy({ transaction: t });
    });
    return NONE;
  }
  const saved = await transaction(async (t) => {
    const row = await findConnectionRow(branchId, t);
    const errors: Record<string, string[]> = {};
    if (!isBankUrl(data.baseUrl)) errors.baseUrl = [BANK_URL_INVALID];
    if (!isBankUrl(data.tokenUrl)) errors.tokenUrl = [BANK_URL_INVALID];
    const certificatePem = data.certificatePem ?? row?.certificatePem;
    const clientSecret = data.clientSecret ?? (row ? decryptSecret(row.clientSecretSealed) : undefined);
    const privateKeyPem = data.privateKeyPem ?? (row ? decryptSecret(row.privateKeySealed) : undefined);
    if (!clientSecret) errors.clientSecret = [CLIENT_SECRET_REQUIRED];
    if (!privateKeyPem) errors.privateKeyPem = [PRIVATE_KEY_REQUIRED];
    let certificateOk = Boolean(certificatePem);
    if (!certificatePem) errors.certificatePem = [CERTIFICATE_REQUIRED];
    else
      try {
        certificateInfo(certificatePem);
      } catch {
        certificateOk = false;
        errors.certificatePem = [CERTIFICATE_INVALID];
      }
    if (data.caCertificatePem) {
      try {
        certificateInfo(data.caCertificatePem);
      } catch {
        errors.caCertificatePem = [CERTIFICATE_INVALID];
      }
    }
    if (certificateOk && certificatePem && privateKeyPem) {
      try {
        assertKeyMatches(certificatePem, privateKeyPem);
      } catch {
        errors.privateKeyPem = [KEY_MISMATCH];
      }
    }
    if (Object.keys(errors).length || !clientSecret || !privateKeyPem || !certificatePem) throw new ValidationError(errors);
    const values = {
      provider: "api-pix",
      baseUrl: data.baseUrl.replace(/\/+$/, ""),
      tokenUrl: data.tokenUrl,
      clientId: data.clientId,
      certificatePem,
      caCertificatePem: data.caCertificatePem,
      pixKey: data.pixKey ?? null,
    };
    // Sealed anew only when given: an unchanged secret leaves its column (and the audit entry) alone.
    const secrets = {
      ...(data.clientSecret || !row ? { clientSecretSealed: encryptSecret(clientSecret) } : {}),
      ...(data.privateKeyPem || !row ? { privateKeySealed: encryptSecret(privateKeyPem) } : {}),
    };
    if (row) {
      await row.update({ ...values, ...secrets, status: "unchecked", lastError: null, checkedAt: null }, { transaction: t });
      return row;
    }
    return BankConnectionRow.create(
      { branchId, ...values, ...secrets, webhookSecretSealed: encryptSecret(randomBytes(32).toString("hex")), status: "unchecked" },
      { transaction: t },
    );
  });
  return toDTO(saved);
}

/**
 * POST /api/branches/{id}/pix-provider/check (Administrator): asks the bank
 * for a token and registers our webhook for the Pix key (`PUT
 * {baseUrl}/webhook/{chave}`); the outcome is kept on the connection
 * ('ok' or 'error' with the message) and answered in Portuguese.
 */
export async function checkPixProvider(actor: Actor | null, branchId: string): Promise<PixProviderCheckDTO> {
  assertAdmin(actor);
  await assertBranch(branchId);
  const bank = await bankConnectionOf(branchId);
  if (!bank) throw new NotFoundError(BANK_NOT_CONNECTED);
  let result: PixProviderCheckDTO;
  if (!bank.pixKey) result = { ok: false, message: PIX_KEY_MISSING };
  else
    try {
      const client = apiPixClient(bank.connection);
      await client.token();
      await client.putWebhook(bank.pixKey, bank.webhookUrl);
      result = { ok: true, message: BANK_CONNECTION_VERIFIED };
    } catch (error) {
      if (!(error instanceof BankError)) throw error;
      result = { ok: false, message: error.message.slice(0, 500) };
    }
  await transaction(async (t) => {
    const row = await findConnectionRow(branchId, t);
    if (!row) return;
    await row.update(
      { status: result.ok ? "ok" : "error", lastError: result.ok ? null : result.message, checkedAt: new Date() },
      { transaction: t },
    );
  });
  return result;
}
