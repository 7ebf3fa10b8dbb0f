import type { RequestContext } from "~/server/request-context.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { Actor } from "~/domain/access/roles";
import { DomainError } from "~/domain/errors";
import { actorOf, requirePermission } from "~/server/session.server";
import { dataWithToast, redirectWithToast } from "~/server/toast.server";
import type { Toast } from "../lib/toast";

type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

export interface FormActionData {
  result: SubmissionResult<string[]>;
  toast?: Toast;
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
  return dataWithToast({ result }, { title: toastTitle, description: message, variant: "destructive" }, { status: error.status });
}

/** A 400 with the schema's field errors (values kept). */
export function replyInvalid(submission: Replyable, options: { hideFields?: string[] } = {}) {
  return data<FormActionData>({ result: submission.reply({ hideFields: options.hideFields }) }, { status: 400 });
}

/** What a screen's loader or action receives (React Router's args); helpers take it whole. */
export interface ScreenArgs {
  request: Request;
  params: Record<string, string | undefined>;
  context: RequestContext;
}

/** The screens' guard: the signed-in user holding `permission` (`isStaff`, `isAdmin`...), as the services' Actor; a redirect to /auth or a 403 page otherwise (the domain asserts the same with `assertStaff`/`assertAdmin`). */
export async function screenActor(args: ScreenArgs, permission: (actor: Actor) => boolean): Promise<Actor> {
  return actorOf(requirePermission(args.context, permission));
}

/** What the steps of a dialog's action get: the actor, what `load` found, the posted form. */
export interface DialogContext<Loaded> {
  actor: Actor;
  loaded: Loaded;
  formData: FormData;
}

/** A malformed post (a tampered list intent...): a plain 400, never a 500. */
const BAD_REQUEST = "Requisição inválida";

/**
 * The action of a create-or-edit dialog, in this order:
 * 1. `permission` (redirect to /auth, 403), then `load` (the record being edited:
 *    a domain error becomes the dialog's error response, 404 …);
 * 2. the form is read (`readForm`, default `request.formData()`; a domain error
 *    it throws is answered like a refused save);
 * 3. a button `name="intent"` with a value of `intents` answers that handler's
 *    data (e.g. `refresh`: the dialog again for the chosen branch, saving
 *    nothing), and conform's list intents without JavaScript ('Adicionar Pessoa',
 *    'Remover': `prepare` may adjust the form first) answer the updated form;
 * 4. the schema checks the form (a 400 with the fields' messages, values kept);
 * 5. `save` hands the value to the service; a domain error becomes the form's
 *    answer with a toast titled `errorTitle`;
 * 6. success goes back to `redirectTo` with 'Sucesso' and `success` (Post/Redirect/Get).
 * Every answer that is not a redirect also carries `extra` (e.g. the options of
 * dependent selects for the values posted).
 */
export async function dialogAction<Schema extends z.ZodType, Loaded = null, Extra extends object = object>(
  args: ScreenArgs,
  options: {
    permission: (actor: Actor) => boolean;
    load?: (actor: Actor) => Promise<Loaded>;
    readForm?: (request: Request) => Promise<FormData>;
    /** Answers that save nothing; they carry the same data as `extra`. */
    intents?: Record<string, (context: DialogContext<Loaded>) => Promise<Extra>>;
    prepare?: (formData: FormData) => void;
    schema: Schema;
    save: (value: z.output<Schema>, context: DialogContext<Loaded>) => Promise<unknown>;
    extra?: (context: DialogContext<Loaded>) => Promise<Extra>;
    errorTitle: string;
    /** Never sent back to the browser (a password typed, a file posted). */
    hideFields?: string[];
    /** Where success goes; a function also gets what `save` returned (e.g. the created record's page). */
    redirectTo: string | ((value: z.output<Schema>, saved: unknown) => string);
    /** The 'Sucesso' toast's text; a function gets what `save` returned (e.g. 'Em espera' or not). */
    success: string | ((saved: unknown) => string);
  },
) {
  const actor = await screenActor(args, options.permission);
  const loaded = (options.load ? await orRespond(options.load(actor)) : null) as Loaded;
  const hideFields = options.hideFields;
  const answer = async (reply: ReturnType<typeof replyInvalid>, context: DialogContext<Loaded>) => {
    const more = options.extra ? await options.extra(context) : ({} as Extra);
    return data({ ...reply.data, ...more }, reply.init ?? undefined);
  };

  let formData: FormData;
  try {
    formData = options.readForm ? await options.readForm(args.request) : await args.request.formData();
  } catch (error) {
    const empty = new FormData();
    const submission = parseWithZod(empty, { schema: options.schema });
    return answer(replyWithError(submission, error, options.errorTitle, { hideFields }), { actor, loaded, formData: empty });
  }
  const context: DialogContext<Loaded> = { actor, loaded, formData };

  const intent = formData.get("intent");
  const handler = typeof intent === "string" && options.intents ? Object.hasOwn(options.intents, intent) && options.intents[intent] : null;
  if (handler) return data(await handler(context));

  let submission;
  try {
    options.prepare?.(formData);
    submission = parseWithZod(formData, { schema: options.schema });
  } catch {
    throw data(BAD_REQUEST, { status: 400 });
  }
  if (submission.status === undefined) return answer(data<FormActionData>({ result: submission.reply({ hideFields }) }), context);
  if (submission.status !== "success") return answer(replyInvalid(submission, { hideFields }), context);
  const value = submission.value as z.output<Schema>;
  let saved: unknown;
  try {
    saved = await options.save(value, context);
  } catch (error) {
    return answer(replyWithError(submission, error, options.errorTitle, { hideFields }), context);
  }
  const to = typeof options.redirectTo === "function" ? options.redirectTo(value, saved) : options.redirectTo;
  const success = typeof options.success === "function" ? options.success(saved) : options.success;
  return redirectWithToast(to, { title: "Sucesso", description: success });
}

