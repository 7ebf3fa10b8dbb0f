import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, selectRows } from "~/platform/db.server";
import { listGuardians } from "~/domain/guardians/queries.server";
import { createGuardian, deleteGuardian, deleteGuardianPerson, updateGuardianPerson } from "~/domain/guardians/service.server";
import { actorOfType } from "../support/service";

/**
 * A write as a seed or a script makes it: plain SQL on the connection, past the models (and so
 * past the app's own door, which refuses plain writes to audited tables).
 */
async function plainWrite(sql: string, replacements: Record<string, unknown>): Promise<void> {
  await (await db()).query(sql, { replacements });
}

/**
 * The guardians' search looks persons up in each database's substring index
 * (migration 0012: pg_trgm on PostgreSQL, FTS5 trigram on SQLite) and must
 * answer what a plain reading of every person answers. The oracle below reads
 * every person and compares in JavaScript: a term of 3 characters or more is
 * contained in the name or e-mail with case and accents folded (or, when it
 * looks like a CPF, its digits in the CPF); a shorter one is the plain scan's
 * condition (LIKE, as each database compares it).
 */
function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

async function scanned(q: string): Promise<string[]> {
  const term = q.trim().toLowerCase();
  const digits = /^[\d.\-\s]+$/.test(term) ? term.replace(/\D/g, "") : "";
  if (Array.from(term).length < 3 || (digits && digits.length < 3)) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await selectRows<{ id: string }>(
      `SELECT "g"."id" FROM "guardians" AS "g" WHERE EXISTS (SELECT 1 FROM "guardian_persons" AS "p" WHERE "p"."guardianId" = "g"."id" AND
         (LOWER(p."fullName") LIKE :like ESCAPE '\\' OR p."email" LIKE :like ESCAPE '\\' ${digits ? `OR p."cpf" LIKE :digits` : ""}))`,
      digits ? { like, digits: `%${digits}%` } : { like },
    );
    return rows.map((r) => r.id).sort();
  }
  const persons = await selectRows<{ guardianId: string; fullName: string; email: string; cpf: string }>(
    `SELECT "guardianId", "fullName", "email", "cpf" FROM "guardian_persons"`,
  );
  const wanted = fold(term);
  const found = persons.filter(
    (p) => fold(p.fullName).includes(wanted) || fold(p.email).includes(wanted) || (digits !== "" && p.cpf.includes(digits)),
  );
  return [...new Set(found.map((p) => p.guardianId))].sort();
}

async function searched(q: string): Promise<string[]> {
  const admin = await actorOfType("Administrator");
  return (await listGuardians(admin, { q })).guardians.map((g) => g.id).sort();
}

function person(fullName: string, email: string, cpf: string, isPrimary = false) {
  return { fullName, email, cpf, birthDate: "1985-03-04", phone: "11987654321", isPrimary };
}

