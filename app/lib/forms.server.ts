import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { DomainError } from "~/domain/errors";
import { redirectWithToast } from "~/toast.server";
import type { Toast } from "./toast";

type Replyable = { reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]> };

export interface FormActionData {
  result: SubmissionResult<string[]>;
  toast?: Omit<Toast, "id"> & { id: string };
}

/**
 * Turns a domain error thrown by a service into the form's answer: field errors
 * next to their fields (values kept), other messages above the form, and a
 * destructive toast titled as SPEC §8 asks. Unexpected errors are rethrown.
 */
export function replyWithError(
  submission: Replyable,
  error: unknown,
  toastTitle: string,
  options: { hideFields?: string[]; fallbackMessage?: string } = {},
) {
  if (!(error instanceof DomainError)) throw error;
  const message = error.message || options.fallbackMessage || toastTitle;
  const result = error.errors
    ? submission.reply({ fieldErrors: error.errors, hideFields: options.hideFields })
    : submission.reply({ formErrors: [message], hideFields: options.hideFields });
  return data<FormActionData>(
    { result, toast: { id: crypto.randomUUID(), title: toastTitle, description: message, variant: "destructive" } },
    { status: error.status },
  );
}

/** A 400 with the schema's field errors (values kept). */
export function replyInvalid(submission: Replyable, options: { hideFields?: string[] } = {}) {
  return data<FormActionData>({ result: submission.reply({ hideFields: options.hideFields }) }, { status: 400 });
}

/**
 * The action of a create-or-edit dialog: the posted form is checked with the
 * schema (a 400 with the fields' messages, values kept), `save` hands the value
 * to the service (its domain errors become the form's answer and a toast titled
 * `errorTitle`), and a success goes back to `redirectTo` with 'Sucesso' and
 * `success` (Post/Redirect/Get).
 */
export async function saveDialogForm<Schema extends z.ZodType>(
  formData: FormData,
  options: {
    schema: Schema;
    save: (value: z.output<Schema>) => Promise<unknown>;
    errorTitle: string;
    redirectTo: string;
    success: string;
  },
) {
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await options.save(submission.value as z.output<Schema>);
  } catch (error) {
    return replyWithError(submission, error, options.errorTitle);
  }
  return redirectWithToast(options.redirectTo, { title: "Sucesso", description: options.success });
}

/**
 * For loaders and actions of screens: a domain error (404 unknown id, 403 not
 * allowed...) becomes an error response rendered by the error boundary.
 */
export async function orRespond<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  try {
    return await (typeof work === "function" ? work() : work);
  } catch (error) {
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** A delete that the service refused (409 still referenced, 404...): the message in the dialog and a toast. */
export function deleteFailed(error: unknown, toastTitle: string) {
  if (!(error instanceof DomainError)) throw error;
  return data(
    {
      errors: [error.message],
      toast: { id: crypto.randomUUID(), title: toastTitle, description: error.message, variant: "destructive" as const },
    },
    { status: error.status },
  );
}
