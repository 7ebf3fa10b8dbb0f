import { z } from "zod";
import { day, id, timestamp } from "../dto-fields";
import { calendarDate, checkbox, cpfField, requiredEmail, requiredString, stripCpf, ADDRESS_REQUIRED, BIRTH_DATE_INVALID } from "../fields";

export const GUARDIAN_NOT_FOUND = "Responsável não encontrado";

export const FULL_NAME_REQUIRED = "Nome completo é obrigatório";
export const EMAIL_INVALID = "Por favor, insira um e-mail válido";
export const PHONE_REQUIRED = "Telefone é obrigatório";
export const PHONE_INCOMPLETE = "Telefone incompleto: DDD + número (10 ou 11 dígitos)";
export const PERSONS_REQUIRED = "Adicione pelo menos uma pessoa";
export const COMPLETE_PERSON_REQUIRED = "Adicione pelo menos uma pessoa completa";

/** A person's fields as the forms name them: the group message says which ones are missing. */
export const PERSON_FIELD_LABELS = {
  fullName: "Nome completo",
  cpf: "CPF",
  email: "E-mail",
  birthDate: "Data de nascimento",
  phone: "Telefone",
} as const;

/** 'Adicione pelo menos uma pessoa completa: faltam CPF e E-mail' (the fields the most complete person lacks). */
export function completePersonMessage(missing: readonly string[]): string {
  if (missing.length === 0) return COMPLETE_PERSON_REQUIRED;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} e ${missing[missing.length - 1]}`;
  return `${COMPLETE_PERSON_REQUIRED}: ${missing.length === 1 ? "falta" : "faltam"} ${list}`;
}

/** The required fields a person of a form left empty, by their labels. */
function missingFields(person: Partial<Record<keyof typeof PERSON_FIELD_LABELS, string | undefined>> | undefined): string[] {
  return (Object.keys(PERSON_FIELD_LABELS) as Array<keyof typeof PERSON_FIELD_LABELS>)
    .filter((key) => !isFilled(key === "cpf" ? stripCpf(person?.cpf ?? "") : person?.[key]))
    .map((key) => PERSON_FIELD_LABELS[key]);
}
export const ONE_PRIMARY = "Apenas uma pessoa pode ser a principal";
export const MAX_PERSONS = 20;
const TOO_MANY_PERSONS = `Máximo de ${MAX_PERSONS} pessoas por responsável`;

/** YYYY-MM-DD that is a real calendar day (2024-02-30 is refused). */
const birthDate = calendarDate(BIRTH_DATE_INVALID);

/**
 * §5: "at least 10 characters". Counted in digits, so a masked partial number
 * like "(11) 9876" does not pass; stored as digits and shown with formatPhone.
 * An empty phone is "required"; a started one says what a complete one is.
 */
const phone = z
  .string({ error: PHONE_REQUIRED })
  .max(100, { error: "Telefone inválido", abort: true })
  .transform((v) => v.replace(/\D/g, ""))
  .refine((v) => v.length > 0, { error: PHONE_REQUIRED, abort: true })
  .refine((v) => v.length >= 10, PHONE_INCOMPLETE)
  .refine((v) => v.length <= 15, "Telefone inválido")
  .meta({ pattern: "^\\D*(?:\\d\\D*){10,15}$", description: "De 10 a 15 dígitos, com ou sem máscara" });

const personFields = {
  fullName: requiredString(FULL_NAME_REQUIRED),
  cpf: cpfField(),
  email: requiredEmail(EMAIL_INVALID, EMAIL_INVALID),
  birthDate,
  phone,
};

/** One person of a guardian, as the JSON API receives it. */
export const guardianPersonSchema = z.object({ ...personFields, isPrimary: checkbox.default(false) });

/** PATCH /api/guardian-persons/{id}: the same rules, every field optional. */
export const guardianPersonUpdateSchema = z.object({
  fullName: personFields.fullName.optional(),
  cpf: personFields.cpf.optional(),
  email: personFields.email.optional(),
  birthDate: personFields.birthDate.optional(),
  phone: personFields.phone.optional(),
  isPrimary: checkbox.optional(),
});

/** PATCH /api/family/persons/{id}: what a family edits of its persons (names and CPF are the school's). */
export const familyPersonSchema = z.object({
  phone: personFields.phone.optional(),
  email: personFields.email.optional(),
});

/** 'Meus dados' › a person's contact form: it shows both fields, so a blank one is an error rather than "unchanged". */
export const familyPersonFormSchema = z.object({ phone: personFields.phone, email: personFields.email });

/** PATCH /api/family/address: the family's address. */
export const familyAddressSchema = z.object({ address: requiredString(ADDRESS_REQUIRED, 500) });

/** POST /api/guardians. Primary rules (none → the first, several → 400) are checked by the service. */
export const guardianSchema = z.object({
  address: requiredString(ADDRESS_REQUIRED, 500),
  persons: z.array(guardianPersonSchema, { error: PERSONS_REQUIRED }).min(1, PERSONS_REQUIRED).max(MAX_PERSONS, TOO_MANY_PERSONS),
});

export type GuardianPersonInput = z.output<typeof guardianPersonSchema>;
export type GuardianInput = z.output<typeof guardianSchema>;

/**
 * The "Editar Pessoa" form: it always shows every field, so a blank one is an
 * error rather than "unchanged". The Principal box only ever marks (an absent
 * box leaves the flag alone), because unmarking the primary would leave none.
 */
export const guardianPersonFormSchema = z.object({
  ...personFields,
  isPrimary: z.preprocess((v) => (v === "on" || v === true ? true : undefined), z.literal(true).optional()),
});

const formText = z.string().optional();

/**
 * The "Novo Responsável" form. Persons with name, CPF and e-mail filled are kept
 * (§5); each kept person is validated where it stands in the form, so messages
 * land next to the right inputs. `primaryIndex` is the radio group: exactly one
 * primary by construction. The output is the JSON API's input plus `formIndexes`
 * (the form position of each kept person), so service errors can be mapped back.
 */
export const guardianFormSchema = z
  .object({
    address: z.string().optional(),
    persons: z
      .array(
        z.object({
          fullName: formText,
          cpf: formText,
          email: formText,
          birthDate: formText,
          phone: formText,
        }),
      )
      .max(MAX_PERSONS, TOO_MANY_PERSONS)
      .optional(),
    // A tampered value simply means "no choice": the first kept person becomes primary.
    primaryIndex: z.preprocess((v) => {
      const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
      return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
    }, z.number().optional()),
  })
  .transform((form, ctx) => {
    let failed = false;
    const fail = (path: Array<string | number>, message: string) => {
      failed = true;
      ctx.addIssue({ code: "custom", path, message });
    };
    const address = requiredString(ADDRESS_REQUIRED, 500).safeParse(form.address ?? "");
    if (!address.success) fail(["address"], address.error.issues[0].message);

    const kept: Array<{ index: number; person: Omit<GuardianPersonInput, "isPrimary"> }> = [];
    let filled = 0;
    (form.persons ?? []).forEach((raw, index) => {
      if (!isFilled(raw.fullName) || !isFilled(raw.cpf && stripCpf(raw.cpf)) || !isFilled(raw.email)) return;
      filled += 1;
      const parsed = z.object(personFields).safeParse(raw);
      if (parsed.success) {
        kept.push({ index, person: parsed.data });
        return;
      }
      for (const issue of parsed.error.issues) fail(["persons", index, ...issue.path.map(String)], issue.message);
    });
    if (filled === 0) {
      // The group message names what the most complete person lacks (all the fields when none was started).
      const lacking = (form.persons ?? []).map(missingFields).sort((a, b) => a.length - b.length)[0] ?? missingFields(undefined);
      fail(["persons"], completePersonMessage(lacking));
    }
    if (failed) return z.NEVER;

    // The radio may point at a person that was dropped as incomplete: then the first kept one is primary (§4).
    const primaryAt = Math.max(
      0,
      kept.findIndex((k) => k.index === form.primaryIndex),
    );
    return {
      address: address.data as string,
      persons: kept.map((k, i) => ({ ...k.person, isPrimary: i === primaryAt })),
      formIndexes: kept.map((k) => k.index),
    };
  });

function isFilled(value: string | undefined | null | false): boolean {
  return typeof value === "string" && value.trim() !== "";
}

// ---- Responses ----

export const guardianPersonDto = z
  .object({
    id,
    guardianId: id,
    fullName: z.string(),
    cpf: z.string().regex(/^\d{11}$/),
    email: z.string(),
    birthDate: day.nullable(),
    phone: z.string().nullable().describe("Somente dígitos"),
    isPrimary: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "GuardianPerson" });
export type GuardianPersonDTO = z.output<typeof guardianPersonDto>;

export const guardianDto = z
  .object({
    id,
    userId: id.nullable().describe("O usuário cliente criado a partir da pessoa principal"),
    address: z.string(),
    createdAt: timestamp,
    updatedAt: timestamp,
    persons: z.array(guardianPersonDto).describe("A principal primeiro, depois por nome"),
  })
  .meta({ id: "Guardian" });
export type GuardianDTO = z.output<typeof guardianDto>;

export interface GuardianPage {
  guardians: GuardianDTO[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}
