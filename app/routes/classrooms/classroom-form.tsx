import { getInputProps } from "@conform-to/react";
import type { Route } from "./+types/classroom-form";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { getBranch } from "~/domain/branches/queries.server";
import { classroomFormSchema } from "~/domain/classrooms/schema";
import { createClassroom, updateClassroom } from "~/domain/classrooms/service.server";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import type { PromotionDTO } from "~/domain/enrollments/schema";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { withPromotions } from "~/features/enrollments/enroll-form.server";

/** /branches/:id/classrooms/new and …/:classroomId/edit, over the classrooms dialog. */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const actor = await screenActor(args, isAdmin);
  await orRespond(getBranch(actor, params.id));
  const classroom = params.classroomId ? await orRespond(getBranchClassroom(actor, params.id, params.classroomId)) : null;
  return { classroom: classroom ? { id: classroom.id, name: classroom.name, capacity: classroom.capacity } : null };
}

export async function action(args: Route.ActionArgs) {
  const { id: branchId, classroomId } = args.params;
  return dialogAction(args, {
    permission: isAdmin,
    schema: classroomFormSchema,
    save: async (value, { actor }) => {
      // More seats may go to the classes' waiting lists: the toast names who took them.
      const promoted: PromotionDTO[] = [];
      if (!classroomId) {
        await createClassroom(actor, { ...value, branchId });
        return { promoted };
      }
      await getBranchClassroom(actor, branchId, classroomId);
      await updateClassroom(actor, classroomId, value, promoted);
      return { promoted };
    },
    errorTitle: classroomId ? "Erro ao atualizar sala" : "Erro ao criar sala",
    redirectTo: `/branches/${branchId}/classrooms`,
    success: (saved) => (classroomId ? withPromotions("Sala atualizada com sucesso", saved.promoted) : "Sala criada com sucesso"),
  });
}

export default function ClassroomFormDialog({ loaderData, params }: Route.ComponentProps) {
  const { classroom } = loaderData;
  const closeTo = `/branches/${params.id}/classrooms`;
  const [form, fields] = useDialogForm({
    id: classroom ? `classroom-${classroom.id}` : "classroom-new",
    schema: classroomFormSchema,
    defaultValue: { name: classroom?.name ?? "", capacity: classroom ? String(classroom.capacity) : "" },
  });
  return (
    <FormDialog
      form={form}
      title={classroom ? "Editar Sala" : "Adicionar Sala"}
      closeTo={closeTo}
      nested
      submit={classroom ? "update" : "create"}
    >
      <Field label="Nome" field={fields.name} required>
        <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Ex.: Sala 1" />
      </Field>
      <Field label="Capacidade (vagas por hora)" field={fields.capacity} required>
        <input {...getInputProps(fields.capacity, { type: "number" })} step="1" inputMode="numeric" className={inputClass} />
      </Field>
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.classroom ? "Editar Sala" : "Adicionar Sala" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
