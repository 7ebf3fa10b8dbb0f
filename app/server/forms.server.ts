import type { RequestContext } from "~/server/request-context.server";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
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
export async function dialogAction<Schema extends z.ZodType, Saved = unknown, Loaded = null, Extra extends object = object>(
  args: ScreenArgs,
  options: {
    permission: (actor: Actor) => boolean;
    load?: (actor: Actor) => Promise<Loaded>;
    readForm?: (request: Request) => Promise<FormData>;
    /** Answers that save nothing; they carry the same data as `extra`. */
    intents?: Record<string, (context: DialogContext<Loaded>) => Promise<Extra>>;
    prepare?: (formData: FormData) => void;
    schema: Schema;
    save: (value: z.output<Schema>, context: DialogContext<Loaded>) => Promise<Saved>;
    extra?: (context: DialogContext<Loaded>) => Promise<Extra>;
    errorTitle: string;
    /** Never sent back to the browser (a password typed, a file posted). */
    hideFields?: string[];
    /** Where success goes; a function also gets what `save` returned (e.g. the created record's page) and the dialog's context. */
    redirectTo: string | ((value: z.output<Schema>, saved: Saved, context: DialogContext<Loaded>) => string);
    /** The 'Sucesso' toast's text; a function gets what `save` returned (e.g. 'Em espera' or not). */
    success: string | ((saved: Saved) => string);
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
  let saved: Saved;
  try {
    saved = await options.save(value, context);
  } catch (error) {
    return answer(replyWithError(submission, error, options.errorTitle, { hideFields }), context);
  }
  const to = typeof options.redirectTo === "function" ? options.redirectTo(value, saved, context) : options.redirectTo;
  const success = typeof options.success === "function" ? options.success(saved) : options.success;
  return redirectWithToast(to, { title: "Sucesso", description: success });
}

/** What an intent's steps get: the actor, the posted form and the action's URL (its query: the screen's place). */
export interface IntentContext {
  actor: Actor;
  formData: FormData;
  url: URL;
}

/**
 * What a plain form's action answers when it stays on the page (a refusal, or a
 * fetcher's success): the intent it answers, the refusal's message (null on
 * success), the fields' messages (`form` for the form's own) and the values
 * posted (the first of each name), so the view shows them again.
 */
export interface IntentAnswer {
  intent: string;
  message: string | null;
  errors: Record<string, string[]>;
  values: Record<string, string>;
}

/** The 'Sucesso' toast's text, or a toast of its own title (SPEC's 'Pagamento registrado'). */
type SuccessToast = string | { title: string; description?: string };

/**
 * One intent of a plain form (not a conform dialog): the posted form is read
 * (`read`, default: each field's first text value), `schema` checks it, `save`
 * calls one command of the service. Where the answer goes is a URL
 * (Post/Redirect/Get) or `null`: stay on the page with the toast in the data
 * (a fetcher's post).
 */
export interface IntentSpec<Schema extends z.ZodType, Saved> {
  read?: (formData: FormData) => unknown;
  schema: Schema;
  save: (value: z.output<Schema>, context: IntentContext) => Promise<Saved>;
  /** The destructive toast's title when the service refuses. */
  errorTitle: string;
  redirectTo: string | ((value: z.output<Schema>, saved: Saved, context: IntentContext) => string | null);
  /** A form with no field to show a refusal next to goes back there with the toast (default: stay, the form answered again). */
  refusedTo?: (value: z.output<Schema>, context: IntentContext) => string | null;
  success: SuccessToast | ((saved: Saved, value: z.output<Schema>) => SuccessToast);
  /** Fields never sent back in an answer (secrets: a password, a private key), even on a 400. */
  hideFields?: readonly string[];
}

/** An intent as `intentAction` runs it: its types stay inside (`intent(spec)` checks them). */
export interface Intent {
  run(context: IntentContext, name: string): Promise<IntentResult>;
}

type IntentResult = Response | ReturnType<typeof dataWithToast<IntentAnswer>> | ReturnType<typeof data<IntentAnswer>>;

/** A posted text field as the form sent it ('' when absent): for a form whose service checks the values itself. */
export const formText = () => z.string().default("");

/** Each field's first text value (a file posted is no text; a name posted twice keeps its first value, as the form reader does). */
function formValues(formData: FormData): Record<string, string> {
  const values = new Map<string, string>();
  for (const [name, value] of formData) if (typeof value === "string" && !values.has(name)) values.set(name, value);
  return Object.fromEntries(values);
}

/** A schema's issues by field path (`records.0.status`); the form's own under `form`. */
function issueErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return errors;
}

