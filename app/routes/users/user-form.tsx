import { getInputProps, getSelectProps } from "@conform-to/react";
import { useId, useState, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/user-form";
import { Avatar } from "~/components/avatar";
import { Field, FieldErrors, inputClass, Options } from "~/components/ui/field";
import { FormDialog, useDialogForm, useDialogSubmitting } from "~/components/ui/form-dialog";
import { useToast } from "~/components/ui/toaster";
import { isAdmin, USER_TYPE_LABELS, USER_TYPES } from "~/domain/access/roles";
import { DomainError } from "~/domain/errors";
import { IMAGE_TYPES, isAcceptableImageFile } from "~/domain/storage/image";
import { postedFile, readFormDataLimited } from "~/server/multipart.server";
import { usersListUrl } from "./+shared/list-search";
import { userCreateSchema, userEditFormSchema } from "~/domain/users/schema";
import { createUser, updateUserWithAvatar } from "~/domain/users/service.server";
import type { UserDTO } from "~/domain/users/schema";
import { getUser } from "~/domain/users/queries.server";
import { formatCpf } from "~/lib/format";
import { CpfInput } from "~/components/ui/masked-inputs";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { getSession } from "~/server/session.server";

/** §8: the avatar file problem, for the browser's check and for the server's refusal alike. */
const AVATAR_FILE_INVALID = "Arquivo inválido ou muito grande.";
// Never sent back to the browser: the password typed, and the file posted without JavaScript.
const HIDDEN_FIELDS = ["password", "avatar"];

/** /users/new and /users/:id/edit: the same dialog, create or edit. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const editing = args.params.id ? await orRespond(getUser(actor, args.params.id)) : null;
  return { user: editing, closeTo: usersListUrl(args.request.url) };
}

export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const editing = Boolean(params.id);
  return dialogAction(args, {
    permission: isAdmin,
    // The edit form may carry the avatar (multipart, without JavaScript): capped while reading.
    readForm: (request) => readFormDataLimited(request).catch((error: unknown) => Promise.reject(fileProblem(error))),
    schema: editing ? userEditFormSchema : userCreateSchema,
    save: async (submitted, { actor, formData }) => {
      if (params.id) {
        const value = submitted as z.output<typeof userEditFormSchema>;
        // In the form a blank CPF means "none" (the JSON PATCH leaves an absent one unchanged).
        const changes = { ...value, cpf: value.cpf ?? null };
        // Changing your own password or type keeps this session; your other ones end.
        const options = { currentSessionId: (await getSession(args.context))?.sessionId };
        try {
          await updateUserWithAvatar(actor, params.id, changes, await postedFile(formData, "avatar"), options);
        } catch (error) {
          throw error instanceof DomainError && error.errors?.avatar ? fileProblem(error) : error;
        }
      } else {
        await createUser(actor, submitted as z.output<typeof userCreateSchema>);
      }
    },
    errorTitle: "Erro",
    hideFields: HIDDEN_FIELDS,
    redirectTo: usersListUrl(request.url),
    success: editing ? "Usuário atualizado com sucesso" : "Usuário criado com sucesso",
  });
}

/** A refused file (too large, not an image) as an error on the avatar field, keeping its status (413/415). */
function fileProblem(error: unknown): DomainError {
  if (!(error instanceof DomainError)) throw error;
  return new DomainError(error.status, AVATAR_FILE_INVALID, { avatar: [AVATAR_FILE_INVALID] });
}

export default function UserFormDialog({ loaderData }: Route.ComponentProps) {
  const { user, closeTo } = loaderData;
  const editing = Boolean(user);
  const pending = useDialogSubmitting();
  const [form, fields] = useDialogForm({
    id: user ? `user-${user.id}` : "user-new",
    schema: editing ? userEditFormSchema : userCreateSchema,
    defaultValue: {
      name: user?.name ?? "",
      email: user?.email ?? "",
      userType: user?.userType ?? "",
      cpf: user?.cpf ? formatCpf(user.cpf) : "",
    },
  });
  const avatarErrors = form.allErrors.avatar;

  return (
    <FormDialog
      form={form}
      title={editing ? "Editar Usuário" : "Adicionar Novo Usuário"}
      closeTo={closeTo}
      encType={editing ? "multipart/form-data" : undefined}
      before={user ? <AvatarField user={user} disabled={pending} errors={avatarErrors} /> : null}
      submit={editing ? "update" : "create"}
    >
      <Field label="Nome" field={fields.name} required>
        <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="E-mail" field={fields.email} required>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" className={inputClass} />
      </Field>
      <Field
        label="Senha"
        field={fields.password}
        required={!editing}
        hint={editing ? "Deixe em branco para manter a senha atual." : "Pelo menos 6 caracteres."}
      >
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label="Tipo de Usuário" field={fields.userType} required>
        <select {...getSelectProps(fields.userType)} className={inputClass}>
          <option value="">Selecione o tipo</option>
          <Options items={USER_TYPES} label={(type) => USER_TYPE_LABELS[type]} />
        </select>
      </Field>
      <Field label="CPF" field={fields.cpf}>
        <CpfInput {...getInputProps(fields.cpf, { type: "text" })} />
      </Field>
    </FormDialog>
  );
}

/** A non-OK answer as SPEC §8 words it: the server's message, or 'status: text'. */
async function failure(res: Response): Promise<Error> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === "string") return new Error(body.message);
  } catch {
    /* not JSON */
  }
  return new Error(`${res.status}: ${text || res.statusText}`);
}

