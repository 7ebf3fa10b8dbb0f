import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { useLocation } from "react-router";
import type { Route } from "./+types/guardian-new";
import { PlusIcon, TrashIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, inputClass } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { PersonFields } from "~/components/person-fields";
import { isAdmin } from "~/domain/access/roles";
import { DomainError } from "~/domain/errors";
import { guardianFormSchema } from "~/domain/guardians/schema";
import { createGuardian } from "~/domain/guardians/service.server";
import { dialogAction, screenActor } from "~/server/forms.server";

const INTENT = "__intent__";

export async function loader(args: Route.LoaderArgs) {
  await screenActor(args, isAdmin);
  return null;
}

/**
 * Besides the final submit, this action receives conform's list intents
 * ("Adicionar Pessoa", "Remover") when JavaScript is off: it answers with the
 * updated form (nothing saved), so what was typed is kept.
 */
export async function action(args: Route.ActionArgs) {
  return dialogAction(args, {
    permission: isAdmin,
    prepare: followPrimaryOnRemove,
    schema: guardianFormSchema,
    save: async ({ formIndexes, ...input }, { actor }) => {
      try {
        await createGuardian(actor, input);
      } catch (error) {
        throw toFormPositions(error, formIndexes);
      }
    },
    errorTitle: "Erro ao cadastrar",
    redirectTo: "/guardians",
    success: "Responsável cadastrado",
  });
}

export default function GuardianNew() {
  const location = useLocation();
  const closeTo = `/guardians${location.search}`;
  const [form, fields] = useDialogForm({
    id: "guardian-new",
    schema: guardianFormSchema,
    defaultValue: { address: "", persons: [{}], primaryIndex: "0" },
  });
  const persons = fields.persons.getFieldList();
  // The radio group is controlled so that removing a person (client-side with JS)
  // moves the choice along with the list; without JS the action does the same.
  const [primary, setPrimary] = useState(() => Number(fields.primaryIndex.initialValue ?? 0) || 0);
  const primaryAt = primary < persons.length ? primary : 0;

  return (
    <FormDialog
      form={form}
      title="Novo Responsável"
      description="Cadastre o endereço e as pessoas do responsável."
      closeTo={closeTo}
      size="xl"
      noValidate
      submit="register"
    >
      <Field label="Endereço" field={fields.address} required>
        <input {...getInputProps(fields.address, { type: "text" })} className={inputClass} autoComplete="street-address" />
      </Field>

      <div className="space-y-3">
        {/* The error summary's link for the persons as a whole leads to this heading. */}
        <h3
          id={fields.persons.id}
          tabIndex={-1}
          className="text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          Pessoas
        </h3>
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
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
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

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
