import { useLocation } from "react-router";
import type { Route } from "./+types/person-edit";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { PersonFields } from "~/components/person-fields";
import { isAdmin } from "~/domain/access/roles";
import { guardianPersonFormSchema } from "~/domain/guardians/schema";
import { updateGuardianPerson } from "~/domain/guardians/service.server";
import { getPersonOfGuardian } from "~/domain/guardians/queries.server";
import { formatCpf, formatPhone } from "~/lib/format";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";

/** /guardians/:id/persons/:personId/edit */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  return { person: await orRespond(getPersonOfGuardian(actor, args.params.id, args.params.personId)) };
}

export async function action(args: Route.ActionArgs) {
  const { id, personId } = args.params;
  return dialogAction(args, {
    permission: isAdmin,
    load: (actor) => getPersonOfGuardian(actor, id, personId),
    schema: guardianPersonFormSchema,
    save: (value, { actor }) => updateGuardianPerson(actor, personId, value),
    errorTitle: "Erro ao atualizar",
    redirectTo: `/guardians/${id}/persons${new URL(args.request.url).search}`,
    success: "Pessoa atualizada",
  });
}

export default function PersonEdit({ loaderData, params }: Route.ComponentProps) {
  const { person } = loaderData;
  const location = useLocation();
  const closeTo = `/guardians/${params.id}/persons${location.search}`;
  const [form, fields] = useDialogForm({
    id: `person-${person.id}`,
    schema: guardianPersonFormSchema,
    defaultValue: {
      fullName: person.fullName,
      cpf: formatCpf(person.cpf, ""),
      email: person.email,
      birthDate: person.birthDate ?? "",
      phone: formatPhone(person.phone),
    },
  });
  const primaryId = `${form.id}-isPrimary`;
  return (
    <FormDialog form={form} title="Editar Pessoa" closeTo={closeTo} noValidate submit="update">
      <PersonFields fields={fields} />
      <div>
        <div className="flex items-center gap-2">
          {/* Only ever marks: the primary stays primary until another person is marked (§4). */}
          <input
            type="checkbox"
            id={primaryId}
            name={fields.isPrimary.name}
            value="on"
            defaultChecked={person.isPrimary}
            disabled={person.isPrimary}
            aria-describedby={`${primaryId}-hint`}
            className="h-4 w-4 rounded border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
          />
          <label htmlFor={primaryId} className="text-sm font-medium text-slate-900">
            Principal
          </label>
        </div>
        <p id={`${primaryId}-hint`} className="mt-1 text-xs text-slate-600">
          {person.isPrimary
            ? "Esta é a pessoa principal. Para trocar, marque outra pessoa como principal."
            : "Marcar esta pessoa como principal desmarca a atual."}
        </p>
      </div>
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Editar Pessoa" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