/** Declares one intent of `intentAction` (or the only one of `formAction`): what `save` returns reaches `success` and `redirectTo` typed. */
export function intent<Schema extends z.ZodType, Saved>(spec: IntentSpec<Schema, Saved>): Intent {
  return {
    async run(context, name) {
      const posted = formValues(context.formData);
      const parsed = spec.schema.safeParse(spec.read ? spec.read(context.formData) : posted);
      // What goes back to the page: the posted values less the secrets.
      const values = Object.fromEntries(Object.entries(posted).filter(([name]) => !spec.hideFields?.includes(name)));
      if (!parsed.success) {
        const errors = issueErrors(parsed.error.issues);
        return data<IntentAnswer>({ intent: name, message: errors.form?.[0] ?? null, errors, values }, { status: 400 });
      }
      const value = parsed.data;
      let saved: Saved;
      try {
        saved = await spec.save(value, context);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const toast = { title: spec.errorTitle, description: error.message, variant: "destructive" } as const;
        const back = spec.refusedTo?.(value, context);
        if (back) return redirectWithToast(back, toast);
        const errors = error.errors ?? { form: [error.message] };
        return dataWithToast<IntentAnswer>({ intent: name, message: error.message, errors, values }, toast, { status: error.status });
      }
      const chosen = typeof spec.success === "function" ? spec.success(saved, value) : spec.success;
      const toast = typeof chosen === "string" ? { title: "Sucesso", description: chosen } : chosen;
      const to = typeof spec.redirectTo === "function" ? spec.redirectTo(value, saved, context) : spec.redirectTo;
      if (to === null) return dataWithToast<IntentAnswer>({ intent: name, message: null, errors: {}, values: {} }, toast);
      return redirectWithToast(to, toast);
    },
  };
}

interface IntentActionOptions {
  permission: (actor: Actor) => boolean;
  /** Checked before the form is read (the record the page is about): a domain error becomes the page's error response (404 …). */
  guard?: (actor: Actor) => Promise<unknown>;
}

async function intentContext(args: ScreenArgs, options: IntentActionOptions): Promise<IntentContext> {
  const actor = await screenActor(args, options.permission);
  if (options.guard) await orRespond(options.guard(actor));
  // The front door lets only forms through; a body that still does not read as one is a plain 400.
  const formData = await args.request.formData().catch(() => {
    throw data(BAD_REQUEST, { status: 400 });
  });
  return { actor, formData, url: new URL(args.request.url) };
}

/**
 * The action of a screen whose forms post here with a button or hidden field
 * `name="intent"` (a charge's pay, reverse, waive, cancel): permission, `guard`,
 * then the named intent runs (see `intent`). Its answers are dialogAction's:
 * a 400 with the fields' messages and the values kept, a refusal's message
 * with a destructive toast (status of the domain error), Post/Redirect/Get with
 * 'Sucesso' and the success text. An intent not in the list is a 400
 * 'Requisição inválida', never a 500. The view reads the answer typed:
 * `actionData` is an `IntentAnswer`.
 */
export async function intentAction(args: ScreenArgs, options: IntentActionOptions & { intents: Record<string, Intent> }) {
  const context = await intentContext(args, options);
  const posted = context.formData.get("intent");
  const name = typeof posted === "string" ? posted : "";
  if (!Object.hasOwn(options.intents, name)) {
    const answer: IntentAnswer = {
      intent: name,
      message: BAD_REQUEST,
      errors: { form: [BAD_REQUEST] },
      values: formValues(context.formData),
    };
    return dataWithToast(answer, { title: BAD_REQUEST, variant: "destructive" }, { status: 400 });
  }
  return options.intents[name].run(context, name);
}

/** A screen with one form and no `intent` field (the roll call, 'Concluir' a task): `intentAction`'s answers for its only intent. */
export async function formAction<Schema extends z.ZodType, Saved>(
  args: ScreenArgs,
  options: IntentActionOptions & IntentSpec<Schema, Saved>,
) {
  const context = await intentContext(args, options);
  const posted = context.formData.get("intent");
  return intent(options).run(context, typeof posted === "string" ? posted : "");
}

/** What a delete dialog's view needs: where 'Cancelar' goes and where the form posts. */
export interface DeleteDialogData {
  closeTo: string;
  action: string;
  /** The dialog's sentence, when the spec says it (`DeleteDialogSpec.text`). */
  text?: string;
}

/**
 * A delete dialog route, as strings and two service calls; `deleteDialogRoute`
 * (or `deleteRecordDialog` for the record of `:id`) gives its loader
 * (`deleteDialogLoader`) and its action (`deleteDialogAction`).
 */
export interface DeleteDialogSpec<Found = unknown, Removed = unknown> {
  permission: (actor: Actor) => boolean;
  /** The record (a 404 when it does not exist: the dialog says so). */
  find: (actor: Actor) => Promise<Found>;
  /** The delete itself, through the service. */
  remove: (actor: Actor) => Promise<Removed>;
  /** The list to go back to: 'Cancelar', and after the delete. */
  back: string;
  /** Where 'Cancelar' goes when it depends on the record (default `back`). */
  closeTo?: (found: Found) => string;
  /** Where the form posts (default: the dialog's own URL). */
  action?: (found: Found) => string;
  /** The dialog's sentence ('Tem certeza que deseja excluir …'), unless the view says it (a sentence that names the record). */
  text?: string;
  /** The toast's title when the service refuses (409 still referenced, 404…). */
  errorTitle: string;
  /** The 'Sucesso' toast's text; a function gets what `remove` returned (e.g. who left a waiting list). */
  success: string | ((removed: Removed) => string);
}

