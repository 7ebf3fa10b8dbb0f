// npm run db:seed — fills DATABASE_URL with a demo network and prints the sign-in accounts.
import { setupDatabase } from "../index.ts";
import { seedDemo } from "../seed/demo.ts";
import { databaseSettings } from "../../app/platform/env.server.ts";

let url: string;
try {
  ({ url } = databaseSettings());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const sequelize = await setupDatabase(url);
try {
  const result = await seedDemo(sequelize);
  if (!result.created) {
    console.log("Os dados de demonstração já existem (admin@escola.com.br). Nada foi alterado.");
  } else {
    console.log("Dados de demonstração criados:");
    for (const [k, v] of Object.entries(result.counts)) console.log(`  ${k}: ${v}`);
  }
  console.log("\nContas para entrar:");
  for (const a of result.accounts) console.log(`  ${a.userType.padEnd(13)} ${a.email.padEnd(26)} senha: ${a.password}`);
} finally {
  await sequelize.close();
}
