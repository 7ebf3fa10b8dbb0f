import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { QueryTypes, type WhereOptions } from "sequelize";
import { AuditEntry, runAudited } from "../../db/audit";
import { Charge, ChargeHistory, Payment, User } from "../../db/models";
import { db } from "~/platform/db.server";
import type { Actor } from "~/domain/access/roles";
import { anonymizeFamily } from "~/domain/family/lgpd/service.server";
import { createCourse } from "~/domain/courses/service.server";
import { updateStudent } from "~/domain/students/service.server";
import { cancelCharge, createOneOffCharge, recordPayment, reversePayment, waiveFees } from "~/domain/charges/service.server";
import { makeBranch, makeGuardian, makeStaffUser, makeStudent } from "../support/factories";
import { TODAY } from "../support/attendance";

/**
 * 'Anonimizar família' (family/lgpd/service.server.ts), called directly: what
 * it changes beyond the family's own records (the audit trail, the charges'
 * texts) and what it leaves in the database's files.
 */

async function administrator(): Promise<{ actor: Actor; name: string }> {
  const user = await makeStaffUser("Administrator");
  return { actor: { id: user.id, userType: user.userType }, name: user.name };
}

function as<T>(who: { id: string; name: string }, command: () => Promise<T>): Promise<T> {
  return runAudited({ userId: who.id, userName: who.name, ip: "203.0.113.7" }, command);
}

/** A family whose pupil has a name of its own (`pupilName`), with its Client user. */
async function family(pupilName = `Lia Marques ${randomUUID().slice(0, 6)}`) {
  const made = await makeGuardian(2);
  const child = await makeStudent(made.guardian.id, { fullName: pupilName });
  return { ...made, child };
}

function anonymize(actor: Actor, f: Awaited<ReturnType<typeof family>>) {
  return anonymizeFamily(actor, f.guardian.id, { reason: "Pedido da família", confirmName: f.persons[0].fullName });
}

const formattedCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe("the audit trail after an anonymisation", () => {
  it("changes only the entries about the family's rows and those its user wrote: a staff member named like the pupil, and another family's entry naming it, keep theirs", async () => {
    const admin = await administrator();
    const pupilName = `Lia Marques ${randomUUID().slice(0, 6)}`;
    const teacher = await makeStaffUser("Team");
    await User.update({ name: pupilName }, { where: { id: teacher.id }, hooks: false });
    const target = await family(pupilName);
    // The teacher writes an entry: its author's name is the pupil's.
    const course = await as({ id: teacher.id, name: pupilName }, () =>
      createCourse({ id: admin.actor.id, userType: "Administrator" }, { name: `Curso ${pupilName}` }),
    );
    // Another family's record names the pupil.
    const other = await family();
    await as({ id: admin.actor.id, name: admin.name }, () =>
      updateStudent(admin.actor, other.child.id, { notes: `Colega de ${pupilName}` }),
    );
    // A member of staff changes the family's own record.
    await as({ id: admin.actor.id, name: admin.name }, () =>
      updateStudent(admin.actor, target.child.id, { notes: `Irmã de ${pupilName}` }),
    );
    // The family's user signs something itself.
    await as({ id: target.user.id, name: target.user.name }, () =>
      updateStudent(admin.actor, target.child.id, { notes: `Nota de ${target.user.name}` }),
    );
    const snapshot = async (where: WhereOptions) => JSON.stringify(await AuditEntry.findAll({ where, order: [["id", "ASC"]], raw: true }));
    const teacherEntries = await snapshot({ userId: teacher.id });
    const courseEntries = await snapshot({ entity: "courses", entityId: course.id });
    const otherEntries = await snapshot({ entity: "students", entityId: other.child.id });
    expect(teacherEntries).toContain(pupilName);
    expect(otherEntries).toContain(`Colega de ${pupilName}`);

    await as({ id: admin.actor.id, name: admin.name }, () => anonymize(admin.actor, target));

    expect(await snapshot({ userId: teacher.id })).toBe(teacherEntries);
    expect(await snapshot({ entity: "courses", entityId: course.id })).toBe(courseEntries);
    expect(await snapshot({ entity: "students", entityId: other.child.id })).toBe(otherEntries);
    // The family's own entries: staff authors keep their names, the family's user loses its own, no value stays.
    const own = await AuditEntry.findAll({ where: { entity: "students", entityId: target.child.id }, raw: true });
    expect(own.map((e) => e.userName)).toContain(admin.name);
    expect(own.map((e) => e.userName)).not.toContain(target.user.name);
    expect(own.map((e) => e.userName)).toContain("Cliente anonimizado");
    expect(JSON.stringify(own)).not.toContain(pupilName);
    expect(JSON.stringify(own)).not.toContain(target.user.name);
  });
});

