import { z } from "zod";
import { id, timestamp } from "../dto-fields";
import { requiredString } from "../fields";
import { BRANCH_REQUIRED } from "../branches/schema";

export const CLASSROOM_REQUIRED = "Sala é obrigatória";

export const CLASSROOM_NAME_REQUIRED = "Nome da sala é obrigatório";
export const CAPACITY_MESSAGE = "Capacidade deve ser maior que zero";
export const MAX_CAPACITY = 100_000;
export const CAPACITY_TOO_LARGE = `Capacidade deve ser no máximo ${MAX_CAPACITY}`;

/** Vacancies per hour: a whole number > 0, typed as text or sent as a JSON number. */
export const capacityField = z
  .union([z.string(), z.number()], { error: CAPACITY_MESSAGE })
  .transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value.trim();
    const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || n <= 0) {
      ctx.addIssue({ code: "custom", message: CAPACITY_MESSAGE });
      return z.NEVER;
    }
    if (n > MAX_CAPACITY) {
      ctx.addIssue({ code: "custom", message: CAPACITY_TOO_LARGE });
      return z.NEVER;
    }
    return n;
  })
  .meta({
    anyOf: [
      { type: "integer", minimum: 1, maximum: MAX_CAPACITY },
      // Text: 1 to 9 digits (spaces around are ignored) naming 1 to MAX_CAPACITY.
      { type: "string", pattern: "^\\s*(?=\\d{1,9}\\s*$)0*(?:[1-9]\\d{0,4}|100000)\\s*$" },
    ],
    description: `Número inteiro de 1 a ${MAX_CAPACITY} (número ou texto)`,
  });

export const classroomSchema = z.object({
  branchId: requiredString(BRANCH_REQUIRED, 36),
  name: requiredString(CLASSROOM_NAME_REQUIRED),
  capacity: capacityField,
});

/** The HTML form: the branch comes from the URL, not from the form. */
export const classroomFormSchema = classroomSchema.omit({ branchId: true });

/** PATCH /api/classrooms/{id}: name and capacity, each optional (the branch does not change). */
export const classroomUpdateSchema = z.object({
  name: requiredString(CLASSROOM_NAME_REQUIRED).optional(),
  capacity: capacityField.optional(),
});

export type ClassroomInput = z.output<typeof classroomSchema>;

// ---- Responses ----

export const classroomDto = z
  .object({
    id,
    branchId: id,
    name: z.string(),
    capacity: z.int().positive().describe("Vagas por hora"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Classroom" });
export type ClassroomDTO = z.output<typeof classroomDto>;
