import { z } from "zod";
import { id, timestamp } from "../dto-fields";
import { checkbox, formCheckbox, requiredString, ADDRESS_REQUIRED } from "../fields";

export const BRANCH_REQUIRED = "Unidade é obrigatória";
export const BRANCH_NOT_FOUND = "Unidade não encontrada";

export const BRANCH_NAME_REQUIRED = "Nome da unidade é obrigatório";

export const branchSchema = z.object({
  name: requiredString(BRANCH_NAME_REQUIRED),
  address: requiredString(ADDRESS_REQUIRED, 500),
  active: checkbox.default(true),
  isDefault: checkbox.default(false),
});

/** The HTML form: unchecked boxes are absent from the form data, meaning false. */
export const branchFormSchema = branchSchema.extend({ active: formCheckbox, isDefault: formCheckbox });

/** Update payloads: the same rules, every field optional. */
export const branchUpdateSchema = z.object({
  name: requiredString(BRANCH_NAME_REQUIRED).optional(),
  address: requiredString(ADDRESS_REQUIRED, 500).optional(),
  active: checkbox.optional(),
  isDefault: checkbox.optional(),
});

export type BranchInput = z.output<typeof branchSchema>;

// ---- Responses ----

export const branchDto = z
  .object({
    id,
    name: z.string(),
    address: z.string(),
    active: z.boolean(),
    isDefault: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Branch" });
export type BranchDTO = z.output<typeof branchDto>;
