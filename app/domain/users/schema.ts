import { z } from "zod";
import { id, storedEnum, timestamp } from "../dto-fields";
import { USER_TYPES } from "../access/roles";
import { optionalCpf, requiredEmail, requiredString } from "../fields";

export const NAME_REQUIRED = "Nome é obrigatório";
export const EMAIL_REQUIRED = "E-mail é obrigatório";
export const PASSWORD_REQUIRED = "Senha é obrigatória";
export const PASSWORD_MIN = "A senha deve ter pelo menos 6 caracteres";
export const USER_TYPE_REQUIRED = "Tipo de usuário é obrigatório";
export const USER_TYPE_SELECT = "Por favor, selecione um tipo de usuário";

const newPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(6, PASSWORD_MIN)
  .max(200, "A senha deve ter no máximo 200 caracteres");

const userType = (message: string) => z.enum(USER_TYPES, { error: message });

export const loginSchema = z.object({
  email: requiredEmail(EMAIL_REQUIRED),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(200, PASSWORD_REQUIRED),
  // The sign-in form's "on" is converted by conform before the schema sees it.
  remember: z.boolean({ error: "Valor inválido" }).optional(),
});

export const registerSchema = z.object({
  name: requiredString(NAME_REQUIRED),
  email: requiredEmail(EMAIL_REQUIRED),
  password: newPassword,
  userType: userType(USER_TYPE_SELECT),
});

/**
 * Self-registration when the type is not the visitor's choice (`REGISTRATION`
 * client or closed, or the first account): the type may be left out.
 */
export const selfRegisterSchema = registerSchema.extend({ userType: userType(USER_TYPE_SELECT).optional() });

/** The administrator's user form (create). */
export const userCreateSchema = z.object({
  name: requiredString(NAME_REQUIRED),
  email: requiredEmail(EMAIL_REQUIRED),
  password: newPassword,
  userType: userType(USER_TYPE_REQUIRED),
  cpf: optionalCpf,
});

/** Update: every field optional; an absent password keeps the current one (the edit form turns a blank one into absent). */
export const userUpdateSchema = z.object({
  name: requiredString(NAME_REQUIRED).optional(),
  email: requiredEmail(EMAIL_REQUIRED).optional(),
  password: newPassword.optional(),
  userType: userType(USER_TYPE_REQUIRED).optional(),
  cpf: optionalCpf,
  avatarUrl: z.string().max(500).nullable().optional(),
});

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type UserCreateInput = z.output<typeof userCreateSchema>;
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/**
 * The edit dialog's form. Unlike the JSON PATCH, name, e-mail and type are
 * required here (the form always sends them; a blank one is an error, not
 * "unchanged"); a blank password keeps the current one.
 */
export const userEditFormSchema = z.object({
  name: requiredString(NAME_REQUIRED),
  email: requiredEmail(EMAIL_REQUIRED),
  password: newPassword.optional(),
  userType: userType(USER_TYPE_REQUIRED),
  cpf: optionalCpf,
});

/** PUT /api/users/{id}/avatar: a URL this server issued (`/uploads/<id>`), or null to remove it. */
export const avatarSchema = z.object({
  avatarUrl: z.string({ error: "avatarUrl é obrigatório" }).trim().min(1, "avatarUrl é obrigatório").max(500).nullable(),
});

// ---- Responses ----

/** A user as every surface shows it: never the password hash. */
export const userDto = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    userType: storedEnum(USER_TYPES),
    cpf: z
      .string()
      .regex(/^\d{11}$/)
      .nullable()
      .describe("11 dígitos, sem máscara"),
    avatarUrl: z.string().nullable().describe("Caminho da imagem neste servidor (`/uploads/{id}`)"),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "User" });
export type UserDTO = z.output<typeof userDto>;

/** POST /api/logout */
export const logoutDto = z.object({ ok: z.literal(true) }).meta({ id: "LogoutResult" });

export interface UserPage {
  users: UserDTO[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}
