import { getSelectProps, getTextareaProps } from "@conform-to/react";
import type { Route } from "./+types/trial-lose";
import { Field, inputClass, Options } from "~/components/ui/field";
import { useDialogForm } from "~/components/ui/form-dialog";
import { LOST_REASONS, trialLoseSchema } from "~/domain/trials/schema";
import { loseTrial } from "~/domain/trials/service.server";
import { TrialDialog } from "./+shared/trial-dialog";
import { loadTrialDialog, trialDialogAction } from "./+shared/trial-dialog.server";

/** /trials/:id/lose: 'Marcar como perdido', with one of the reasons and an optional note. */
export async function loader(args: Route.LoaderArgs) {
  const { trial, closeTo } = await loadTrialDialog(args);
  return { trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName }, closeTo };
}

export async function action(args: Route.ActionArgs) {
  return trialDialogAction(args, {
    schema: trialLoseSchema,
    save: (value, actor, trial) => loseTrial(actor, trial.id, value),
    errorTitle: "Erro ao marcar como perdido",
    success: "Experimental marcado como perdido",
  });
}

export default function TrialLose({ loaderData }: Route.ComponentProps) {
  const { trial, closeTo } = loaderData;
  const [form, fields] = useDialogForm({
    id: `trial-lose-${trial.id}`,
    schema: trialLoseSchema,
    defaultValue: { lostReason: "", note: "" },
  });
  return (
    <TrialDialog form={form} trial={trial} title="Marcar como perdido" closeTo={closeTo} submit="lose" destructive noValidate>
      <Field label="Motivo da perda" field={fields.lostReason} required>
        <select {...getSelectProps(fields.lostReason)} className={inputClass}>
          <option value="">Selecione o motivo</option>
          <Options items={LOST_REASONS} />
        </select>
      </Field>
      <Field label="Observação" field={fields.note}>
        <textarea {...getTextareaProps(fields.note)} className={inputClass} rows={3} maxLength={500} />
      </Field>
    </TrialDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Marcar como perdido" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
