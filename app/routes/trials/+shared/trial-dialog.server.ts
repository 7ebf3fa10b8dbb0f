import { isStaff } from "~/domain/access/roles";
import { getTrial } from "~/domain/trials/queries.server";
import { orRespond, screenActor, type ScreenArgs } from "~/server/forms.server";
import { placeQuery, trialReturnPlace } from "./calendar-screen";

/** The trial's view (its history dialog), `back` keeping the calendar's place. */
export const trialViewUrl = (id: string, back: string) => `/trials/${id}/history?${back}`;

/**
 * What a dialog over a trial's view loads first (lose, reopen, new task): the
 * staff actor, the trial (a stale id answers the domain's 404) and the way back
 * to the trial's view, at the calendar's place.
 */
export async function loadTrialDialog(args: ScreenArgs & { params: { id: string } }) {
  const actor = await screenActor(args, isStaff);
  const trial = await orRespond(getTrial(actor, args.params.id));
  const back = placeQuery(trialReturnPlace(new URL(args.request.url), trial.scheduledDate));
  return { actor, trial, closeTo: trialViewUrl(trial.id, back) };
}
