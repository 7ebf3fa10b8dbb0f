import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { Route } from "./+types/person-edit";
import { DialogError } from "~/components/route-error";
import { LinkButton } from "~/components/ui/button";
import { DialogFooter, RouteDialog } from "~/components/ui/dialog";
import { FormErrors } from "~/components/ui/field";
import { SubmitButton, useIsSubmitting } from "~/components/ui/form-controls";
import { PersonFields } from "~/components/person-fields";
import { useActionToast } from "~/components/ui/toaster";
import { canManage } from "~/domain/actor";
import { guardianPersonFormSchema } from "~/domain/guardians/schema";
import { updateGuardianPerson } from "~/domain/guardians/service.server";
import { getPersonOfGuardian } from "~/domain/guardians/queries.server";
import { formatCpf, formatPhone } from "~/lib/format";
import { orRespond, replyInvalid, replyWithError } from "~/lib/forms.server";
import { actorOf, requirePermission } from "~/session.server";
import { redirectWithToast } from "~/toast.server";

/** /guardians/:id/persons/:personId/edit */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, canManage);
  return { person: await orRespond(getPersonOfGuardian(actorOf(user), params.id, params.personId)) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, canManage);
  await orRespond(getPersonOfGuardian(actorOf(user), params.id, params.personId));
  const submission = parseWithZod(await request.formData(), { schema: guardianPersonFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await updateGuardianPerson(actorOf(user), params.personId, submission.value);
  } catch (error) {
    return replyWithError(submission, error, "Erro ao atualizar");
  }
  const { search } = new URL(request.url);
  return redirectWithToast(`/guardians/${params.id}/persons${search}`, { title: "Sucesso", description: "Pessoa atualizada" });
}

export default function PersonEdit({ loaderData, actionData, params }: Route.ComponentProps) {
  const { person } = loaderData;
  const location = useLocation();
  const closeTo = `/guardians/${params.id}/persons${location.search}`;
  const pending = useIsSubmitting(location.pathname);
  useActionToast(actionData?.toast);
  const [form, fields] = useForm({
    id: `person-${person.id}`,
    lastResult: actionData?.result,
    defaultValue: {
      fullName: person.fullName,
      cpf: formatCpf(person.cpf, ""),
      email: person.email,
      birthDate: person.birthDate ?? "",
      phone: formatPhone(person.phone),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guardianPersonFormSchema }),
  });
  const primaryId = `${form.id}-isPrimary`;
  return (
    <RouteDialog title="Editar Pessoa" closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} noValidate preventScrollReset className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={pending} className="space-y-4">
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
        </fieldset>
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton pending={pending} label="Atualizar" pendingLabel="Atualizando..." />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

export function meta(_: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: "Editar Pessoa" }];
}

/** A stale or forbidden link: the dialog says why, over its list. */
export function ErrorBoundary() {
  return <DialogError />;
}
