import { Form, useActionData, useLoaderData } from "react-router";
import type { DeleteDialogData } from "~/server/forms.server";
import { RouteDialog, DialogFooter } from "./ui/dialog";
import { LinkButton } from "./ui/button";
import { FormErrors } from "./ui/field";
import { SubmitButton, useIsSubmitting } from "./ui/form-controls";

/**
 * The delete confirmation (§2, §8): 'Confirmar exclusão', the entity's sentence,
 * Cancelar + the confirm button. It posts to its own URL and redirects back.
 */
export function ConfirmDeleteDialog({
  title = "Confirmar exclusão",
  cancelLabel = "Cancelar",
  text,
  closeTo,
  action,
  confirmLabel = "Excluir",
  pendingLabel = "Excluindo...",
  errors,
  nested,
}: {
  /** The dialog's title (a cancellation that is not a deletion says so). */
  title?: string;
  /** The words of the link that closes it without doing anything. */
  cancelLabel?: string;
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
    <RouteDialog title={title} description={text} closeTo={closeTo} size="sm" role="alertdialog" nested={nested}>
      <Form method="post" action={action} preventScrollReset>
        <FormErrors errors={errors} />
        <DialogFooter>
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            {cancelLabel}
          </LinkButton>
          <SubmitButton pending={pending} label={confirmLabel} pendingLabel={pendingLabel} variant="destructive" />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}

/**
 * The view of a delete dialog route: its loader (where 'Cancelar' goes, where
 * the form posts, the sentence) and its action (a refusal comes back as
 * `errors`) come from one spec in app/server/forms.server.ts. Only the strings
 * differ per entity, and the standard ones follow from the record's name:
 *
 *   const dialog = deleteRecordDialog({ permission, find, remove, back, ...deletionWords("esta unidade") });
 *   export const loader = dialog.loader;
 *   export const action = dialog.action;
 *   export { DeleteDialog as default, meta, ErrorBoundary } from "~/components/confirm-delete-dialog";
 *
 * A sentence that names the record (a make-up's day) is the view's `text`.
 */
export function DeleteDialog({
  text,
  title,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  nested,
}: {
  text?: string;
  title?: string;
  cancelLabel?: string;
  confirmLabel?: string;
  pendingLabel?: string;
  nested?: boolean;
}) {
  const dialog = useLoaderData() as DeleteDialogData;
  const refused = useActionData() as { errors?: string[] } | undefined;
  return (
    <ConfirmDeleteDialog
      title={title}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      nested={nested}
      text={text ?? dialog.text ?? ""}
      closeTo={dialog.closeTo}
      action={dialog.action}
      errors={refused?.errors}
    />
  );
}

export function meta() {
  return [{ title: "Confirmar exclusão" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "./route-error";
