import type { z } from "zod";
import { isStaff, type Actor } from "~/domain/access/roles";
import { getTrial } from "~/domain/trials/queries.server";
import type { TrialDTO } from "~/domain/trials/schema";
import { dialogAction, orRespond, screenActor, type ScreenArgs } from "~/server/forms.server";
import { placeQuery, trialReturnPlace } from "./calendar-screen";

/** The trial's view (its history dialog), `back` keeping the calendar's place. */
export const trialViewUrl = (id: string, back: string) => `/trials/${id}/history?${back}`;

/** The way back to a trial's view, at the calendar's place: the URL's, else the trial's month. */
const trialViewFrom = (url: URL, trial: TrialDTO) => trialViewUrl(trial.id, placeQuery(trialReturnPlace(url, trial.scheduledDate)));

/**
 * What a dialog over a trial's view loads first (lose, reopen, new task): the
 * staff actor, the trial (a stale id answers the domain's 404) and the way back
 * to the trial's view, at the calendar's place.
 */
export async function loadTrialDialog(args: ScreenArgs & { params: { id: string } }) {
  const actor = await screenActor(args, isStaff);
  const trial = await orRespond(getTrial(actor, args.params.id));
  return { actor, trial, closeTo: trialViewFrom(new URL(args.request.url), trial) };
}

/**
 * The action of a dialog over a trial's view (lose, reopen, new task), through
 * `dialogAction`: Team or Administrator, the trial loaded first (a stale id
 * answers the domain's 404), `save` given the form's value, the actor and the
 * trial, and success back to the trial's view at the calendar's place (or to
 * `redirectTo`).
 */
export function trialDialogAction<Schema extends z.ZodType, Saved>(
  args: ScreenArgs & { params: { id: string } },
  options: {
    schema: Schema;
    save: (value: z.output<Schema>, actor: Actor, trial: TrialDTO) => Promise<Saved>;
    errorTitle: string;
    redirectTo?: string;
    success: string;
  },
) {
  const url = new URL(args.request.url);
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => getTrial(actor, args.params.id),
    schema: options.schema,
    save: (value, { actor, loaded }) => options.save(value, actor, loaded),
    errorTitle: options.errorTitle,
    redirectTo: options.redirectTo ?? ((_value, _saved, { loaded }) => trialViewFrom(url, loaded)),
    success: options.success,
  });
}
