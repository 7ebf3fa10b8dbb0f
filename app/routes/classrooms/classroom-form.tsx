import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/classroom-form";
import { DialogError } from "~/components/route-error";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { getBranch } from "~/domain/branches/queries.server";
import { classroomFormSchema } from "~/domain/classrooms/schema";
import { createClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { orRespond, saveDialogForm } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";

/** /branches/:id/classrooms/new and …/:classroomId/edit, over the classrooms dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const actor = actorOf(user);
  await orRespond(getBranch(actor, params.id));
  const classroom = params.classroomId ? await orRespond(getBranchClassroom(actor, params.id, params.classroomId)) : null;
  return { classroom: classroom ? { id: classroom.id, name: classroom.name, capacity: classroom.capacity } : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requirePermission(request, canManage));
  const { id: branchId, classroomId } = params;
  return saveDialogForm(await request.formData(), {
    schema: classroomFormSchema,
    save: async (value) => {
      if (!classroomId) return createClassroom(actor, { ...value, branchId });
      await getBranchClassroom(actor, branchId, classroomId);
      return updateClassroom(actor, classroomId, value);
    },
    errorTitle: classroomId ? "Erro ao atualizar sala" : "Erro ao criar sala",
    redirectTo: `/branches/${branchId}/classrooms`,
    success: classroomId ? "Sala atualizada com sucesso" : "Sala criada com sucesso",
  });
}

export default function ClassroomFormDialog({ loaderData, actionData, params }: Route.ComponentProps) {
  const { classroom } = loaderData;
  const location = useLocation();
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const closeTo = `/branches/${params.id}/classrooms`;
  const [form, fields] = useForm({
    id: classroom ? `classroom-${classroom.id}` : "classroom-new",
    lastResult: actionData?.result,
    defaultValue: { name: classroom?.name ?? "", capacity: classroom ? String(classroom.capacity) : "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: classroomFormSchema }),
  });
  return (
    <RouteDialog title={classroom ? "Editar Sala" : "Adicionar Sala"} closeTo={closeTo} nested>
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
          <Field label="Nome" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} required>
            <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Sala 1" />
          </Field>
          <Field
            label="Capacidade (vagas por hora)"
            htmlFor={fields.capacity.id}
            errors={fields.capacity.errors}
            errorId={fields.capacity.errorId}
            required
          >
            <input {...getInputProps(fields.capacity, { type: "number" })} step="1" inputMode="numeric" className={inputClass} />
          </Field>
        </fieldset>
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={classroom ? "Atualizar" : "Criar"}
            pendingLabel={classroom ? "Atualizando..." : "Criando..."}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.classroom ? "Editar Sala" : "Adicionar Sala" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
