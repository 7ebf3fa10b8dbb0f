import type { PickerOption } from "~/components/search-picker";
import type { Actor } from "~/domain/actor";
import { DomainError } from "~/domain/errors";
import type { GuardianDTO } from "~/domain/guardians/schema";
import { getGuardian, listGuardians } from "~/domain/guardians/queries.server";
import { getStudent, searchStudentOptions } from "~/domain/students/queries.server";
import { formatCpf } from "~/lib/format";

/** How many matches a picker shows for a term. */
export const PICKER_LIMIT = 8;

/** A search term from the URL (`name`), trimmed and bounded. */
export function pickerTerm(url: URL, name: string): string {
  return (url.searchParams.get(name) ?? "").trim().slice(0, 100);
}

function guardianOptionOf(g: GuardianDTO): PickerOption {
  const primary = g.persons.find((p) => p.isPrimary) ?? g.persons[0];
  const detail = [primary?.email, primary?.cpf ? formatCpf(primary.cpf) : null].filter(Boolean).join(" · ");
  return { id: g.id, label: primary?.fullName ?? "Sem pessoa principal", detail: detail || null };
}

/** Guardians whose persons' name, e-mail or CPF contain the term (the guardians list's search). */
export async function guardianMatches(actor: Actor, term: string): Promise<PickerOption[]> {
  if (!term) return [];
  const page = await listGuardians(actor, { q: term, page: 1, pageSize: PICKER_LIMIT });
  return page.guardians.map(guardianOptionOf);
}

/** The chosen guardian as a picker option; null when the id names none (the form then asks again). */
export async function guardianOption(actor: Actor, id: string | null | undefined): Promise<PickerOption | null> {
  if (!id) return null;
  try {
    return guardianOptionOf(await getGuardian(actor, id));
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/** Active students whose name contains the term, with their guardian. */
export async function studentMatches(term: string): Promise<PickerOption[]> {
  if (!term) return [];
  const found = await searchStudentOptions(term, { limit: PICKER_LIMIT });
  return found.map((s) => ({ id: s.id, label: s.label, detail: s.guardianName ? `Responsável: ${s.guardianName}` : null }));
}

/** The chosen student as a picker option; null when the id names none. */
export async function studentOption(actor: Actor, id: string | null | undefined): Promise<PickerOption | null> {
  if (!id) return null;
  try {
    const student = await getStudent(actor, id);
    return { id: student.id, label: student.fullName };
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
