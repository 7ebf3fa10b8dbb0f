import { z } from "zod";
import { DATE_RE, EMAIL_RE, TIME_RE } from "./patterns";

/** Building blocks shared by the entity schemas (client and server). */

export { DATE_RE, EMAIL_RE, TIME_RE };

// Control characters (NUL and friends) never belong in a name or an address;
// PostgreSQL cannot even store NUL in text. Tabs and line breaks are kept.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const stripControl = (v: string) => v.replace(CONTROL_CHARS, "");

/** A required text: missing, not a string or blank all give `message`. */
export function requiredString(message: string, max = 200) {
  return z
    .string({ error: message })
    .overwrite(stripControl)
    .trim()
    .min(1, message)
    .max(max, `Máximo de ${max} caracteres`);
}

export function requiredEmail(requiredMessage: string, invalidMessage = "Por favor, insira um e-mail válido") {
  return z
    .string({ error: requiredMessage })
    .overwrite(stripControl)
    .trim()
    .min(1, requiredMessage)
    .max(254, invalidMessage)
    .regex(EMAIL_RE, invalidMessage)
    .transform((v) => v.toLowerCase());
}

/** Removes the mask characters of a CPF (dots, dash, spaces), keeping anything else so it fails validation. */
export function stripCpf(value: string): string {
  return value.replace(/[.\-\s]/g, "");
}

export const CPF_MESSAGE = "CPF deve conter exatamente 11 dígitos";

/** CPF typed with or without the mask; stored as 11 digits. */
export function cpfField(message = CPF_MESSAGE) {
  return z
    .string({ error: message })
    .transform(stripCpf)
    .refine((v) => /^\d{11}$/.test(v), message);
}

/** Optional CPF: blank or absent means none; null clears it. */
export const optionalCpf = z.preprocess(
  (v) => (typeof v === "string" && stripCpf(v) === "" ? undefined : v),
  cpfField().nullable().optional(),
);

/** HTML checkbox or JSON boolean. An unchecked checkbox is absent from the form data. */
export const checkbox = z.preprocess((v) => {
  if (v === "on" || v === "true" || v === "1") return true;
  if (v === "false" || v === "0" || v === "off") return false;
  return v;
}, z.boolean({ error: "Valor inválido" }));


/**
 * The HTML form's checkbox: checked sends "on", unchecked sends nothing, so
 * absent means false (unlike the JSON API, where an absent flag takes its default).
 */
export const formCheckbox = z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean());
