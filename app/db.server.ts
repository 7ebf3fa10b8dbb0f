import type { Sequelize, Transaction } from "sequelize";
import { setupDatabase } from "#db/index.ts";
import { env } from "./env.server";

let ready: Promise<Sequelize> | null = null;

/** The process-wide connection; migrations run on first use (and at server start). */
export function db(): Promise<Sequelize> {
  if (!ready) {
    ready = setupDatabase(env().DATABASE_URL, { logging: env().DB_LOGGING === "1" }).catch((error) => {
      ready = null;
      throw error;
    });
  }
  return ready;
}

/** Runs `fn` in one transaction (IMMEDIATE on SQLite). */
export async function transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
  const sequelize = await db();
  return sequelize.transaction(fn);
}

export async function closeDb() {
  if (!ready) return;
  const sequelize = await ready;
  ready = null;
  await sequelize.close();
}