describe("the guardians' search by its index answers what reading every person answers", () => {
  it("names (any case, accents), e-mails, CPF with or without its mask, short terms, wildcards; after edits and deletes", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const cpfA = `9${String(Date.now()).slice(-10)}`;
    const a = await createGuardian(admin, {
      address: "Rua A, 1",
      persons: [
        person(`Conceição Araújo ${tag}`, `conceicao.${tag}@exemplo.com`, cpfA, true),
        person(`Zé ${tag}`, `ze.${tag}@exemplo.com`, "52998224725"),
      ],
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
    await plainWrite(
      `INSERT INTO "guardians" ("id", "address", "createdAt", "updatedAt") VALUES (:id, 'Rua C', :now, :now) RETURNING "id"`,
      { id, now },
    );
    await plainWrite(
      `INSERT INTO "guardian_persons" ("id", "guardianId", "fullName", "cpf", "email", "isPrimary", "createdAt", "updatedAt")
       VALUES (:pid, :id, :name, '12345678909', :email, true, :now, :now) RETURNING "id"`,
      { pid: randomUUID(), id, name: `Direto ${tag}`, email: `direto.${tag}@exemplo.com`, now },
    );
    expect(await searched(`direto ${tag}`)).toEqual([id]);
    expect(await searched(`direto.${tag}@`)).toEqual([id]);
  });

  it("folds accents and case both ways, in names and e-mails", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const g = await createGuardian(admin, {
      address: "Rua D, 4",
      persons: [person(`Estêvão Gonçalves ${tag}`, `Acentuação.${tag}@Exemplo.com`, "39053344705", true)],
    });
    const plain = await createGuardian(admin, {
      address: "Rua E, 5",
      persons: [person(`Estevao Goncalves ${tag}`, `plain.${tag}@exemplo.com`, "39053344705", true)],
    });
    for (const q of [`estevao goncalves ${tag}`, `ESTÊVÃO GONÇALVES ${tag}`, `estêvao gonçalves ${tag}`]) {
      expect(await searched(q), q).toEqual([g.id, plain.id].sort());
    }
    expect(await searched(`acentuacao.${tag}@exemplo`)).toEqual([g.id]);
    expect(await searched(`ACENTUAÇÃO.${tag}`)).toEqual([g.id]);
  });

  it("a 3-character term, CPF with and without its mask, and LIKE's wildcards as plain characters", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const cpf = `8${String(Date.now()).slice(-10)}`;
    const g = await createGuardian(admin, {
      address: "Rua F, 6",
      persons: [person(`Taxa 50%_off ${tag}`, `taxa_${tag}@exemplo.com`, cpf, true)],
    });
    // Three characters: the shortest term the index serves.
    expect(await searched("%_o")).toContain(g.id);
    expect(await searched("%_o")).toEqual(await scanned("%_o"));
    expect(await searched("0%_")).toContain(g.id);
    // As wildcards, "0__" and "5%f" would match "0%_" and "50%_off".
    expect(await searched(`0__off ${tag}`)).toEqual([]);
    expect(await searched(`5%f ${tag}`)).toEqual([]);
    expect(await searched(`50%_off ${tag}`)).toEqual([g.id]);
    expect(await searched(`taxa_${tag}@`)).toEqual([g.id]);
    expect(await searched(`taxax${tag}`)).toEqual([]);
    expect(await searched(`"taxa ${tag}`)).toEqual([]);
    // CPF: plain, masked, a part of it with a part of its mask.
    expect(await searched(cpf)).toEqual([g.id]);
    expect(await searched(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toEqual([g.id]);
    expect(await searched(`${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`)).toEqual([g.id]);
    // A term with letters is not compared with CPFs by its digits.
    expect(await searched(`a${cpf}`)).toEqual([]);
  });

  it("a person added, edited (name, e-mail, CPF) or removed, by the services or by plain SQL, is found as it now is", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const g = await createGuardian(admin, {
      address: "Rua G, 7",
      persons: [
        person(`Primeira ${tag}`, `primeira.${tag}@exemplo.com`, "71428793860", true),
        person(`Segunda ${tag}`, `segunda.${tag}@exemplo.com`, "15350946056"),
      ],
    });
    const added = g.persons.find((p) => p.fullName.startsWith("Segunda"))!;
    expect(await searched(`segunda ${tag}`)).toEqual([g.id]);

    await updateGuardianPerson(admin, added.id, person(`Segunda ${tag}`, `mudou.${tag}@exemplo.com`, "15350946056"));
    expect(await searched(`segunda.${tag}`)).toEqual([]);
    expect(await searched(`mudou.${tag}`)).toEqual([g.id]);

    const cpf = `7${String(Date.now()).slice(-10)}`;
    await plainWrite(`UPDATE "guardian_persons" SET "cpf" = :cpf, "fullName" = :name WHERE "id" = :id RETURNING "id"`, {
      cpf,
      name: `Renomeada ${tag}`,
      id: added.id,
    });
    expect(await searched(cpf)).toEqual([g.id]);
    expect(await searched(`renomeada ${tag}`)).toEqual([g.id]);
    expect(await searched(`segunda ${tag}`)).toEqual([]);

    await deleteGuardianPerson(admin, added.id);
    expect(await searched(`renomeada ${tag}`)).toEqual([]);
    expect(await searched(cpf)).toEqual([]);
    expect(await searched(`primeira ${tag}`)).toEqual([g.id]);

    const primary = g.persons.find((p) => p.isPrimary)!;
    await plainWrite(`DELETE FROM "guardian_persons" WHERE "id" = :id RETURNING "id"`, { id: primary.id });
    expect(await searched(`primeira ${tag}`)).toEqual([]);
  });
});

describe("the list's number of guardians", () => {
  const counted = async () => Number((await selectRows<{ n: number | string }>(`SELECT COUNT(*) AS "n" FROM "guardians"`))[0].n);

  it("is kept between pages, yet follows every guardian added or removed, by the services or by plain SQL", async () => {
    const admin = await actorOfType("Administrator");
    const shown = async () => (await listGuardians(admin, { page: 1 })).total;
    expect(await shown()).toBe(await counted());
    // A script's insert and delete, past the services: the table's version moves (migration 0022).
    const id = randomUUID();
    const now = new Date().toISOString();
    await plainWrite(`INSERT INTO "guardians" ("id", "address", "createdAt", "updatedAt") VALUES (:id, 'Rua D', :now, :now)`, { id, now });
    const withScripted = await counted();
    expect(await shown()).toBe(withScripted);
    await plainWrite(`DELETE FROM "guardians" WHERE "id" = :id`, { id });
    expect(await shown()).toBe(withScripted - 1);
    // The services' create and delete.
    const tag = randomUUID().slice(0, 6);
    const created = await createGuardian(admin, {
      address: "Rua E",
      persons: [person(`Contada ${tag}`, `contada.${tag}@exemplo.com`, "52998224725", true)],
    });
    expect(await shown()).toBe(withScripted);
    await deleteGuardian(admin, created.id);
    expect(await shown()).toBe(withScripted - 1);
    expect(await shown()).toBe(await counted());
  });
});
