import { timingSafeEqual } from "node:crypto";
import type { Transaction } from "sequelize";
import { BankConnectionRow } from "#db/models.ts";
import type { BankConnection } from "~/integrations/api-pix/client.server";
import { decryptSecret } from "~/platform/secrets.server";
import { env } from "~/platform/env.server";
import { selectRows } from "~/platform/db.server";
import { iso } from "../row-values.server";
import { isUuid } from "../validation";
import { settingsOf } from "../charges/queries.server";
import type { BankConnectionStatus, BankConnectionStatusRow } from "./schema";

/**
 * The reads of the bank connections (issue 42): the `bank_connections` table
 * is read here only. The secrets come out decrypted for the bank client and
 * for nothing else: no answer, log or audit entry carries them.
 */

/** The connection row of a branch (null: none), locked in the caller's transaction when given. */
export async function findConnectionRow(branchId: string, t?: Transaction): Promise<BankConnectionRow | null> {
  if (!isUuid(branchId)) return null;
  return BankConnectionRow.findByPk(branchId, t ? { transaction: t, lock: t.LOCK.UPDATE } : {});
}

/** Our webhook's address for a branch: the bank appends `/pix` and posts each received Pix there. */
export function webhookUrlOf(branchId: string, secret: string): string {
  return `${env().PUBLIC_URL}/api/webhooks/pix/${branchId}/${secret}`;
}

/**
 * A branch's bank connection, ready for the client (`apiPixClient`), with the
 * Pix key its charges use (the connection's own, or the branch's billing key)
 * and our webhook's address; null when the branch has none.
 */
export async function bankConnectionOf(
  branchId: string,
  t?: Transaction,
): Promise<{ connection: BankConnection; pixKey: string; webhookUrl: string } | null> {
  const row = isUuid(branchId) ? await BankConnectionRow.findByPk(branchId, { transaction: t }) : null;
  if (!row) return null;
  const pixKey = row.pixKey ?? (await settingsOf(branchId, t)).pixKey ?? "";
  return {
    connection: {
      baseUrl: row.baseUrl,
      tokenUrl: row.tokenUrl,
      clientId: row.clientId,
      clientSecret: decryptSecret(row.clientSecretSealed),
      certificatePem: row.certificatePem,
      privateKeyPem: decryptSecret(row.privateKeySealed),
      caCertificatePem: row.caCertificatePem,
    },
    pixKey,
    webhookUrl: webhookUrlOf(branchId, decryptSecret(row.webhookSecretSealed)),
  };
}

/** The secret of a webhook call matches the branch's (constant time); false for an unknown branch. */
export async function webhookSecretMatches(branchId: string, secret: string): Promise<boolean> {
  const [row] = isUuid(branchId)
    ? await selectRows<{ webhookSecretSealed: string }>(
        `SELECT "webhookSecretSealed" FROM "bank_connections" WHERE "branchId" = :branchId`,
        {
          branchId,
        },
      )
    : [];
  if (!row) return false;
  const expected = Buffer.from(decryptSecret(row.webhookSecretSealed), "utf8");
  const given = Buffer.from(secret, "utf8");
  // Compared in constant time over the expected length; a wrong length is a mismatch all the same.
  const same = timingSafeEqual(expected, given.length === expected.length ? given : Buffer.alloc(expected.length));
  return expected.length > 0 && given.length === expected.length && same;
}

/** Branch ids that have a bank connection, among `branchIds`. */
export async function connectedBranches(branchIds: readonly string[], t?: Transaction): Promise<Set<string>> {
  const ids = [...new Set(branchIds)].filter(isUuid);
  if (!ids.length) return new Set();
  const rows = await BankConnectionRow.findAll({ attributes: ["branchId"], where: { branchId: ids }, transaction: t });
  return new Set(rows.map((r) => r.branchId));
}

/** Each branch's connection and how its last check went ('Integrações'), by branch name. */
export async function bankConnectionStatuses(): Promise<BankConnectionStatusRow[]> {
  // Joins "branches" (app/domain/branches) for the name.
  const rows = await selectRows<{
    branchId: string;
    branchName: string;
    status: string;
    lastError: string | null;
    checkedAt: string | Date | null;
  }>(
    `SELECT "bc"."branchId", "b"."name" AS "branchName", "bc"."status", "bc"."lastError", "bc"."checkedAt"
       FROM "bank_connections" AS "bc" JOIN "branches" AS "b" ON "b"."id" = "bc"."branchId"
      ORDER BY "b"."name", "bc"."branchId"`,
  );
  return rows.map((r) => ({
    branchId: r.branchId,
    branchName: r.branchName,
    provider: "api-pix",
    status: r.status as BankConnectionStatus,
    lastError: r.lastError,
    checkedAt: r.checkedAt ? iso(r.checkedAt) : null,
  }));
}