describe("the family's charges after an anonymisation", () => {
  it("lose the family's names, CPFs, phones and e-mails from their texts; amounts, dates and statuses stay", async () => {
    const admin = await administrator();
    const who = { id: admin.actor.id, name: admin.name };
    const f = await family();
    const branch = await makeBranch();
    const [mother, father] = f.persons;
    const day = TODAY();
    const a = await as(who, () =>
      createOneOffCharge(admin.actor, {
        guardianId: f.guardian.id,
        studentId: f.child.id,
        branchId: branch.id,
        description: `Uniforme de ${f.child.fullName}`,
        amount: "50.00",
        dueDate: day,
      }),
    );
    await as(who, () =>
      recordPayment(admin.actor, a.id, {
        amount: "50.00",
        paidOn: day,
        method: "Pix",
        note: `Pago por ${mother.fullName}, CPF ${formattedCpf(mother.cpf)}`,
      }),
    );
    const [paid] = await Payment.findAll({ where: { chargeId: a.id } });
    await as(who, () => reversePayment(admin.actor, paid.id, { reason: `A pedido de ${father.fullName}, fone (11) 98765-4321` }));
    await as(who, () => cancelCharge(admin.actor, a.id, { reason: `${f.child.fullName.toUpperCase()} desistiu; CPF ${father.cpf}` }));
    const b = await as(who, () =>
      createOneOffCharge(admin.actor, {
        guardianId: f.guardian.id,
        branchId: branch.id,
        description: `Figurino`,
        amount: "80.00",
        dueDate: day,
      }),
    );
    await as(who, () => waiveFees(admin.actor, b.id, { reason: `Combinado com ${mother.fullName} pelo 11 98765 4321` }));
    await as(who, () =>
      recordPayment(admin.actor, b.id, { amount: "80.00", paidOn: day, method: "Dinheiro", note: `Recibo para ${mother.email}` }),
    );

    const ids = [a.id, b.id];
    const money = async () =>
      JSON.stringify({
        charges: await Charge.findAll({
          where: { id: ids },
          attributes: ["id", "amountCents", "dueDate", "status", "paidAt"],
          order: [["id", "ASC"]],
          raw: true,
        }),
        payments: await Payment.findAll({
          where: { chargeId: ids },
          attributes: ["id", "amountCents", "paidOn", "reversedAt"],
          order: [["id", "ASC"]],
          raw: true,
        }),
        history: await ChargeHistory.findAll({
          where: { chargeId: ids },
          attributes: ["id", "event", "createdAt", "userName"],
          order: [["id", "ASC"]],
          raw: true,
        }),
      });
    const texts = async () =>
      JSON.stringify({
        charges: await Charge.findAll({ where: { id: ids }, attributes: ["description", "waiveReason", "cancelReason"], raw: true }),
        payments: await Payment.findAll({ where: { chargeId: ids }, attributes: ["note", "reverseReason"], raw: true }),
        history: await ChargeHistory.findAll({ where: { chargeId: ids }, attributes: ["detail"], raw: true }),
      });
    const personal = [
      f.child.fullName,
      f.child.fullName.toUpperCase(),
      mother.fullName,
      father.fullName,
      mother.cpf,
      formattedCpf(mother.cpf),
      father.cpf,
      "98765-4321",
      "98765 4321",
      mother.email,
    ];
    const before = await texts();
    for (const value of [f.child.fullName, mother.fullName, formattedCpf(mother.cpf), "98765-4321", mother.email])
      expect(before).toContain(value);
    const kept = await money();

    await as(who, () => anonymize(admin.actor, f));

    const after = await texts();
    for (const value of personal) expect(after).not.toContain(value);
    expect(after).toContain("Uniforme de [anonimizado]");
    expect(after).toContain("Figurino");
    expect(await money()).toBe(kept);
    // Their audit entries hold none of it either.
    const entries = JSON.stringify(await AuditEntry.findAll({ where: { entity: ["charges", "payments", "charge_history"] }, raw: true }));
    for (const value of personal) expect(entries).not.toContain(value);
    // The staff member who recorded them is still named.
    expect(entries).toContain(admin.name);
  });
});

