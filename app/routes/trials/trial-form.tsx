import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef } from "react";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/trial-form";
import { DialogError } from "~/components/route-error";
import { LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { useActionToast } from "~/components/ui/toaster";
import { canManageTrials } from "~/domain/actor";
import { isCalendarDate } from "~/domain/trials/calendar";
import { returnMonth, trialsUrl } from "./calendar-screen";
import { listClassOptions } from "~/domain/classes/queries.server";
import { DEFAULT_ORIGIN, TRIAL_ORIGINS, TRIAL_STATUSES, trialFormSchema } from "~/domain/trials/schema";
import { createTrial, updateTrial } from "~/domain/trials/service.server";
import { getTrial } from "~/domain/trials/queries.server";
import { formatPhone } from "~/lib/format";
import { PhoneInput } from "~/components/ui/masked-inputs";
import { orRespond, replyInvalid, replyWithError } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

/** /trials/new?date=YYYY-MM-DD and /trials/:id/edit: the same dialog, create or edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManageTrials);
  const url = new URL(request.url);
  const trial = params.id ? await orRespond(getTrial(actorOf(user), params.id)) : null;
  const date = url.searchParams.get("date");
  const defaultDate = trial?.scheduledDate ?? (date && isCalendarDate(date) ? date : "");
  const classes = await listClassOptions(trial?.classId);
  const month = returnMonth(url, defaultDate);
  return { trial, classes, defaultDate, month, closeTo: trialsUrl(month) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManageTrials);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: trialFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const editing = Boolean(params.id);
  const errorTitle = editing ? "Erro ao atualizar" : "Erro ao cadastrar";
  const { status, ...fields } = submission.value;
  try {
    // A blank time (conform leaves it out) takes the class's first start time in the service.
    const input = { ...fields, scheduledTime: fields.scheduledTime ?? "" };
    if (params.id) await updateTrial(actorOf(user), params.id, status ? { ...input, status } : input);
    else await createTrial(actorOf(user), input);
  } catch (error) {
    return replyWithError(submission, error, errorTitle);
  }
  return redirectWithToast(trialsUrl(fields.scheduledDate.slice(0, 7)), {
    title: "Sucesso",
    description: editing ? "Experimental atualizado" : "Experimental cadastrado",
  });
}

export default function TrialFormDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { trial, classes, defaultDate, month, closeTo } = loaderData;
  const location = useLocation();
  const pending = useIsSubmitting(location.pathname);
  const time = useRef<HTMLInputElement>(null);
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: trial ? `trial-${trial.id}` : `trial-new-${defaultDate}`,
    lastResult: actionData?.result,
    defaultValue: {
      guardianName: trial?.guardianName ?? "",
      studentName: trial?.studentName ?? "",
      classId: trial?.classId ?? "",
      whatsappNumber: trial ? formatPhone(trial.whatsappNumber) : "",
      scheduledDate: defaultDate,
      scheduledTime: trial?.scheduledTime ?? "",
      origin: trial?.origin ?? DEFAULT_ORIGIN,
      status: trial?.status ?? "",
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trialFormSchema }),
  });

  return (
    <RouteDialog
      title={trial ? "Editar Experimental" : "Novo Experimental"}
      description={trial ? "Atualize as informações do experimental" : "Cadastre uma nova aula experimental para um novo aluno"}
      closeTo={closeTo}
      size="lg"
    >
      <Form method="post" {...getFormProps(form)} action={location.pathname + location.search} preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
          <Field label="Nome do responsável" htmlFor={fields.guardianName.id} errors={fields.guardianName.errors} errorId={fields.guardianName.errorId} required>
            <input {...getInputProps(fields.guardianName, { type: "text" })} className={inputClass} autoComplete="off" />
          </Field>
          <Field label="Nome da aluna" htmlFor={fields.studentName.id} errors={fields.studentName.errors} errorId={fields.studentName.errorId} required>
            <input {...getInputProps(fields.studentName, { type: "text" })} className={inputClass} autoComplete="off" />
          </Field>
          <Field label="Turma" htmlFor={fields.classId.id} errors={fields.classId.errors} errorId={fields.classId.errorId} required className="sm:col-span-2">
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
          <Field
            label="WhatsApp"
            htmlFor={fields.whatsappNumber.id}
            errors={fields.whatsappNumber.errors}
            errorId={fields.whatsappNumber.errorId}
            required
          >
            <PhoneInput {...getInputProps(fields.whatsappNumber, { type: "tel" })} inputMode="numeric" placeholder="(11) 98765-4321" />
          </Field>
          <Field label="Origem" htmlFor={fields.origin.id} errors={fields.origin.errors} errorId={fields.origin.errorId} required>
            <select {...getSelectProps(fields.origin)} className={inputClass}>
              {TRIAL_ORIGINS.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Data" htmlFor={fields.scheduledDate.id} errors={fields.scheduledDate.errors} errorId={fields.scheduledDate.errorId} required>
            <input {...getInputProps(fields.scheduledDate, { type: "date" })} className={inputClass} />
          </Field>
          <Field
            label="Horário"
            htmlFor={fields.scheduledTime.id}
            errors={fields.scheduledTime.errors}
            errorId={fields.scheduledTime.errorId}
            required
            hint={trial ? undefined : "Em branco, usa o primeiro horário da turma"}
          >
            <input {...getInputProps(fields.scheduledTime, { type: "time" })} ref={time} className={inputClass} />
          </Field>
          {trial ? (
            <Field label="Status" htmlFor={fields.status.id} errors={fields.status.errors} errorId={fields.status.errorId} required>
              <select {...getSelectProps(fields.status)} className={inputClass}>
                {TRIAL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </fieldset>
        <DialogFooter>
          {trial ? (
            <LinkButton
              to={`/trials/${trial.id}/delete${month ? `?month=${month}` : ""}`}
              variant="ghost"
              className="text-red-800 sm:mr-auto"
              preventScrollReset
            >
              Excluir
            </LinkButton>
          ) : null}
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={trial ? "Atualizar" : "Cadastrar"}
            pendingLabel={trial ? "Atualizando..." : "Cadastrando..."}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.trial ? "Editar Experimental" : "Novo Experimental" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
