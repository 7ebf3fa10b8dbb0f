import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, useLocation } from "react-router";
import type { Route } from "./+types/guardian-new";
import { DialogError } from "~/components/route-error";
import { PlusIcon, TrashIcon } from "~/components/icons";
import { Button, LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { Field, FieldErrors, FormErrors, inputClass } from "~/components/ui/field";
import { SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { PersonFields } from "~/components/person-fields";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { DomainError } from "~/domain/errors";
import { guardianFormSchema } from "~/domain/guardians/schema";
import { createGuardian } from "~/domain/guardians/service.server";
import { replyInvalid, replyWithError, type FormActionData } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

const INTENT = "__intent__";

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, canManage);
  return null;
}

/**
 * Besides the final submit, this action receives conform's list intents
 * ("Adicionar Pessoa", "Remover") when JavaScript is off: it answers with the
 * updated form (nothing saved), so what was typed is kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context, canManage);
  const formData = await request.formData();
  let submission;
  try {
    followPrimaryOnRemove(formData);
    submission = parseWithZod(formData, { schema: guardianFormSchema });
  } catch {
    // A tampered intent (not JSON, unknown list...): a plain 400, not a 500.
    throw data("Requisição inválida", { status: 400 });
  }
  if (submission.status === undefined) return data<FormActionData>({ result: submission.reply() });
  if (submission.status !== "success") return replyInvalid(submission);
  const { formIndexes, ...input } = submission.value;
  try {
    await createGuardian(actorOf(user), input);
  } catch (error) {
    return replyWithError(submission, toFormPositions(error, formIndexes), "Erro ao cadastrar");
  }
  return redirectWithToast("/guardians", { title: "Sucesso", description: "Responsável cadastrado" });
}

export default function GuardianNew({ actionData }: Route.ComponentProps) {
  const location = useLocation();
  const closeTo = `/guardians${location.search}`;
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "guardian-new",
    lastResult: actionData?.result,
    defaultValue: { address: "", persons: [{}], primaryIndex: "0" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guardianFormSchema }),
  });
  const persons = fields.persons.getFieldList();
  // The radio group is controlled so that removing a person (client-side with JS)
  // moves the choice along with the list; without JS the action does the same.
  const [primary, setPrimary] = useState(() => Number(fields.primaryIndex.initialValue ?? 0) || 0);
  const primaryAt = primary < persons.length ? primary : 0;

  return (
    <RouteDialog title="Novo Responsável" description="Cadastre o endereço e as pessoas do responsável." closeTo={closeTo} size="xl">
      <Form method="post" {...getFormProps(form)} noValidate preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
          <Field label="Endereço" htmlFor={fields.address.id} errors={fields.address.errors} errorId={fields.address.errorId} required>
            <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} autoComplete="street-address" />
          </Field>

          <div className="space-y-3">
            <h3 className="text-base font-semibold">Pessoas</h3>
            <FieldErrors id={fields.persons.errorId} errors={fields.persons.errors} />
            {persons.map((person, index) => {
              const p = person.getFieldset();
              const label = `Pessoa ${index + 1}`;
              return (
                <fieldset key={person.key} className="rounded-md border border-slate-200 p-4">
                  <legend className="px-1 text-sm font-semibold">{label}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <PersonFields fields={p} />
                    <div className="flex items-end justify-between gap-2">
                      <label className="flex items-center gap-2 py-2 text-sm font-medium">
                        <input
                          type="radio"
                          name={fields.primaryIndex.name}
                          value={String(index)}
                          checked={primaryAt === index}
                          onChange={() => setPrimary(index)}
                          className="h-4 w-4 border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
                        />
                        Principal<span className="sr-only"> ({label})</span>
                      </label>
                      {persons.length > 1 ? (
                        <Button
                          {...form.remove.getButtonProps({ name: fields.persons.name, index })}
                          type="submit"
                          variant="ghost"
                          size="sm"
                          className="text-red-800"
                          onClick={() => setPrimary((current) => (current === index ? 0 : current > index ? current - 1 : current))}
                        >
                          <TrashIcon /> Remover<span className="sr-only"> {label}</span>
                        </Button>
                      ) : null}
                    </div>
                  </div>
                </fieldset>
              );
            })}
            {/* A submit button: without JS it posts the intent and the action re-renders the form. */}
            <Button {...form.insert.getButtonProps({ name: fields.persons.name, defaultValue: {} })} type="submit" variant="outline" size="sm">
              <PlusIcon /> Adicionar Pessoa
            </Button>
          </div>
        </fieldset>
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton pending={pending} label="Cadastrar" pendingLabel="Cadastrando..." />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Novo Responsável" }];
}

/** Without JS, removing a person posts a "remove" intent: the primary choice follows the list (§4). */
function followPrimaryOnRemove(formData: FormData) {
  const raw = formData.get(INTENT);
  if (typeof raw !== "string") return;
  const intent = JSON.parse(raw) as { type?: string; payload?: { name?: string; index?: number } };
  if (intent.type !== "remove" || intent.payload?.name !== "persons" || typeof intent.payload.index !== "number") return;
  const removed = intent.payload.index;
  const current = Number(formData.get("primaryIndex") ?? 0) || 0;
  const next = current === removed ? 0 : current > removed ? current - 1 : current;
  formData.set("primaryIndex", String(next));
}

/** The service numbers persons among the kept ones; the form shows them at their own positions. */
function toFormPositions(error: unknown, formIndexes: number[]): unknown {
  if (!(error instanceof DomainError) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const mapped = key.replace(/^persons\[(\d+)\]/, (whole, i: string) => {
      const at = formIndexes[Number(i)];
      return at === undefined ? whole : `persons[${at}]`;
    });
    errors[mapped] = messages;
  }
  return new DomainError(error.status, error.message, errors);
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
