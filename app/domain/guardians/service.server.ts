import { ForeignKeyConstraintError, Op, type Transaction } from "sequelize";
import { Guardian, GuardianPerson } from "#db/models.ts";
import { transaction } from "~/platform/db.server";
import { UNUSABLE_PASSWORD } from "../users/password.server";
import { insertUser } from "../users/service.server";
import { assertAdmin, type Actor } from "../access/roles";
import { ConflictError, ValidationError } from "../errors";
import { parseOrThrow } from "../validation";
import { findGuardian, findPerson, getGuardian, guardianDTO, guardianStudentCount, personDTO, PERSON_NOT_FOUND } from "./queries.server";
import { assertOwnFamily, ownFamilyOrThrow } from "../access/queries.server";
import {
  familyAddressSchema,
  familyPersonSchema,
  guardianPersonUpdateSchema,
  guardianSchema,
  ONE_PRIMARY,
  type GuardianInput,
} from "./schema";

import type { GuardianPersonDTO, GuardianDTO } from "./schema";

export const EMAIL_IN_USE = "Já existe um usuário com este e-mail";
export const CANNOT_DELETE_PRIMARY = "Não é possível excluir a pessoa principal";
export const CANNOT_DELETE_LAST = "Não é possível excluir a última pessoa do responsável";
export const GUARDIAN_HAS_STUDENTS = "Não é possível excluir este responsável: ele possui alunos";
export const CANNOT_UNMARK_PRIMARY = "Marque outra pessoa como principal para desmarcar esta";

/** A person read after its guardian's row is locked, so the primary/last checks see settled data. */
async function lockedPerson(id: string, t: Transaction): Promise<GuardianPerson> {
  const { guardianId } = await findPerson(id, t);
  await findGuardian(guardianId, t);
  return findPerson(id, t);
}

/**
 * Creates the guardian, its persons and the Client user made from the primary
 * person in one transaction: if the user cannot be created (e-mail taken),
 * nothing is written.
 */
export async function createGuardian(actor: Actor | null, input: unknown): Promise<GuardianDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(guardianSchema, input);
  return transaction((t) => insertGuardian(data, t));
}

/**
 * The guardian rules, inside the caller's transaction (POST /api/guardians, and
 * enrolling from a trial with a new family): at most one person marked primary
 * (none marked: the first), the Client user made from the primary person (its
 * e-mail taken → 409), the guardian and its persons. `fieldPrefix` names the
 * fields of a guardian nested in another form (e.g. `guardian.`). The caller
 * checks permissions; a failure leaves the transaction to roll back.
 */
export async function insertGuardian(
  data: GuardianInput,
  t: Transaction,
  { fieldPrefix = "" }: { fieldPrefix?: string } = {},
): Promise<GuardianDTO> {
  const marked = data.persons.filter((p) => p.isPrimary).length;
  if (marked > 1) throw new ValidationError({ [`${fieldPrefix}persons`]: [ONE_PRIMARY] });
  const primaryAt = marked === 0 ? 0 : data.persons.findIndex((p) => p.isPrimary);
  const primary = data.persons[primaryAt];
  let userId: string;
  try {
    const user = await insertUser(
      { name: primary.fullName, email: primary.email, passwordHash: UNUSABLE_PASSWORD, userType: "Client", cpf: primary.cpf },
      t,
    );
    userId = user.id;
  } catch (error) {
    if (error instanceof ConflictError) {
      throw new ConflictError(EMAIL_IN_USE, { [`${fieldPrefix}persons[${primaryAt}].email`]: [EMAIL_IN_USE] });
    }
    throw error;
  }
  const guardian = await Guardian.create({ userId, address: data.address }, { transaction: t });
  const persons: GuardianPersonDTO[] = [];
  for (const [i, p] of data.persons.entries()) {
    const row = await GuardianPerson.create(
      {
        guardianId: guardian.id,
        fullName: p.fullName,
        cpf: p.cpf,
        email: p.email,
        birthDate: p.birthDate,
        phone: p.phone,
        isPrimary: i === primaryAt,
      },
      { transaction: t },
    );
    persons.push(personDTO(row));
  }
  return guardianDTO(guardian, persons);
}

/**
 * Removes the guardian and (by cascade) its persons; its client user is kept.
 * A guardian with students is refused (409), checked under the guardian's lock;
 * the foreign key (RESTRICT) is the backstop.
 */
export async function deleteGuardian(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  await findGuardian(id);
  try {
    await transaction(async (t) => {
      const guardian = await findGuardian(id, t);
      if ((await guardianStudentCount(guardian.id, t)) > 0) throw new ConflictError(GUARDIAN_HAS_STUDENTS);
      await guardian.destroy({ transaction: t });
    });
  } catch (error) {
    if (error instanceof ForeignKeyConstraintError) throw new ConflictError(GUARDIAN_HAS_STUDENTS);
    throw error;
  }
}

