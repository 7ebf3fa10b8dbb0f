process.env.TZ ??= "America/Sao_Paulo";
import { afterAll, inject } from "vitest";
import { useFactoryDatabase } from "./factories";

// The services read their database from the environment; the factories write into the same connection.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.UPLOAD_STORAGE = "database";
const { closeDb, db } = await import("~/platform/db.server");
const sequelize = await db();
useFactoryDatabase(() => sequelize);

afterAll(() => closeDb());
