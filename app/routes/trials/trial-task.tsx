import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { Route } from "./+types/trial-task";
import { Field, inputClass, Options } from "~/components/ui/field";
import { useDialogForm } from "~/components/ui/form-dialog";
import { nextWorkingDay, today } from "~/domain/calendar/dates";
import { STAFF_TYPES } from "~/domain/classes/queries.server";
import { listUserOptions } from "~/domain/users/queries.server";
import { taskFormSchema } from "~/domain/tasks/schema";
import { createTask } from "~/domain/trials/service.server";
import { TrialDialog } from "./+shared/trial-dialog";
import { loadTrialDialog, trialDialogAction, trialViewUrl } from "./+shared/trial-dialog.server";

/** /trials/:id/tasks/new: 'Nova tarefa' on a trial (owner: the trial's, by default). */
export async function loader(args: Route.LoaderArgs) {
  const { actor, trial, closeTo } = await loadTrialDialog(args);
  return {
    trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName },
    owners: await listUserOptions(STAFF_TYPES),
    defaultOwnerId: trial.ownerId ?? actor.id,
    defaultDue: nextWorkingDay(today()),
    closeTo,
  };
}

export async function action(args: Route.ActionArgs) {
  return trialDialogAction(args, {
    schema: taskFormSchema,
    save: (value, actor, trial) => createTask(actor, { ...value, trialId: trial.id }),
    errorTitle: "Erro ao criar tarefa",
    redirectTo: trialViewUrl(args.params.id, new URL(args.request.url).search.slice(1)),
    success: "Tarefa criada",
  });
}

export default function TrialTask({ loaderData }: Route.ComponentProps) {
  const { trial, owners, defaultOwnerId, defaultDue, closeTo } = loaderData;
  const [form, fields] = useDialogForm({
    id: `trial-task-${trial.id}`,
    schema: taskFormSchema,
    defaultValue: { dueAt: defaultDue, note: "", ownerId: defaultOwnerId },
  });
  return (
    <TrialDialog form={form} trial={trial} title="Nova tarefa" closeTo={closeTo} submit="create">
      <Field label="Data" field={fields.dueAt} required>
        <input {...getInputProps(fields.dueAt, { type: "date" })} className={inputClass} />
      </Field>
      <Field label="Responsável" field={fields.ownerId}>
        <select {...getSelectProps(fields.ownerId)} className={inputClass}>
          <Options items={owners} />
        </select>
      </Field>
      <Field label="Anotação" field={fields.note}>
        <textarea {...getTextareaProps(fields.note)} className={inputClass} rows={3} maxLength={500} />
      </Field>
    </TrialDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Nova tarefa" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
