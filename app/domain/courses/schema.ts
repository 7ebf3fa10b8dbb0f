import { z } from "zod";
import { id, timestamp } from "../dto-fields";
import { checkbox, formCheckbox, requiredString } from "../fields";

export const COURSE_NOT_FOUND = "Curso não encontrado";

export const COURSE_NAME_REQUIRED = "Nome do curso é obrigatório";

export const courseSchema = z.object({
  name: requiredString(COURSE_NAME_REQUIRED),
  active: checkbox.default(true),
});

/** The HTML form: an unchecked "Ativo" box is absent from the form data, meaning false. */
export const courseFormSchema = courseSchema.extend({ active: formCheckbox });

/** Update payloads: the same rules, every field optional. */
export const courseUpdateSchema = z.object({
  name: requiredString(COURSE_NAME_REQUIRED).optional(),
  active: checkbox.optional(),
});

export type CourseInput = z.output<typeof courseSchema>;

// ---- Responses ----

export const courseDto = z
  .object({
    id,
    name: z.string(),
    active: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Course" });
export type CourseDTO = z.output<typeof courseDto>;