/** What a delete dialog's view needs: where 'Cancelar' goes and where the form posts. */
export interface DeleteDialogData {
  closeTo: string;
  action: string;
}

/**
 * A delete dialog route, as strings and two service calls; `deleteDialogRoute`
 * (or `deleteRecordDialog` for the record of `:id`) gives its loader
 * (`deleteDialogLoader`) and its action (`deleteDialogAction`).
 */
export interface DeleteDialogSpec<Found = unknown> {
  permission: (actor: Actor) => boolean;
  /** The record (a 404 when it does not exist: the dialog says so). */
  find: (actor: Actor) => Promise<Found>;
  /** The delete itself, through the service. */
  remove: (actor: Actor) => Promise<unknown>;
  /** The list to go back to: 'Cancelar', and after the delete. */
  back: string;
  /** Where 'Cancelar' goes when it depends on the record (default `back`). */
  closeTo?: (found: Found) => string;
  /** Where the form posts (default: the dialog's own URL). */
  action?: (found: Found) => string;
  /** The toast's title when the service refuses (409 still referenced, 404…). */
  errorTitle: string;
  /** The 'Sucesso' toast's text; a function gets what `remove` returned (e.g. who left a waiting list). */
  success: string | ((removed: unknown) => string);
}

export async function deleteDialogLoader<Found>(args: ScreenArgs, spec: DeleteDialogSpec<Found>): Promise<DeleteDialogData> {
  const actor = await screenActor(args, spec.permission);
  const found = await orRespond(spec.find(actor));
  const url = new URL(args.request.url);
  return {
    closeTo: spec.closeTo ? spec.closeTo(found) : spec.back,
    action: spec.action ? spec.action(found) : url.pathname + url.search,
  };
}

/** A refusal stays in the dialog with its message and a toast; success goes back with 'Sucesso'. */
export async function deleteDialogAction<Found>(args: ScreenArgs, spec: DeleteDialogSpec<Found>) {
  const actor = await screenActor(args, spec.permission);
  let removed: unknown;
  try {
    removed = await spec.remove(actor);
  } catch (error) {
    return deleteFailed(error, spec.errorTitle);
  }
  const success = typeof spec.success === "function" ? spec.success(removed) : spec.success;
  return redirectWithToast(spec.back, { title: "Sucesso", description: success });
}

/**
 * A delete dialog route's loader and action from its spec, which may read the
 * URL (`args.params`): `export const { loader, action } = deleteDialogRoute((args: Route.LoaderArgs | Route.ActionArgs) => ({ … }))`.
 */
export function deleteDialogRoute<Args extends ScreenArgs, Found>(spec: (args: Args) => DeleteDialogSpec<Found>) {
  return {
    loader: (args: Args) => deleteDialogLoader(args, spec(args)),
    action: (args: Args) => deleteDialogAction(args, spec(args)),
  };
}

/**
 * The delete dialog of the record the URL's `:id` names: `find` and `remove`
 * are the service calls themselves, given the actor and that id.
 */
export function deleteRecordDialog<Found>(
  spec: Omit<DeleteDialogSpec<Found>, "find" | "remove"> & {
    find: (actor: Actor, id: string) => Promise<Found>;
    remove: (actor: Actor, id: string) => Promise<unknown>;
  },
) {
  return deleteDialogRoute(({ params }: ScreenArgs): DeleteDialogSpec<Found> => {
    const id = params.id ?? "";
    return { ...spec, find: (actor) => spec.find(actor, id), remove: (actor) => spec.remove(actor, id) };
  });
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
  return dataWithToast(
    { errors: [error.message] },
    { title: toastTitle, description: error.message, variant: "destructive" },
    { status: error.status },
  );
}