export async function deleteDialogLoader<Found, Removed>(
  args: ScreenArgs,
  spec: DeleteDialogSpec<Found, Removed>,
): Promise<DeleteDialogData> {
  const actor = await screenActor(args, spec.permission);
  const found = await orRespond(spec.find(actor));
  const url = new URL(args.request.url);
  return {
    closeTo: spec.closeTo ? spec.closeTo(found) : spec.back,
    action: spec.action ? spec.action(found) : url.pathname + url.search,
    ...(spec.text && { text: spec.text }),
  };
}

/**
 * A record as the standard delete dialog names it, its demonstrative first:
 * "esta unidade", "este curso".
 */
export type RecordName = `esta ${string}` | `este ${string}`;

/**
 * The standard words of deleting a record, from its name: the sentence ('Tem
 * certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita.'),
 * the refusal's toast title ('Erro ao excluir unidade') and the success
 * ('Unidade excluída com sucesso', the participle agreeing with the noun).
 */
export function deletionWords(record: RecordName): Pick<DeleteDialogSpec, "text" | "errorTitle" | "success"> {
  const { noun, Noun, ending } = nounOf(record);
  return {
    text: `Tem certeza que deseja excluir ${record}? Esta ação não pode ser desfeita.`,
    errorTitle: `Erro ao excluir ${noun}`,
    success: `${Noun} excluíd${ending} com sucesso`,
  };
}

/** A record's noun and its participles' ending ('a' for "esta unidade", 'o' for "este curso"). */
function nounOf(record: RecordName) {
  const noun = record.slice(record.indexOf(" ") + 1);
  return { noun, Noun: `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`, ending: record.startsWith("esta ") ? "a" : "o" };
}

/**
 * The standard words of saving a record in its create-or-edit dialog, from its
 * name: the refusal's toast title ('Erro ao criar unidade', 'Erro ao atualizar
 * unidade') and the success ('Unidade criada com sucesso', 'Curso atualizado
 * com sucesso', the participle agreeing with the noun).
 */
export function savingWords(record: RecordName, editing: boolean): { errorTitle: string; success: string } {
  const { noun, Noun, ending } = nounOf(record);
  return editing
    ? { errorTitle: `Erro ao atualizar ${noun}`, success: `${Noun} atualizad${ending} com sucesso` }
    : { errorTitle: `Erro ao criar ${noun}`, success: `${Noun} criad${ending} com sucesso` };
}

/** The record a create-or-edit dialog edits: the URL's `:id` found by `find` (a domain error becomes the error page, 404 …), or null for a new one. */
export async function editedRecord<Found>(
  args: ScreenArgs,
  actor: Actor,
  find: (actor: Actor, id: string) => Promise<Found>,
): Promise<Found | null> {
  return args.params.id ? orRespond(find(actor, args.params.id)) : null;
}

/**
 * The action of a record's create-or-edit dialog (`/<records>/new` and
 * `/<records>/:id/edit`, `dialogAction`): `update` the URL's `:id` when there
 * is one, `create` otherwise, then back to `back`; its words follow from
 * `record` (`savingWords`).
 */
export async function recordFormAction<Schema extends z.ZodType>(
  args: ScreenArgs,
  spec: {
    permission: (actor: Actor) => boolean;
    schema: Schema;
    create: (actor: Actor, value: z.output<Schema>) => Promise<unknown>;
    update: (actor: Actor, id: string, value: z.output<Schema>) => Promise<unknown>;
    record: RecordName;
    back: string;
  },
) {
  const { id } = args.params;
  return dialogAction(args, {
    permission: spec.permission,
    schema: spec.schema,
    save: (value, { actor }) => (id ? spec.update(actor, id, value) : spec.create(actor, value)),
    ...savingWords(spec.record, Boolean(id)),
    redirectTo: spec.back,
  });
}

/** A refusal stays in the dialog with its message and a toast; success goes back with 'Sucesso'. */
export async function deleteDialogAction<Found, Removed>(args: ScreenArgs, spec: DeleteDialogSpec<Found, Removed>) {
  const actor = await screenActor(args, spec.permission);
  let removed: Removed;
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
 * The standard delete dialog of the record the URL's `:id` names: `find` and
 * `remove` are the service calls themselves, given the actor and that id; its
 * words follow from `record` (`deletionWords`).
 */
export function deleteRecordDialog<Found>(
  spec: Omit<DeleteDialogSpec<Found>, "find" | "remove" | "text" | "errorTitle" | "success"> & {
    find: (actor: Actor, id: string) => Promise<Found>;
    remove: (actor: Actor, id: string) => Promise<unknown>;
    record: RecordName;
  },
) {
  const { find, remove, record, ...rest } = spec;
  return deleteDialogRoute(({ params }: ScreenArgs): DeleteDialogSpec<Found> => {
    const id = params.id ?? "";
    return { ...rest, ...deletionWords(record), find: (actor) => find(actor, id), remove: (actor) => remove(actor, id) };
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
