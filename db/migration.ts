import type { QueryInterface, Sequelize } from "sequelize";

/** One migration (db/migrations/); the runner (./migrate.ts) applies them in order. */
export interface Migration {
  name: string;
  up(qi: QueryInterface, sequelize: Sequelize): Promise<void>;
  down(qi: QueryInterface, sequelize: Sequelize): Promise<void>;
}
