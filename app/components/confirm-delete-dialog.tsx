import { Form } from "react-router";
import { RouteDialog, DialogFooter } from "./ui/dialog";
import { LinkButton } from "./ui/button";
import { FormErrors } from "./ui/field";
import { SubmitButton, useIsSubmitting } from "./ui/form-controls";

/**
 * The delete confirmation (§2, §8): 'Confirmar exclusão', the entity's sentence,
 * Cancelar + the confirm button. It posts to its own URL and redirects back.
 */
export function ConfirmDeleteDialog({
  text,
  closeTo,
  action,
  confirmLabel = "Excluir",
  pendingLabel = "Excluindo...",
  errors,
  nested,
}: {
  text: string;
  closeTo: string;
  action: string;
  confirmLabel?: string;
  pendingLabel?: string;
  errors?: string[];
  /** Opened over another route dialog (see RouteDialog). */
  nested?: boolean;
}) {
  const pending = useIsSubmitting(action);
  return (
    <RouteDialog title="Confirmar exclusão" description={text} closeTo={closeTo} size="sm" role="alertdialog" nested={nested}>
      <Form method="post" action={action} preventScrollReset>
        <FormErrors errors={errors} />
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            Cancelar
          </LinkButton>
          <SubmitButton pending={pending} label={confirmLabel} pendingLabel={pendingLabel} variant="destructive" />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}