describe.runIf(inject("dialect") === "sqlite")("SQLite's files after an anonymisation", () => {
  it("hold none of the family's old values (secure_delete on every connection, the write-ahead log checkpointed)", async () => {
    const sequelize = await db();
    const [pragma] = await sequelize.query<{ secure_delete: number }>("PRAGMA secure_delete", { type: QueryTypes.SELECT });
    expect(Number(pragma.secure_delete)).toBe(1);
    const file = inject("databaseUrl").replace(/^sqlite:(\/\/)?/, "");
    const onDisk = async () => {
      await sequelize.query("PRAGMA wal_checkpoint(TRUNCATE)");
      return Buffer.concat([file, `${file}-wal`, `${file}-journal`].filter((p) => fs.existsSync(p)).map((p) => fs.readFileSync(p)));
    };
    const admin = await administrator();
    const f = await family();
    await as({ id: admin.actor.id, name: admin.name }, () =>
      updateStudent(admin.actor, f.child.id, { notes: `Responsável: ${f.persons[0].fullName}` }),
    );
    const values = [f.child.fullName, f.persons[0].fullName, f.persons[1].fullName, f.persons[0].cpf, f.persons[0].email, f.user.email];
    const bytes = await onDisk();
    for (const value of values) expect(bytes.includes(Buffer.from(value)), value).toBe(true);

    await as({ id: admin.actor.id, name: admin.name }, () => anonymize(admin.actor, f));

    // The anonymisation checkpointed already: the log is empty.
    expect(fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0).toBe(0);
    const left = await onDisk();
    for (const value of values) expect(left.includes(Buffer.from(value)), value).toBe(false);
  });
});

describe.runIf(inject("dialect") === "postgres")("PostgreSQL after an anonymisation", () => {
  it("vacuums the tables it changed, after the commit", async () => {
    const sequelize = await db();
    const lastVacuum = async (table: string) => {
      const [row] = await sequelize.query<{ at: string | null }>(
        `SELECT CAST("last_vacuum" AS TEXT) AS "at" FROM "pg_stat_user_tables" WHERE "relname" = :table`,
        { type: QueryTypes.SELECT, replacements: { table } },
      );
      return row?.at ? new Date(row.at).getTime() : 0;
    };
    const tables = ["guardian_persons", "students", "audit_entries", "charges", "users"];
    const before = await Promise.all(tables.map(lastVacuum));
    const admin = await administrator();
    const f = await family();
    await as({ id: admin.actor.id, name: admin.name }, () => anonymize(admin.actor, f));
    // The statistics reach other sessions shortly after the VACUUM's end.
    let after: number[] = [];
    for (let i = 0; i < 50; i++) {
      after = await Promise.all(tables.map(lastVacuum));
      if (after.every((at, j) => at > before[j])) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const [j, table] of tables.entries()) expect(after[j] > before[j], table).toBe(true);
  });
});
