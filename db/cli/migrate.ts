// npm run db:migrate — applies pending migrations to DATABASE_URL (default sqlite:data/app.sqlite).
import { openDatabase } from "../connection.ts";
import { migrator } from "../migrate.ts";
import { databaseSettings } from "../../app/platform/env.server.ts";

let url: string;
try {
  ({ url } = databaseSettings());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const sequelize = openDatabase(url);
try {
  await sequelize.authenticate();
  const applied = await migrator(sequelize).up();
  console.log(applied.length ? `Migrações aplicadas: ${applied.map((m) => m.name).join(", ")}` : "Banco de dados já está atualizado.");
} finally {
  await sequelize.close();
}
