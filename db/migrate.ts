import type { Sequelize } from "sequelize";
import { SequelizeStorage, Umzug } from "umzug";
import { migrations } from "./migrations/index.ts";

export function migrator(sequelize: Sequelize, logger: boolean = false) {
  return new Umzug({
    migrations: migrations.map((m) => ({
      name: m.name,
      up: () => m.up(sequelize.getQueryInterface(), sequelize),
      down: () => m.down(sequelize.getQueryInterface(), sequelize),
    })),
    storage: new SequelizeStorage({ sequelize, tableName: "schema_migrations" }),
    logger: logger ? console : undefined,
  });
}

/** Applies every pending migration. Safe to call on every start. */
export async function migrate(sequelize: Sequelize, logger = false) {
  return migrator(sequelize, logger).up();
}
