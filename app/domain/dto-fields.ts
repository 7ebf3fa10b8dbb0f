import { z } from "zod";

/**
 * Building blocks of the response (DTO) schemas: what the services answer, as
 * zod. Each entity's `schema.ts` ends with its DTO schemas built from these;
 * the DTO types are derived from them and the OpenAPI document converts them.
 * A DTO named with `.meta({ id })` becomes a named schema of the document.
 */

// Any 8-4-4-4-12 hex id (the services accept the same; see isUuid).
export const id = z.guid();
export const timestamp = z.iso.datetime().describe("Data e hora ISO 8601 em UTC");
export const day = z.iso.date().describe("AAAA-MM-DD");
/** An amount in the API and the OpenAPI document: reais with two decimals, as text. */
export const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Em reais, com duas casas: "189.90"');
export const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe("HH:MM (24 horas)");

/**
 * A text column whose values the services keep within `values`: documented as
 * that list, typed `string` like the column the models read it from.
 */
export function storedEnum<const T extends readonly [string, ...string[]]>(values: T): z.ZodType<string> {
  return z.enum(values) as unknown as z.ZodType<string>;
}

/** Every error answer of the JSON API. */
export const errorDto = z
  .object({
    message: z.string().describe("A mensagem principal, em português"),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Mensagens por campo (caminhos aninhados como `persons[0].email`); `form` para erros gerais"),
  })
  .meta({ id: "Error", description: "Resposta de erro" });
