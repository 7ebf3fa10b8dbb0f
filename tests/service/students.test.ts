import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ageOn, countStudentsByGuardian, searchStudentOptions } from "~/domain/students/queries.server";
import { listStudentsPage } from "~/domain/enrollments/queries.server";
import { findGuardianMatchesByPhone, guardianOption, searchGuardianOptions } from "~/domain/guardians/queries.server";
import { createGuardian } from "~/domain/guardians/service.server";
import { makeBranch, makeClass, makeEnrollment, makeGuardian, makeOffer, makeStudent } from "../support/factories";
import { actorOfType } from "../support/service";
import { db, selectRows } from "~/platform/db.server";

describe("the students screen's read model", () => {
  it("pages by name with age, family and classes; filters by status and by the selected branch", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const { guardian, persons } = await makeGuardian(2);
    const branch = await makeBranch();
    const other = await makeBranch();
    const here = await makeClass({ branchId: branch.id });
    const there = await makeClass({ branchId: other.id });
    const offerHere = await makeOffer(branch.id);
    const offerThere = await makeOffer(other.id);
    const enrolledHere = await makeStudent(guardian.id, { fullName: `A ${tag}`, birthDate: "2016-01-01" });
    const enrolledThere = await makeStudent(guardian.id, { fullName: `B ${tag}` });
    const cancelledThere = await makeStudent(guardian.id, { fullName: `C ${tag}` });
    const nowhere = await makeStudent(guardian.id, { fullName: `D ${tag}`, active: false, birthDate: null });
    await makeEnrollment({ studentId: enrolledHere.id, classId: here.cls.id, offerId: offerHere.id });
    await makeEnrollment({
      studentId: enrolledHere.id,
      classId: there.cls.id,
      offerId: offerThere.id,
      status: "Em espera",
      waitlistPosition: 1,
    });
    await makeEnrollment({ studentId: enrolledThere.id, classId: there.cls.id, offerId: offerThere.id });
    await makeEnrollment({ studentId: cancelledThere.id, classId: there.cls.id, offerId: offerThere.id, status: "Cancelada" });

    const all = await listStudentsPage(admin, { q: tag });
    expect(all.students.map((s) => s.id)).toEqual([enrolledHere.id, enrolledThere.id, cancelledThere.id, nowhere.id]);
    expect(all.total).toBe(4);
    const first = all.students[0];
    expect(first.guardianName).toBe(persons[0].fullName);
    expect(first.age).toBe(ageOn("2016-01-01", new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date())));
    expect(first.classes).toHaveLength(2);
    expect(all.students[2].classes).toEqual([]);
    expect(all.students[3].age).toBeNull();

    const inBranch = await listStudentsPage(admin, { q: tag, branchId: branch.id });
    expect(inBranch.students.map((s) => s.id)).toEqual([enrolledHere.id, cancelledThere.id, nowhere.id]);
    expect((await listStudentsPage(admin, { q: tag, status: "inactive" })).students.map((s) => s.id)).toEqual([nowhere.id]);
    expect((await listStudentsPage(admin, { q: tag, status: "active" })).total).toBe(3);
    const paged = await listStudentsPage(admin, { q: tag, page: 9, pageSize: 3 });
    expect([paged.page, paged.pageCount, paged.students.map((s) => s.id)]).toEqual([2, 2, [nowhere.id]]);

    expect((await searchStudentOptions(tag)).map((o) => o.id)).toEqual([enrolledHere.id, enrolledThere.id, cancelledThere.id]);
    expect((await searchStudentOptions(tag, { guardianId: guardian.id, limit: 1 })).map((o) => o.label)).toEqual([`A ${tag}`]);
    expect((await countStudentsByGuardian([guardian.id, randomUUID()])).get(guardian.id)).toBe(4);
  });

  it("ages in whole years, the birthday counting from its day", () => {
    expect(ageOn("2016-11-25", "2026-11-24")).toBe(9);
    expect(ageOn("2016-11-25", "2026-11-25")).toBe(10);
    expect(ageOn("2016-02-29", "2026-03-01")).toBe(10);
    expect(ageOn(null, "2026-11-25")).toBeNull();
  });
});

describe("the guardian pickers of the enrolment from a trial", () => {
  it("propose the families whose persons have the trial's WhatsApp number, with or without 55; search by name, e-mail or CPF", async () => {
    const admin = await actorOfType("Administrator");
    const tag = randomUUID().slice(0, 6);
    const phone = `1197${String(Date.now()).slice(-7)}`;
    const family = await createGuardian(admin, {
      address: "Rua do Telefone, 1",
      persons: [
        {
          fullName: `Primária ${tag}`,
          cpf: "52998224725",
          email: `p.${tag}@teste.com`,
          birthDate: "1980-01-01",
          phone: "11900000000",
          isPrimary: true,
        },
        { fullName: `Segunda ${tag}`, cpf: "11144477735", email: `s.${tag}@teste.com`, birthDate: "1982-01-01", phone },
      ],
    });
    for (const digits of [phone, `55${phone}`]) {
      const matches = await findGuardianMatchesByPhone(digits);
      expect(matches).toEqual([
        {
          id: family.id,
          label: `Primária ${tag}`,
          email: `p.${tag}@teste.com`,
          cpf: "52998224725",
          phone: "11900000000",
          personName: `Segunda ${tag}`,
        },
      ]);
    }
    expect(await findGuardianMatchesByPhone("123")).toEqual([]);
    expect((await searchGuardianOptions(`segunda ${tag}`)).map((o) => o.id)).toEqual([family.id]);
    expect((await searchGuardianOptions(`p.${tag}@teste`)).map((o) => o.label)).toEqual([`Primária ${tag}`]);
    expect((await guardianOption(family.id))?.label).toBe(`Primária ${tag}`);
    expect(await guardianOption("x")).toBeNull();
  });
});

describe("the list's number of students", () => {
  it("is kept between pages, yet follows every student added, changed or removed, by the services or by plain SQL", async () => {
    const admin = await actorOfType("Administrator");
    const counted = async (active?: boolean) =>
      Number(
        (
          await selectRows<{ n: number | string }>(
            `SELECT COUNT(*) AS "n" FROM "students"${active === undefined ? "" : ` WHERE "active" = :active`}`,
            active === undefined ? {} : { active },
          )
        )[0].n,
      );
    const shown = async (status?: "active" | "inactive") => (await listStudentsPage(admin, { page: 1, status })).total;
    const allMatch = async () => {
      expect(await shown()).toBe(await counted());
      expect(await shown("active")).toBe(await counted(true));
      expect(await shown("inactive")).toBe(await counted(false));
    };
    await allMatch();
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id, { active: true });
    await allMatch();
    // A script's change and removal, past the services: the table's version moves (migration 0022).
    const raw = await db();
    await raw.query(`UPDATE "students" SET "active" = :active WHERE "id" = :id`, { replacements: { active: false, id: student.id } });
    await allMatch();
    await raw.query(`DELETE FROM "students" WHERE "id" = :id`, { replacements: { id: student.id } });
    await allMatch();
  });
});
