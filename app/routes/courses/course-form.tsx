import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/course-form";
import { DialogError } from "~/components/route-error";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { CheckboxField, SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { courseFormSchema } from "~/domain/courses/schema";
import { createCourse, updateCourse } from "~/domain/courses/service.server";
import { getCourse } from "~/domain/courses/queries.server";
import { orRespond, saveDialogForm } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";

/** /courses/new and /courses/:id/edit: the same dialog, create or edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const course = params.id ? await orRespond(getCourse(actorOf(user), params.id)) : null;
  return { course };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requirePermission(request, canManage));
  const editing = Boolean(params.id);
  return saveDialogForm(await request.formData(), {
    schema: courseFormSchema,
    save: (value) => (params.id ? updateCourse(actor, params.id, value) : createCourse(actor, value)),
    errorTitle: editing ? "Erro ao atualizar curso" : "Erro ao criar curso",
    redirectTo: "/courses",
    success: editing ? "Curso atualizado com sucesso" : "Curso criado com sucesso",
  });
}

export default function CourseFormDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { course } = loaderData;
  const location = useLocation();
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: course ? `course-${course.id}` : "course-new",
    lastResult: actionData?.result,
    defaultValue: { name: course?.name ?? "", active: course ? (course.active ? "on" : undefined) : "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseFormSchema }),
  });
  return (
    <RouteDialog title={course ? "Editar Curso" : "Adicionar Curso"} closeTo="/courses">
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
          <Field label="Nome" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} required>
            <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Ballet Clássico" />
          </Field>
          <CheckboxField
            id={fields.active.id}
            name={fields.active.name}
            label="Ativo"
            defaultChecked={fields.active.initialValue === "on"}
          />
        </fieldset>
        <DialogFooter>
          <LinkButton to="/courses" variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={course ? "Atualizar" : "Criar"}
            pendingLabel={course ? "Atualizando..." : "Criando..."}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.course ? "Editar Curso" : "Adicionar Curso" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
