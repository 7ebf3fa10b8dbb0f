import { getInputProps, getSelectProps } from "@conform-to/react";
import type { Route } from "./+types/schedule-form";
import { Field, inputClass, Options } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { getBranchClassroom } from "~/domain/classrooms/queries.server";
import { DEFAULT_WEEKDAY, scheduleFormSchema, WEEKDAYS } from "~/domain/schedules/schema";
import { createSchedule, updateSchedule } from "~/domain/schedules/service.server";
import { getClassroomSchedule } from "~/domain/schedules/queries.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

/** …/classrooms/:classroomId/schedules/new and …/schedules/:scheduleId/edit, over the classrooms dialog. */
export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const actor = await screenActor(args, isAdmin);
  const classroom = await orRespond(getBranchClassroom(actor, params.id, params.classroomId));
  const schedule = params.scheduleId ? await orRespond(getClassroomSchedule(actor, classroom.id, params.scheduleId)) : null;
  return {
    classroom: { id: classroom.id, name: classroom.name },
    schedule: schedule
      ? { id: schedule.id, dayOfWeek: schedule.dayOfWeek, startTime: schedule.startTime, endTime: schedule.endTime }
      : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { id: branchId, classroomId, scheduleId } = args.params;
  return dialogAction(args, {
    permission: isAdmin,
    schema: scheduleFormSchema,
    save: async (value, { actor }) => {
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

export default function ScheduleFormDialog({ loaderData, params }: Route.ComponentProps) {
  const { classroom, schedule } = loaderData;
  const closeTo = `/branches/${params.id}/classrooms`;
  const [form, fields] = useDialogForm({
    id: schedule ? `schedule-${schedule.id}` : `schedule-new-${classroom.id}`,
    schema: scheduleFormSchema,
    defaultValue: {
      dayOfWeek: schedule?.dayOfWeek ?? DEFAULT_WEEKDAY,
      startTime: schedule?.startTime ?? "",
      endTime: schedule?.endTime ?? "",
    },
  });
  return (
    <FormDialog
      form={form}
      title={schedule ? "Editar Horário" : "Adicionar Horário"}
      description={`Sala: ${classroom.name}`}
      closeTo={closeTo}
      nested
      submit={schedule ? "update" : "create"}
    >
      <Field label="Dia da semana" field={fields.dayOfWeek} required>
        <select {...getSelectProps(fields.dayOfWeek)} className={inputClass}>
          <Options items={WEEKDAYS} />
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Horário inicial" field={fields.startTime} required>
          <input {...getInputProps(fields.startTime, { type: "time" })} className={inputClass} />
        </Field>
        <Field label="Horário final" field={fields.endTime} required>
          <input {...getInputProps(fields.endTime, { type: "time" })} className={inputClass} />
        </Field>
      </div>
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.schedule ? "Editar Horário" : "Adicionar Horário" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
