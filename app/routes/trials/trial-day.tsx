import type { Route } from "./+types/trial-day";
import { TrialBlock } from "~/components/trial-block";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { CloseFooter, RouteDialog } from "~/components/ui/dialog";
import { isStaff } from "~/domain/access/roles";
import { formatDay } from "~/domain/calendar/dates";
import { returnPlace, returnUrl } from "./+shared/calendar-screen";
import { getTrialDay } from "~/domain/trials/queries.server";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";

/**
 * /trials/day/:date — every trial of a day as a dialog over the calendar (the
 * calendar's '+N mais' now opens the day view, `/trials?view=day&date=…`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const trials = await orRespond(getTrialDay(actorOf(user), params.date));
  return {
    date: params.date,
    closeTo: returnUrl(returnPlace(new URL(request.url), params.date)),
    isAdmin: isStaff(user),
    trials,
  };
}

export default function TrialDay({ loaderData }: Route.ComponentProps) {
  const { date, closeTo: back, trials, isAdmin } = loaderData;
  const onLinkClick = useLinkNavigation();
  return (
    <RouteDialog title={`Experimentais de ${formatDay(date)}`} closeTo={back} size="lg">
      {trials.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum experimental neste dia</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated: the clicks come from the links inside, which the keyboard activates as links
        <ul className="grid gap-2 sm:grid-cols-2" onClick={onLinkClick}>
          {trials.map((t) => (
            <li key={t.id}>
              <TrialBlock trial={t} back={`view=day&date=${date}`} isAdmin={isAdmin} />
            </li>
          ))}
        </ul>
      )}
      <CloseFooter to={back} />
    </RouteDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data ? `Experimentais de ${formatDay(data.date)}` : "Experimentais" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
