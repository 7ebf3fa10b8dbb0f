import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * The bank connection of a branch (issue 42): how the app reaches the branch's
 * bank through the Banco Central's API Pix (OAuth 2 client credentials over
 * mutual TLS). The client secret, the private key and the webhook secret are
 * stored sealed (AES-256-GCM, app/platform/secrets.server.ts); the
 * certificates are public. A charge registered at the bank as a `cobv` keeps
 * its txid (unique), the bank's status word, revision, location and
 * copy-and-paste code, and the last error of its registration.
 */
export const bankConnections: Migration = {
  name: "0025-bank-connections",
  async up(qi: QueryInterface) {
    await qi.createTable("bank_connections", {
      branchId: {
        type: DataTypes.UUID,
        allowNull: false,
        primaryKey: true,
        references: { model: "branches", key: "id" },
        onDelete: "CASCADE",
        onUpdate: "CASCADE",
      },
      provider: { type: DataTypes.STRING(20), allowNull: false, defaultValue: "api-pix" },
      baseUrl: { type: DataTypes.STRING(300), allowNull: false },
      tokenUrl: { type: DataTypes.STRING(300), allowNull: false },
      clientId: { type: DataTypes.STRING(200), allowNull: false },
      clientSecretSealed: { type: DataTypes.TEXT, allowNull: false },
      certificatePem: { type: DataTypes.TEXT, allowNull: false },
      privateKeySealed: { type: DataTypes.TEXT, allowNull: false },
      caCertificatePem: { type: DataTypes.TEXT, allowNull: true },
      pixKey: { type: DataTypes.STRING(77), allowNull: true },
      webhookSecretSealed: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "unchecked" },
      lastError: { type: DataTypes.STRING(500), allowNull: true },
      checkedAt: { type: DataTypes.DATE, allowNull: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    });

    await qi.addColumn("charges", "bankTxid", { type: DataTypes.STRING(35), allowNull: true });
    await qi.addIndex("charges", ["bankTxid"], { name: "charges_bank_txid", unique: true });
    await qi.addColumn("charges", "bankStatus", { type: DataTypes.STRING(12), allowNull: true });
    await qi.addColumn("charges", "bankRevision", { type: DataTypes.INTEGER, allowNull: true });
    await qi.addColumn("charges", "bankLocation", { type: DataTypes.STRING(300), allowNull: true });
    await qi.addColumn("charges", "bankCopyPaste", { type: DataTypes.TEXT, allowNull: true });
    await qi.addColumn("charges", "bankError", { type: DataTypes.STRING(500), allowNull: true });
  },
  async down(qi: QueryInterface) {
    await qi.removeIndex("charges", "charges_bank_txid");
    for (const column of ["bankError", "bankCopyPaste", "bankLocation", "bankRevision", "bankStatus", "bankTxid"]) {
      await qi.removeColumn("charges", column);
    }
    await qi.dropTable("bank_connections");
  },
};
