import type { PickerOption } from "~/components/picker-types";
import type { Actor } from "~/domain/access/roles";
import { DomainError } from "~/domain/errors";
import { guardianOption as findGuardianOption, searchGuardianOptions, type GuardianOption } from "~/domain/guardians/queries.server";
import { getStudent, searchStudentOptions } from "~/domain/students/queries.server";
import { chargeDTO, chargePage } from "~/domain/charges/queries.server";
import type { ChargeDTO } from "~/domain/charges/schema";
import { formatBRL } from "~/lib/format";
import { formatDay } from "~/domain/calendar/dates";
import { formatCpf } from "~/lib/format";

/** How many matches a picker shows for a term. */
export const PICKER_LIMIT = 8;

/** A search term from the URL (`name`), trimmed and bounded. */
export function pickerTerm(url: URL, name: string): string {
  return (url.searchParams.get(name) ?? "").trim().slice(0, 100);
}

/** A family as a choice: its primary person, with the e-mail and CPF (and the person that matched, when another). */
function guardianOptionOf(g: GuardianOption): PickerOption {
  const other = g.personName && g.personName !== g.label ? `Pessoa: ${g.personName}` : null;
  const detail = [g.email, g.cpf ? formatCpf(g.cpf) : null, other].filter(Boolean).join(" · ");
  return { id: g.id, label: g.label, detail: detail || null };
}

/** Guardians whose persons' name, e-mail or CPF contain the term (the guardians list's search). The caller checked the permission. */
export async function guardianMatches(term: string): Promise<PickerOption[]> {
  if (!term) return [];
  return (await searchGuardianOptions(term, { limit: PICKER_LIMIT })).map(guardianOptionOf);
}

/** The chosen guardian as a picker option; null when the id names none (the form then asks again). */
export async function guardianOption(id: string | null | undefined): Promise<PickerOption | null> {
  if (!id) return null;
  const found = await findGuardianOption(id);
  return found ? guardianOptionOf(found) : null;
}

/** Active students whose name contains the term, with their guardian; `exclude` leaves some out (those already in the class). */
export async function studentMatches(term: string, exclude: ReadonlySet<string> = new Set()): Promise<PickerOption[]> {
  if (!term) return [];
  const found = await searchStudentOptions(term, { limit: PICKER_LIMIT + Math.min(exclude.size, 3 * PICKER_LIMIT) });
  return found
    .filter((s) => !exclude.has(s.id))
    .slice(0, PICKER_LIMIT)
    .map((s) => ({ id: s.id, label: s.label, detail: s.guardianName ? `Responsável: ${s.guardianName}` : null }));
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

/** A charge as a choice: its code and family, what it is and what is due today. */
function chargeOptionOf(c: ChargeDTO): PickerOption {
  return {
    id: c.id,
    label: `${c.code} · ${c.guardianName}`,
    detail: `${c.description} · vence ${formatDay(c.dueDate)} · ${c.status === "Aberta" ? `devido ${formatBRL(c.amountDue)}` : c.status}`,
  };
}

/** Charges whose code or family contain the term (the charges list's search), open ones first. The caller checked the permission. */
export async function chargeMatches(actor: Actor, term: string): Promise<PickerOption[]> {
  if (!term) return [];
  const { items } = await chargePage(actor, { q: term }, { offset: 0, limit: PICKER_LIMIT, openFirst: true });
  return items.map(chargeOptionOf);
}

/** The chosen charge as a picker option; null when the id names none. */
export async function chargeOption(id: string | null | undefined): Promise<PickerOption | null> {
  if (!id) return null;
  try {
    return chargeOptionOf(await chargeDTO(id));
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
