import type { Sequelize } from "sequelize";
import { openDatabase } from "../db/connection";
import { Branch, Guardian, GuardianPerson, User, initModels } from "../db/models";

let connection: Sequelize | null = null;

/** The e2e server's database, for preparing rows a test needs from other areas. */
export function e2eDb(): Sequelize {
  if (!connection) {
    connection = openDatabase(process.env.E2E_DB_URL!);
    initModels(connection);
  }
  return connection;
}

export async function insertBranch(attrs: { name: string; address?: string; active?: boolean; isDefault?: boolean }) {
  e2eDb();
  return Branch.create({ address: "Rua Teste, 1", active: true, isDefault: false, ...attrs });
}

/** Many users at once (no password: they cannot sign in), to make the users list page. */
export async function insertUsers(count: number, tag: string) {
  e2eDb();
  await User.bulkCreate(
    Array.from({ length: count }, (_, i) => ({
      name: `Lista ${tag} ${String(i).padStart(3, "0")}`,
      email: `lista.${tag}.${i}@teste.com`,
      passwordHash: "!unusable",
      userType: (["Administrator", "Team", "Client"] as const)[i % 3],
    })),
  );
}

/** Many guardians, each with a primary person, to make the guardians list page. */
export async function insertGuardians(count: number, tag: string) {
  const sequelize = e2eDb();
  await sequelize.transaction(async (transaction) => {
    for (let i = 0; i < count; i++) {
      const guardian = await Guardian.create({ address: `Rua da Lista ${tag}, ${i}` }, { transaction });
      await GuardianPerson.create(
        {
          guardianId: guardian.id,
          fullName: `Família ${tag} ${String(i).padStart(3, "0")}`,
          cpf: String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)),
          email: `familia.${tag}.${i}@teste.com`,
          birthDate: "1987-02-03",
          phone: "11987654321",
          isPrimary: true,
        },
        { transaction },
      );
    }
  });
}