/** Updates a person; marking it primary unmarks the others in the same transaction. */
export async function updateGuardianPerson(actor: Actor | null, id: string, input: unknown): Promise<GuardianPersonDTO> {
  assertAdmin(actor);
  const data = parseOrThrow(guardianPersonUpdateSchema, input);
  return transaction(async (t) => {
    const person = await lockedPerson(id, t);
    if (data.isPrimary === false && person.isPrimary) {
      throw new ConflictError(CANNOT_UNMARK_PRIMARY, { isPrimary: [CANNOT_UNMARK_PRIMARY] });
    }
    if (data.isPrimary === true && !person.isPrimary) {
      await GuardianPerson.update(
        { isPrimary: false },
        { where: { guardianId: person.guardianId, id: { [Op.ne]: person.id } }, transaction: t },
      );
    }
    const changes: Partial<Pick<GuardianPerson, "fullName" | "cpf" | "email" | "birthDate" | "phone" | "isPrimary">> = {};
    if (data.fullName !== undefined) changes.fullName = data.fullName;
    if (data.cpf !== undefined) changes.cpf = data.cpf;
    if (data.email !== undefined) changes.email = data.email;
    if (data.birthDate !== undefined) changes.birthDate = data.birthDate;
    if (data.phone !== undefined) changes.phone = data.phone;
    if (data.isPrimary !== undefined) changes.isPrimary = data.isPrimary;
    await person.update(changes, { transaction: t });
    return personDTO(person);
  });
}

/** Refuses the primary person and the last one (§4), checked under the guardian's lock. */
export async function deleteGuardianPerson(actor: Actor | null, id: string): Promise<void> {
  assertAdmin(actor);
  await transaction(async (t) => {
    const person = await lockedPerson(id, t);
    const remaining = await GuardianPerson.count({ where: { guardianId: person.guardianId }, transaction: t });
    if (remaining <= 1) throw new ConflictError(CANNOT_DELETE_LAST);
    if (person.isPrimary) throw new ConflictError(CANNOT_DELETE_PRIMARY);
    await person.destroy({ transaction: t });
  });
}

/**
 * A family anonymised (LGPD, family/lgpd/service.server.ts), inside its
 * transaction and under the guardian's lock (`findGuardian(id, t)`): every
 * person gets a neutral name, CPF, e-mail (`anonimizado.<id>@…`, one per
 * person), no phone nor birth date; the guardian a neutral address, and when
 * and why it was anonymised. Answers the old values.
 */
export async function anonymizeGuardianRows(
  guardian: Guardian,
  values: { fullName: string; cpf: string; emailDomain: string; address: string; anonymizedAt: Date; reason: string },
  t: Transaction,
): Promise<{
  address: string;
  persons: { fullName: string; cpf: string; email: string; phone: string | null; birthDate: string | null }[];
}> {
  const persons = await GuardianPerson.findAll({ where: { guardianId: guardian.id }, order: [["id", "ASC"]], transaction: t });
  const before = {
    address: guardian.address,
    persons: persons.map((p) => ({ fullName: p.fullName, cpf: p.cpf, email: p.email, phone: p.phone, birthDate: p.birthDate })),
  };
  for (const person of persons) {
    await person.update(
      {
        fullName: values.fullName,
        cpf: values.cpf,
        email: `anonimizado.${person.id}@${values.emailDomain}`,
        phone: null,
        birthDate: null,
      },
      { transaction: t },
    );
  }
  await guardian.update(
    { address: values.address, anonymizedAt: values.anonymizedAt, anonymizationReason: values.reason },
    { transaction: t },
  );
  return before;
}

/**
 * PATCH /api/family/persons/{id} and 'Meus dados' (the family): a person of the
 * family changes its phone and/or e-mail (the same rules as the school's
 * form); names and CPF stay the school's. Another family's person is a 404.
 */
export async function updateFamilyPerson(actor: Actor | null, id: string, input: unknown): Promise<GuardianPersonDTO> {
  await ownFamilyOrThrow(actor);
  await assertOwnFamily(actor, "person", id, PERSON_NOT_FOUND);
  const data = parseOrThrow(familyPersonSchema, input);
  return transaction(async (t) => {
    const person = await lockedPerson(id, t);
    const changes: Partial<Pick<GuardianPerson, "email" | "phone">> = {};
    if (data.email !== undefined) changes.email = data.email;
    if (data.phone !== undefined) changes.phone = data.phone;
    await person.update(changes, { transaction: t });
    return personDTO(person);
  });
}

/** PATCH /api/family/address and 'Meus dados' (the family): the family's address. */
export async function updateFamilyAddress(actor: Actor | null, input: unknown): Promise<GuardianDTO> {
  const guardianId = await ownFamilyOrThrow(actor);
  const data = parseOrThrow(familyAddressSchema, input);
  await transaction(async (t) => {
    const guardian = await findGuardian(guardianId, t);
    await guardian.update({ address: data.address }, { transaction: t });
  });
  return getGuardian(actor, guardianId);
}
