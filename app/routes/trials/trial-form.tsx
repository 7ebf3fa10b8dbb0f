import { getInputProps, getSelectProps } from "@conform-to/react";
import { useRef } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/trial-form";
import { LinkButton } from "~/components/ui/button";
import { Field, inputClass, Options } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { isCalendarDate } from "~/domain/patterns";
import { placeOn, placeQuery, returnPlace, returnUrl, trialAnchorUrl } from "./+shared/calendar-screen";
import { listClassOptions, STAFF_TYPES } from "~/domain/classes/queries.server";
import { listUserOptions } from "~/domain/users/queries.server";
import { DEFAULT_ORIGIN, TRIAL_ORIGINS, TRIAL_STATUSES, trialFormSchema } from "~/domain/trials/schema";
import { createTrial, updateTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { formatPhone } from "~/lib/format";
import { PhoneInput } from "~/components/ui/masked-inputs";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

/** /trials/new?date=YYYY-MM-DD and /trials/:id/edit: the same dialog, create or edit. */
export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const actor = await screenActor(args, isStaff);
  const url = new URL(request.url);
  const trial = params.id ? await orRespond(getTrial(actor, params.id)) : null;
  const date = url.searchParams.get("date");
  const defaultDate = trial?.scheduledDate ?? (date && isCalendarDate(date) ? date : "");
  // What the select and the time suggestion need (the dialog's data travels to the browser).
  const classes = (await listClassOptions(trial?.classId)).map(({ id, label, firstStartTime }) => ({ id, label, firstStartTime }));
  // 'Responsável pelo lead': Team and Administrator users; a new trial's is who creates it.
  const owners = await listUserOptions(STAFF_TYPES);
  // The calendar's place to go back to (its view and day), scrolled to the trial when there is one.
  const place = returnPlace(url, defaultDate);
  return {
    trial,
    classes,
    owners,
    defaultOwnerId: trial ? (trial.ownerId ?? "") : actor.id,
    defaultDate,
    back: place ? placeQuery(place) : "",
    closeTo: trial && place ? trialAnchorUrl(place, trial.id) : returnUrl(place),
  };
}

export async function action(args: Route.ActionArgs) {
  const { params, request } = args;
  const editing = Boolean(params.id);
  const from = returnPlace(new URL(request.url));
  return dialogAction(args, {
    permission: isStaff,
    schema: trialFormSchema,
    save: async ({ status, ...fields }, { actor }) => {
      // A blank time (conform leaves it out) takes the class's first start time in the service.
      const input = { ...fields, scheduledTime: fields.scheduledTime ?? "" };
      if (params.id) return updateTrial(actor, params.id, status ? { ...input, status } : input);
      return createTrial(actor, input);
    },
    errorTitle: editing ? "Erro ao atualizar" : "Erro ao cadastrar",
    // The same view as before, moved to the trial's day, scrolled to it.
    redirectTo: (value, saved) =>
      trialAnchorUrl(placeOn(from ?? { view: "month", date: value.scheduledDate }, value.scheduledDate), saved.id),
    success: editing ? "Experimental atualizado" : "Experimental cadastrado",
  });
}

export default function TrialFormDialog({ loaderData }: Route.ComponentProps) {
  const { trial, classes, owners, defaultOwnerId, defaultDate, back, closeTo } = loaderData;
  const location = useLocation();
  const time = useRef<HTMLInputElement>(null);
  const [form, fields] = useDialogForm({
    id: trial ? `trial-${trial.id}` : `trial-new-${defaultDate}`,
    schema: trialFormSchema,
    defaultValue: {
      guardianName: trial?.guardianName ?? "",
      studentName: trial?.studentName ?? "",
      classId: trial?.classId ?? "",
      whatsappNumber: trial ? formatPhone(trial.whatsappNumber) : "",
      scheduledDate: defaultDate,
      scheduledTime: trial?.scheduledTime ?? "",
      origin: trial?.origin ?? DEFAULT_ORIGIN,
      status: trial?.status ?? "",
      ownerId: defaultOwnerId,
    },
  });

  return (
    <FormDialog
      form={form}
      title={trial ? "Editar Experimental" : "Novo Experimental"}
      description={trial ? "Atualize as informações do experimental" : "Cadastre uma nova aula experimental para um novo aluno"}
      closeTo={closeTo}
      size="lg"
      action={location.pathname + location.search}
      fieldsetClassName="grid gap-4 sm:grid-cols-2"
      submit={trial ? "update" : "register"}
      footerStart={
        trial ? (
          <>
            <LinkButton
              to={`/trials/${trial.id}/delete${back ? `?${back}` : ""}`}
              variant="ghost"
              className="text-red-800 sm:mr-auto"
              preventScrollReset
            >
              Excluir
            </LinkButton>
            {/* Any status may be enrolled from here; once enrolled, the same dialog shows the enrolment. */}
            <LinkButton to={`/trials/${trial.id}/enroll${back ? `?${back}` : ""}`} variant="secondary" preventScrollReset>
              {trial.enrollmentId ? "Matriculado" : "Matricular"}
            </LinkButton>
          </>
        ) : null
      }
    >
      <Field label="Nome do responsável" field={fields.guardianName} required>
        <input {...getInputProps(fields.guardianName, { type: "text" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="Nome da aluna" field={fields.studentName} required>
        <input {...getInputProps(fields.studentName, { type: "text" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="Turma" field={fields.classId} required className="sm:col-span-2">
        <select
          {...getSelectProps(fields.classId)}
          className={inputClass}
          onChange={(e) => {
            // Choosing a class suggests its first start time; the user may change it.
            const start = e.currentTarget.selectedOptions[0]?.dataset.startTime;
            if (start && time.current) time.current.value = start;
          }}
        >
          <option value="">Selecione a turma</option>
          {classes.map((c) => (
            <option key={c.id} value={c.id} data-start-time={c.firstStartTime ?? undefined}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="WhatsApp" field={fields.whatsappNumber} required>
        <PhoneInput {...getInputProps(fields.whatsappNumber, { type: "tel" })} inputMode="numeric" placeholder="(11) 98765-4321" />
      </Field>
      <Field label="Origem" field={fields.origin} required>
        <select {...getSelectProps(fields.origin)} className={inputClass}>
          <Options items={TRIAL_ORIGINS} />
        </select>
      </Field>
      <Field label="Data" field={fields.scheduledDate} required>
        <input {...getInputProps(fields.scheduledDate, { type: "date" })} className={inputClass} />
      </Field>
      <Field label="Horário" field={fields.scheduledTime} required hint={trial ? undefined : "Em branco, usa o primeiro horário da turma"}>
        <input {...getInputProps(fields.scheduledTime, { type: "time" })} ref={time} className={inputClass} />
      </Field>
      <Field label="Responsável pelo lead" field={fields.ownerId}>
        <select {...getSelectProps(fields.ownerId)} className={inputClass}>
          {trial && !trial.ownerId ? <option value="">Sem responsável</option> : null}
          <Options items={owners} />
        </select>
      </Field>
      {trial ? (
        <Field label="Status" field={fields.status} required>
          <select {...getSelectProps(fields.status)} className={inputClass}>
            <Options items={TRIAL_STATUSES} />
          </select>
        </Field>
      ) : null}
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.trial ? "Editar Experimental" : "Novo Experimental" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
