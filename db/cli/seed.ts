// npm run db:seed — fills DATABASE_URL with a demo network and prints the sign-in accounts.
// npm run db:seed -- --reset — first deletes every row (users included), then loads the demo network again.
import { parseArgs } from "node:util";
import { setupDatabase } from "../index.ts";
import { seedDemo } from "../seed/demo.ts";
import { deleteAllData } from "../seed/reset.ts";
import { databaseSettings } from "../../app/platform/env.server.ts";
import { setSchoolTimeZone } from "../../app/domain/calendar/dates.ts";

let url: string;
let reset: boolean;
try {
  const settings = databaseSettings();
  url = settings.url;
  setSchoolTimeZone(settings.timeZone);
  ({
    values: { reset = false },
  } = parseArgs({ options: { reset: { type: "boolean" } } }));
} catch (error) {
  console.error((error as Error).message);
  console.error("Uso: npm run db:seed [-- --reset]");
  process.exit(1);
}
const sequelize = await setupDatabase(url);
try {
  if (reset) {
    await deleteAllData(sequelize);
    console.log("Todos os dados foram apagados (--reset).");
  }
  const result = await seedDemo(sequelize);
  if (!result.created) {
    console.log("Os dados de demonstração já existem (admin@escola.com.br). Nada foi alterado.");
    console.log("Para apagar todos os dados e carregar a demonstração de novo: npm run db:seed -- --reset");
  } else {
    console.log("Dados de demonstração criados:");
    for (const [k, v] of Object.entries(result.counts)) console.log(`  ${k}: ${v}`);
  }
  console.log("\nContas para entrar:");
  for (const a of result.accounts) console.log(`  ${a.userType.padEnd(13)} ${a.email.padEnd(26)} senha: ${a.password}`);
} finally {
  await sequelize.close();
}
