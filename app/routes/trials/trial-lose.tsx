import { getSelectProps, getTextareaProps } from "@conform-to/react";
import { useLocation } from "react-router";
import type { Route } from "./+types/trial-lose";
import { Field, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { LOST_REASONS, trialLoseSchema } from "~/domain/trials/schema";
import { loseTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { placeQuery, trialReturnPlace } from "./+shared/calendar-screen";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

/** The trial's view (its history dialog), keeping the calendar's place. */
const viewUrl = (id: string, back: string) => `/trials/${id}/history?${back}`;

/** /trials/:id/lose: 'Marcar como perdido', with one of the reasons and an optional note. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const trial = await orRespond(getTrial(actor, args.params.id));
  const back = placeQuery(trialReturnPlace(new URL(args.request.url), trial.scheduledDate));
  return { trial: { id: trial.id, studentName: trial.studentName, guardianName: trial.guardianName }, closeTo: viewUrl(trial.id, back) };
}

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  const url = new URL(args.request.url);
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => getTrial(actor, id),
    schema: trialLoseSchema,
    save: (value, { actor }) => loseTrial(actor, id, value),
    errorTitle: "Erro ao marcar como perdido",
    redirectTo: (_value, trial) => viewUrl(trial.id, placeQuery(trialReturnPlace(url, trial.scheduledDate))),
    success: "Experimental marcado como perdido",
  });
}

export default function TrialLose({ loaderData }: Route.ComponentProps) {
  const { trial, closeTo } = loaderData;
  const location = useLocation();
  const [form, fields] = useDialogForm({
    id: `trial-lose-${trial.id}`,
    schema: trialLoseSchema,
    defaultValue: { lostReason: "", note: "" },
  });
  return (
    <FormDialog
      form={form}
      title="Marcar como perdido"
      description={`${trial.studentName} (${trial.guardianName})`}
      closeTo={closeTo}
      size="sm"
      action={location.pathname + location.search}
      submit="lose"
      destructive
      noValidate
    >
      <Field label="Motivo da perda" field={fields.lostReason} required>
        <select {...getSelectProps(fields.lostReason)} className={inputClass}>
          <option value="">Selecione o motivo</option>
          {LOST_REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Observação" field={fields.note}>
        <textarea {...getTextareaProps(fields.note)} className={inputClass} rows={3} maxLength={500} />
      </Field>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Marcar como perdido" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
