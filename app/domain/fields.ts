import { z } from "zod";
import { DATE_RE, EMAIL_RE, isCalendarDate, isMonth, MAX_DATE, MIN_DATE, MONTH_RE, normalizeMonth, TIME_RE } from "./patterns";

export const BIRTH_DATE_INVALID = "Data de nascimento inválida";
export const ADDRESS_REQUIRED = "Endereço é obrigatório";
/** A status filter or field outside its list (trials, enrolments). */
export const STATUS_INVALID = "Status inválido";
/** An owner (of a trial, of its follow-up task, in the funnel's filter) who is not Team or Administrator. */
export const OWNER_NOT_STAFF = "Responsável pelo lead deve ser da Equipe ou Administrador";

/** Building blocks shared by the entity schemas (client and server). */

export { DATE_RE, EMAIL_RE, isCalendarDate, isMonth, MAX_DATE, MIN_DATE, MONTH_RE, normalizeMonth, TIME_RE };

export const DATE_INVALID = "Data inválida";
export const MONTH_INVALID = "Mês inválido (use AAAA-MM)";

/**
 * What the OpenAPI document says of the fields whose rule zod checks in a
 * refine or a transform (JSON Schema cannot see inside those): each is the
 * same rule as the check, written as JSON Schema keywords and attached with
 * `.meta()`, so the document refuses exactly what the server refuses.
 * tests/api/contract-edges.test.ts sends values on both sides of each.
 */
const YEAR_1900_2100 = "(?:19\\d\\d|20\\d\\d|2100)";
export const DATE_DOC = {
  format: "date",
  pattern: `^${YEAR_1900_2100}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$`,
  description: `AAAA-MM-DD: um dia que existe, de ${MIN_DATE} a ${MAX_DATE}`,
};
export const MONTH_DOC = {
  pattern: `^${YEAR_1900_2100}-(?:0[1-9]|1[0-2])$`,
  description: `AAAA-MM, de ${MIN_DATE.slice(0, 7)} a ${MAX_DATE.slice(0, 7)}`,
};
/** Text with at least one character that is neither a space nor a control character (what is left after cleaning and trimming). */
export const NOT_BLANK_PATTERN = "[^\\s\\u0000-\\u001F\\u007F]";

/**
 * A calendar date 'YYYY-MM-DD' (a real day from 1900-01-01 to 2100-12-31, see
 * isCalendarDate): every date field and date query parameter is one, each with
 * its own message ('Data inválida' unless the field has a specific one).
 */
export function calendarDate(message = DATE_INVALID) {
  return z.string({ error: message }).max(100, { error: message, abort: true }).trim().refine(isCalendarDate, message).meta(DATE_DOC);
}

/** A month 'YYYY-MM' from 1900-01 to 2100-12. */
export function calendarMonth(message = MONTH_INVALID) {
  return z.string({ error: message }).max(100, { error: message, abort: true }).trim().refine(isMonth, message).meta(MONTH_DOC);
}

// Control characters (NUL and friends) never belong in a name or an address;
// PostgreSQL cannot even store NUL in text. Tabs and line breaks are kept.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const stripControl = (v: string) => v.replace(CONTROL_CHARS, "");

/**
 * Longest text any field accepts before its own limit is checked: a longer one
 * is refused at once, before any cleaning or pattern runs on it.
 */
export const MAX_FIELD_CHARS = 10_000;

/** A required text: missing, not a string or blank all give `message`. */
export function requiredString(message: string, max = 200) {
  return z
    .string({ error: message })
    .max(MAX_FIELD_CHARS, { error: `Máximo de ${max} caracteres`, abort: true })
    .overwrite(stripControl)
    .trim()
    .min(1, message)
    .max(max, `Máximo de ${max} caracteres`)
    .meta({ pattern: NOT_BLANK_PATTERN });
}

export function requiredEmail(requiredMessage: string, invalidMessage = "Por favor, insira um e-mail válido") {
  return (
    z
      .string({ error: requiredMessage })
      .max(MAX_FIELD_CHARS, { error: invalidMessage, abort: true })
      .overwrite(stripControl)
      .trim()
      .min(1, requiredMessage)
      // Length before the pattern: a failed check does not stop zod unless it aborts.
      .max(254, { error: invalidMessage, abort: true })
      .regex(EMAIL_RE, invalidMessage)
      .transform((v) => v.toLowerCase())
  );
}

/** Removes the mask characters of a CPF (dots, dash, spaces), keeping anything else so it fails validation. */
export function stripCpf(value: string): string {
  return value.replace(/[.\-\s]/g, "");
}

export const CPF_MESSAGE = "CPF deve conter exatamente 11 dígitos";

/** 11 digits with any dots, dashes and spaces around them (what stripCpf removes). */
const CPF_PATTERN = "(?:\\d[.\\-\\s]*){11}";
const CPF_DESCRIPTION = "11 dígitos, com ou sem máscara (000.000.000-00)";

/** CPF typed with or without the mask; stored as 11 digits. */
export function cpfField(message = CPF_MESSAGE) {
  return z
    .string({ error: message })
    .max(100, { error: message, abort: true })
    .transform(stripCpf)
    .refine((v) => /^\d{11}$/.test(v), message)
    .meta({ pattern: `^[.\\-\\s]*${CPF_PATTERN}$`, description: CPF_DESCRIPTION });
}

/** Optional CPF: blank or absent means none; null clears it. */
export const optionalCpf = z
  .preprocess(
    // A long text is not blank (and is refused by cpfField before any cleaning).
    (v) => (typeof v === "string" && v.length <= 100 && stripCpf(v) === "" ? undefined : v),
    cpfField().nullable().optional(),
  )
  .meta({
    anyOf: [{ type: "string", maxLength: 100, pattern: `^[.\\-\\s]*(?:${CPF_PATTERN})?$` }, { type: "null" }],
    description: `${CPF_DESCRIPTION}; vazio é nenhum, null apaga`,
  });

/**
 * A JSON flag: true or false only. The screens' checkboxes are converted
 * before (formCheckbox, or conform's "on" → true), so the JSON API takes no
 * text for a boolean.
 */
export const checkbox = z.boolean({ error: "Valor inválido" });

/**
 * The HTML form's checkbox: checked sends "on", unchecked sends nothing, so
 * absent means false (unlike the JSON API, where an absent flag takes its default).
 */
export const formCheckbox = z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean());
