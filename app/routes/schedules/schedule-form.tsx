import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/schedule-form";
import { DialogError } from "~/components/route-error";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { LinkButton } from "~/components/ui/button";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { DEFAULT_WEEKDAY, scheduleFormSchema, WEEKDAYS } from "~/domain/schedules/schema";
import { createSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { getClassroomSchedule } from "~/domain/schedules/queries.server";
import { orRespond, saveDialogForm } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";

/** …/classrooms/:classroomId/schedules/new and …/schedules/:scheduleId/edit, over the classrooms dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  const actor = actorOf(user);
  const classroom = await orRespond(getBranchClassroom(actor, params.id, params.classroomId));
  const schedule = params.scheduleId ? await orRespond(getClassroomSchedule(actor, classroom.id, params.scheduleId)) : null;
  return {
    classroom: { id: classroom.id, name: classroom.name },
    schedule: schedule
      ? { id: schedule.id, dayOfWeek: schedule.dayOfWeek, startTime: schedule.startTime, endTime: schedule.endTime }
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = actorOf(await requirePermission(request, canManage));
  const { id: branchId, classroomId, scheduleId } = params;
  return saveDialogForm(await request.formData(), {
    schema: scheduleFormSchema,
    save: async (value) => {
      await getBranchClassroom(actor, branchId, classroomId);
      if (!scheduleId) return createSchedule(actor, { ...value, classroomId });
      await getClassroomSchedule(actor, classroomId, scheduleId);
      return updateSchedule(actor, scheduleId, value);
    },
    errorTitle: scheduleId ? "Erro ao atualizar horário" : "Erro ao criar horário",
    redirectTo: `/branches/${branchId}/classrooms`,
    success: scheduleId ? "Horário atualizado com sucesso" : "Horário criado com sucesso",
  });
}

export default function ScheduleFormDialog({ loaderData, actionData, params }: Route.ComponentProps) {
  const { classroom, schedule } = loaderData;
  const location = useLocation();
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const closeTo = `/branches/${params.id}/classrooms`;
  const [form, fields] = useForm({
    id: schedule ? `schedule-${schedule.id}` : `schedule-new-${classroom.id}`,
    lastResult: actionData?.result,
    defaultValue: {
      dayOfWeek: schedule?.dayOfWeek ?? DEFAULT_WEEKDAY,
      startTime: schedule?.startTime ?? "",
      endTime: schedule?.endTime ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleFormSchema }),
  });
  return (
    <RouteDialog
      title={schedule ? "Editar Horário" : "Adicionar Horário"}
      description={`Sala: ${classroom.name}`}
      closeTo={closeTo}
      nested
    >
      <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
          <Field
            label="Dia da semana"
            htmlFor={fields.dayOfWeek.id}
            errors={fields.dayOfWeek.errors}
            errorId={fields.dayOfWeek.errorId}
            required
          >
            <select {...getSelectProps(fields.dayOfWeek)} className={inputClass}>
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Horário inicial"
              htmlFor={fields.startTime.id}
              errors={fields.startTime.errors}
              errorId={fields.startTime.errorId}
              required
            >
              <input {...getInputProps(fields.startTime, { type: "time" })} className={inputClass} />
            </Field>
            <Field
              label="Horário final"
              htmlFor={fields.endTime.id}
              errors={fields.endTime.errors}
              errorId={fields.endTime.errorId}
              required
            >
              <input {...getInputProps(fields.endTime, { type: "time" })} className={inputClass} />
            </Field>
          </div>
        </fieldset>
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={schedule ? "Atualizar" : "Criar"}
            pendingLabel={schedule ? "Atualizando..." : "Criando..."}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.schedule ? "Editar Horário" : "Adicionar Horário" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
