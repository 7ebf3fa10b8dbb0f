import { randomUUID } from "node:crypto";
import { Sequelize } from "sequelize";
import { describe, expect, it } from "vitest";
import { migrator } from "../../db/migrate";

/**
 * Migration 0023 on a database of its own (SQLite in memory, foreign keys off
 * while its charges are written, so a charge needs no family): the charges issued before it take
 * their branch's settings of that day, or the defaults (2 % and 1 %) when the
 * branch has none stored.
 */
describe("migration 0023: fee terms on charges", () => {
  it("backfills every existing charge from its branch's current settings", async () => {
    const sequelize = new Sequelize("sqlite::memory:", { logging: false });
    try {
      const umzug = migrator(sequelize);
      await umzug.up({ to: "0022-list-versions" });
      const now = new Date().toISOString();
      const [withSettings, withDefaults] = [randomUUID(), randomUUID()];
      for (const id of [withSettings, withDefaults]) {
        await sequelize.query(
          `INSERT INTO "branches" ("id", "name", "address", "active", "isDefault", "createdAt", "updatedAt") VALUES (?, ?, 'Rua A', 1, 0, ?, ?)`,
          { replacements: [id, `Unidade ${id.slice(0, 4)}`, now, now] },
        );
      }
      await sequelize.query(
        `INSERT INTO "billing_settings" ("branchId", "dueDay", "finePercent", "monthlyInterestPercent", "createdAt", "updatedAt") VALUES (?, 10, 1.5, 0.25, ?, ?)`,
        { replacements: [withSettings, now, now] },
      );
      const charge = async (branchId: string) => {
        const id = randomUUID();
        await sequelize.query(
          `INSERT INTO "charges" ("id", "code", "guardianId", "branchId", "description", "amountCents", "dueDate", "status", "feesWaived", "createdAt", "updatedAt")
           VALUES (?, ?, ?, ?, 'Figurino', 10000, '2026-10-10', 'Aberta', 0, ?, ?)`,
          { replacements: [id, `A${id.slice(0, 7)}`, randomUUID(), branchId, now, now] },
        );
        return id;
      };
      await sequelize.query("PRAGMA foreign_keys = OFF");
      const [a, b] = [await charge(withSettings), await charge(withDefaults)];
      await umzug.up({ to: "0023-charge-fee-terms" });
      const [rows] = await sequelize.query(`SELECT "id", "finePercent", "monthlyInterestPercent" FROM "charges"`);
      const terms = Object.fromEntries(
        (rows as { id: string; finePercent: number; monthlyInterestPercent: number }[]).map((r) => [
          r.id,
          [Number(r.finePercent), Number(r.monthlyInterestPercent)],
        ]),
      );
      expect(terms).toEqual({ [a]: [1.5, 0.25], [b]: [2, 1] });
      // And back: the columns go away.
      await umzug.down({ to: "0023-charge-fee-terms" });
      const [columns] = await sequelize.query(`SELECT "name" FROM pragma_table_info('charges')`);
      expect((columns as { name: string }[]).map((c) => c.name)).not.toContain("finePercent");
    } finally {
      await sequelize.close();
    }
  });
});