async function callJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

/**
 * The avatar control (edit only). With JavaScript a chosen file goes through the
 * 3-step flow of SPEC §7 at once; without it, the file is posted with the form.
 */
function AvatarField({ user, disabled, errors }: { user: UserDTO; disabled: boolean; errors?: string[] }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [uploading, setUploading] = useState(false);
  const { toast } = useToast();
  const revalidator = useRevalidator();

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    // Uploaded here, so the form's own post must not carry it again.
    input.value = "";
    if (!isAcceptableImageFile(file)) {
      toast({ title: "Erro", description: AVATAR_FILE_INVALID, variant: "destructive" });
      return;
    }
    setUploading(true);
    try {
      let objectPath: string;
      try {
        const { uploadURL } = await callJson<{ uploadURL: string }>("POST", "/api/objects/upload");
        const put = await fetch(uploadURL, {
          method: "PUT",
          body: file,
          credentials: "include",
          headers: { "Content-Type": file.type },
        });
        if (!put.ok) throw await failure(put);
        objectPath = ((await put.json()) as { objectPath: string }).objectPath;
      } catch {
        toast({
          title: "Erro no upload",
          description: "Não foi possível fazer o upload do arquivo. Tente novamente.",
          variant: "destructive",
        });
        return;
      }
      try {
        await callJson("PUT", `/api/users/${user.id}/avatar`, { avatarUrl: objectPath });
      } catch (error) {
        toast({
          title: "Erro ao atualizar avatar",
          description: error instanceof Error ? error.message : undefined,
          variant: "destructive",
        });
        return;
      }
      toast({ title: "Sucesso", description: "Avatar atualizado com sucesso" });
      await revalidator.revalidate();
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar src={user.avatarUrl} name={user.name} className="h-16 w-16" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          Foto do usuário
        </label>
        <input
          id={id}
          type="file"
          name="avatar"
          accept={IMAGE_TYPES.join(",")}
          disabled={disabled || uploading}
          onChange={onChange}
          aria-describedby={`${id}-hint${errors?.length ? ` ${errorId}` : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          Imagem PNG, JPEG, WebP ou GIF de até 5 MB.
        </p>
        <p role="status" className="text-sm text-slate-700">
          {uploading ? "Enviando..." : ""}
        </p>
        <FieldErrors id={errorId} errors={errors} />
      </div>
    </div>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.user ? "Editar Usuário" : "Adicionar Novo Usuário" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
