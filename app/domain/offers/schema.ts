import { z } from "zod";
import { id, timestamp } from "../dto-fields";
import { checkbox, formCheckbox, requiredString } from "../fields";
import { centsToDecimal, MAX_CENTS, toCents } from "../money";
import { BRANCH_REQUIRED } from "../branches/schema";

export const OFFER_NOT_FOUND = "Oferta não encontrada";

export const OFFER_NAME_REQUIRED = "Nome da oferta é obrigatório";
export const MONTHLY_VALUE_MESSAGE = "Valor mensal deve ser maior que zero";
export const MONTHLY_VALUE_TOO_LARGE = "Valor mensal deve ser no máximo R$ 99.999.999,99";
export const CHECKOUT_LINK_MESSAGE = "Por favor, insira um link válido";

/**
 * The monthly value, typed as text (or sent as a JSON number), normalised to
 * cents with integer math and returned as "189.90" (DECIMAL(10,2)).
 */
export const monthlyValueField = z
  .union([z.string(), z.number()], { error: MONTHLY_VALUE_MESSAGE })
  .transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: MONTHLY_VALUE_MESSAGE });
      return z.NEVER;
    }
    if (cents > MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: MONTHLY_VALUE_TOO_LARGE });
      return z.NEVER;
    }
    return centsToDecimal(cents);
  })
  .meta({
    // The same rule as toCents, in JSON Schema: more than zero once rounded half up to cents, at most MAX_CENTS.
    anyOf: [
      { type: "number", minimum: 0.005, exclusiveMaximum: 99_999_999.995 },
      {
        type: "string",
        pattern: "^(?!\\s*\\+?0*99999999[.,]99[5-9])\\s*\\+?(?:0*[1-9]\\d{0,7}(?:[.,]\\d*)?|0*[.,](?:[1-9]|0[1-9]|00[5-9])\\d*)\\s*$",
      },
    ],
    description: 'Maior que zero e no máximo 99999999.99, arredondado a duas casas: número (189.9) ou texto ("189,90")',
  });

/** An absolute http(s) URL: the checkout page opens in a new tab. */
export const checkoutLinkField = z
  .string({ error: CHECKOUT_LINK_MESSAGE })
  .max(10_000, { error: CHECKOUT_LINK_MESSAGE, abort: true })
  .trim()
  .max(2000, { error: CHECKOUT_LINK_MESSAGE, abort: true })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
    } catch {
      return false;
    }
  }, CHECKOUT_LINK_MESSAGE)
  .meta({ format: "uri", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]", description: "URL http(s) absoluta" });

const branchIdField = requiredString(BRANCH_REQUIRED, 36);

export const offerSchema = z.object({
  name: requiredString(OFFER_NAME_REQUIRED),
  monthlyValue: monthlyValueField,
  checkoutLink: checkoutLinkField,
  branchId: branchIdField,
  active: checkbox.default(true),
});

/** The HTML form: an unchecked "Ativo" box is absent from the form data, meaning false. */
export const offerFormSchema = offerSchema.extend({ active: formCheckbox });

/** Update payloads: the same rules, every field optional. */
export const offerUpdateSchema = z.object({
  name: requiredString(OFFER_NAME_REQUIRED).optional(),
  monthlyValue: monthlyValueField.optional(),
  checkoutLink: checkoutLinkField.optional(),
  branchId: branchIdField.optional(),
  active: checkbox.optional(),
});

export type OfferInput = z.output<typeof offerSchema>;

// ---- Responses ----

export const offerDto = z
  .object({
    id,
    name: z.string(),
    // DECIMAL(10,2) as text with two decimals (exact on every database).
    monthlyValue: z
      .string()
      .regex(/^\d+\.\d{2}$/)
      .describe('DECIMAL(10,2) como texto com duas casas, por exemplo "189.90"'),
    checkoutLink: z.string(),
    branchId: id,
    branchName: z.string().nullable(),
    active: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Offer" });
export type OfferDTO = z.output<typeof offerDto>;
