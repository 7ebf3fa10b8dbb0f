import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { selectRows, writeRows } from "~/db.server";
import { listGuardians } from "~/domain/guardians/queries.server";
import { createGuardian, deleteGuardian, updateGuardianPerson } from "~/domain/guardians/service.server";
import { actorOfType } from "../support/service";

/**
 * The guardians' search looks persons up by trigrams (migration 0007) and must
 * answer exactly what the plain scan answered: the oracle below is that scan,
 * the condition the search had before the index.
 */
async function scanned(q: string): Promise<string[]> {
  const term = q.trim().toLowerCase();
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = /^[\d.\-\s]+$/.test(term) ? term.replace(/\D/g, "") : "";
  const rows = await selectRows<{ id: string }>(
    `SELECT "g"."id" FROM "guardians" AS "g" WHERE EXISTS (SELECT 1 FROM "guardian_persons" AS "p" WHERE "p"."guardianId" = "g"."id" AND
       (LOWER(p."fullName") LIKE :like ESCAPE '\\' OR p."email" LIKE :like ESCAPE '\\' ${digits ? `OR p."cpf" LIKE :digits` : ""}))`,
    digits ? { like, digits: `%${digits}%` } : { like },
  );
  return rows.map((r) => r.id).sort();
}

async function searched(q: string): Promise<string[]> {
  const admin = await actorOfType("Administrator");
  return (await listGuardians(admin, { q })).guardians.map((g) => g.id).sort();
}

function person(fullName: string, email: string, cpf: string, isPrimary = false) {
  return { fullName, email, cpf, birthDate: "1985-03-04", phone: "11987654321", isPrimary };
}

describe("the guardians' search by trigrams answers what the full scan answered", () => {
  it("names (any case, accents), e-mails, CPF with or without its mask, short terms, wildcards; after edits and deletes", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const cpfA = `9${String(Date.now()).slice(-10)}`;
    const a = await createGuardian(admin, {
      address: "Rua A, 1",
      persons: [person(`Conceição Araújo ${tag}`, `conceicao.${tag}@exemplo.com`, cpfA, true), person(`Zé ${tag}`, `ze.${tag}@exemplo.com`, "52998224725")],
    });
    const b = await createGuardian(admin, {
      address: "Rua B, 2",
      persons: [person(`JOÃO 100%_${tag}`, `Joao.${tag}@Exemplo.com`, "11144477735", true)],
    });

    const terms = [
      `Conceição Araújo ${tag}`,
      `conceição`,
      `araújo ${tag}`,
      `ARAÚJO`,
      `joão`,
      `100%_${tag}`,
      `100%`,
      `conceicao.${tag}@`,
      `joao.${tag}@exemplo`,
      tag,
      cpfA,
      `${cpfA.slice(0, 3)}.${cpfA.slice(3, 6)}.${cpfA.slice(6, 9)}-${cpfA.slice(9)}`,
      cpfA.slice(2, 9),
      "529.982",
      "29",
      "zé",
      "z",
      `ze.${tag}`,
      "nada-que-exista-aqui",
    ];
    for (const q of terms) expect(await searched(q), q).toEqual(await scanned(q));
    expect(await searched(tag)).toEqual([a.id, b.id].sort());
    expect(await searched(cpfA.slice(2, 9))).toContain(a.id);

    // An edit re-indexes the person: the old name is no longer found, the new one is.
    const ze = a.persons.find((p) => p.fullName.startsWith("Zé"))!;
    await updateGuardianPerson(admin, ze.id, { ...person(`Bartolomeu ${tag}`, `bart.${tag}@exemplo.com`, "52998224725") });
    expect(await searched(`zé ${tag}`)).toEqual([]);
    expect(await searched(`bartolomeu ${tag}`)).toEqual([a.id]);
    expect(await searched(`bart.${tag}`)).toEqual(await scanned(`bart.${tag}`));

    // A deleted guardian (its persons cascade) is no longer found.
    await deleteGuardian(admin, b.id);
    expect(await searched(`joão 100%_${tag}`)).toEqual([]);
    expect(await searched(tag)).toEqual([a.id]);
  });

  it("rows written outside the services (a seed, a script) are indexed by the triggers too", async () => {
    const tag = randomUUID().slice(0, 6);
    const now = new Date().toISOString();
    const id = randomUUID();
    await writeRows(`INSERT INTO "guardians" ("id", "address", "createdAt", "updatedAt") VALUES (:id, 'Rua C', :now, :now) RETURNING "id"`, { id, now });
    await writeRows(
      `INSERT INTO "guardian_persons" ("id", "guardianId", "fullName", "cpf", "email", "isPrimary", "createdAt", "updatedAt")
       VALUES (:pid, :id, :name, '12345678909', :email, true, :now, :now) RETURNING "id"`,
      { pid: randomUUID(), id, name: `Direto ${tag}`, email: `direto.${tag}@exemplo.com`, now },
    );
    expect(await searched(`direto ${tag}`)).toEqual([id]);
    expect(await searched(`direto.${tag}@`)).toEqual([id]);
  });
});
