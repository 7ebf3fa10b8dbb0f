import { getInputProps } from "@conform-to/react";
import type { Route } from "./+types/course-form";
import { Field, inputClass } from "~/components/ui/field";
import { CheckboxField } from "~/components/ui/form-controls";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { courseFormSchema } from "~/domain/courses/schema";
import { createCourse, updateCourse } from "~/domain/courses/service.server";
import { courseDialogs } from "./+shared/course-dialogs.server";

/** /courses/new and /courses/:id/edit: the same dialog, create or edit. */
const dialog = courseDialogs.form({ schema: courseFormSchema, create: createCourse, update: updateCourse });
export const loader = dialog.loader;
export const action = dialog.action;

export default function CourseFormDialog({ loaderData }: Route.ComponentProps) {
  const { record: course } = loaderData;
  const [form, fields] = useDialogForm({
    id: course ? `course-${course.id}` : "course-new",
    schema: courseFormSchema,
    defaultValue: { name: course?.name ?? "", active: course ? (course.active ? "on" : undefined) : "on" },
  });
  return (
    <FormDialog form={form} title={course ? "Editar Curso" : "Adicionar Curso"} closeTo="/courses" submit={course ? "update" : "create"}>
      <Field label="Nome" field={fields.name} required>
        <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Ballet Clássico" />
      </Field>
      <CheckboxField field={fields.active} label="Ativo" />
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.record ? "Editar Curso" : "Adicionar Curso" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
