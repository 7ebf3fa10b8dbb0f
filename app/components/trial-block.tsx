import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, type FetcherWithComponents } from "react-router";
import { SpriteIcon } from "~/components/icons";
import { trialAnchor, type CalendarTrial } from "~/domain/trials/calendar";
import { TRIAL_STATUSES, WANTS_TO_ENROLL } from "~/domain/trials/constants";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/cn";
import { onlyDigits } from "~/lib/format";
import type { Toast } from "~/lib/toast";

/**
 * One trial in its day: student, (guardian), time and its class; with the
 * permission, its quick actions. A busy month shows about a hundred of these,
 * so a block is plain markup with short classes (app.css) and sprite icons; its
 * links are plain anchors that `useLinkNavigation` turns into client-side
 * navigations, and only the status control holds state, once JavaScript has
 * taken over.
 *
 * `chip` is the month grid's compact block (the block opens the trial; its
 * controls, as small icons, beside it: 'Status', 'Ver histórico' and the
 * enrolment's link), `full` the week's and the day's, with every control. `back` is the calendar's place as a query string (without
 * '?'): the dialogs go back there. `anchored` gives the block its id
 * (`tb-<id>`), the fragment a status change without JavaScript comes back
 * to; only one block of a trial on a page has it.
 */
export function TrialBlock({
  trial,
  back,
  isAdmin,
  variant = "full",
  anchored = false,
}: {
  trial: CalendarTrial;
  back: string;
  isAdmin: boolean;
  variant?: "chip" | "full";
  anchored?: boolean;
}) {
  const phone = onlyDigits(trial.whatsappNumber);
  const enrolling = trial.status === WANTS_TO_ENROLL;
  const chip = variant === "chip";
  const summary = chip ? (
    <>
      <span>
        <b>{trial.studentName}</b> {`(${trial.guardianName})`}
      </span>
      <span>
        {trial.scheduledTime}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">, </span>
        {trial.classLabel}
      </span>
    </>
  ) : (
    <>
      <b>{trial.studentName}</b>
      <span>{`(${trial.guardianName})`}</span>
      <span className="tb-time">{trial.scheduledTime}</span>
    </>
  );
  const enrolment = trial.enrolled ? (
    <Enrolled trial={trial} back={back} isAdmin={isAdmin} />
  ) : isAdmin && enrolling ? (
    <a href={`/trials/${trial.id}/enroll?${back}`} className="tb-ctl tb-enroll">
      Matricular<span className="sr-only"> {trial.studentName}</span>
    </a>
  ) : null;
  // A lost trial is greyed; its reason shows on hover (title) and on focus, and is read as text.
  const lost = trial.lostReason !== null ? `Perdido: ${trial.lostReason}` : null;
  return (
    <div
      id={anchored ? trialAnchor(trial.id) : undefined}
      tabIndex={anchored ? -1 : undefined}
      data-status={trial.status}
      data-lost={lost ? "" : undefined}
      title={lost ?? undefined}
      className={chip ? "tb tb-chip" : "tb"}
    >
      {isAdmin ? (
        <a href={`/trials/${trial.id}/edit?${back}`} className="tb-main" title={lost ?? undefined}>
          {summary}
          {lost ? <span className="tb-lost">{lost}</span> : null}
        </a>
      ) : (
        <div className="tb-main">
          {summary}
          {lost ? <span className="tb-lost">{lost}</span> : null}
        </div>
      )}
      {chip ? (
        isAdmin || enrolment ? (
          <span className="tb-chip-ctls">
            {isAdmin ? <StatusControl trial={trial} back={back} compact /> : null}
            {isAdmin ? <HistoryLink trial={trial} back={back} /> : null}
            {enrolment}
          </span>
        ) : null
      ) : (
        <>
          <p className="tb-class">
            <span className="sr-only">Turma: </span>
            {trial.classLabel}
          </p>
          <p className="tb-st">
            <span className="sr-only">Status: </span>
            {trial.status}
          </p>
          <div className="tb-ctls">
            {isAdmin ? <StatusControl trial={trial} back={back} /> : null}
            {isAdmin ? <HistoryLink trial={trial} back={back} /> : null}
            {enrolment}
            {phone ? (
              <a href={`https://wa.me/55${phone}`} target="_blank" rel="noopener noreferrer" className="tb-ctl" title="WhatsApp">
                <SpriteIcon name="chat" className="" />
                <span className="sr-only">{`WhatsApp de ${trial.guardianName}`}</span>
              </a>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}

/** 'Ver histórico': the history dialog (/trials/:id/history), back to the calendar's place. */
function HistoryLink({ trial, back }: { trial: CalendarTrial; back: string }) {
  return (
    <a href={`/trials/${trial.id}/history?${back}`} className="tb-ctl" title="Ver histórico">
      <SpriteIcon name="clock" className="" />
      <span className="sr-only">{`Ver histórico de ${trial.studentName}`}</span>
    </a>
  );
}

/** The control's face: the word 'Status', or (`compact`, the month's chip) an icon. Its name starts with 'Status' either way. */
function StatusLabel({ trial, compact }: { trial: CalendarTrial; compact: boolean }) {
  return compact ? (
    <>
      <SpriteIcon name="status" className="" />
      <span className="sr-only">{`Status de ${trial.studentName}`}</span>
    </>
  ) : (
    <>
      Status<span className="sr-only">{` de ${trial.studentName}`}</span>
    </>
  );
}

/**
 * 'Status': without JavaScript a link to the small status dialog (a URL); with
 * it, a button that opens the five statuses in place and posts them through a
 * fetcher, so the page stays where it is. The server renders the plain link
 * only: the popover exists in the browser, and only while it is open.
 */
function StatusControl({ trial, back, compact = false }: { trial: CalendarTrial; back: string; compact?: boolean }) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <a href={`/trials/${trial.id}/status?${back}`} className="tb-ctl" title={compact ? "Alterar status" : undefined}>
        <StatusLabel trial={trial} compact={compact} />
      </a>
    );
  }
  return <StatusPopover trial={trial} back={back} compact={compact} />;
}

function StatusPopover({ trial, back, compact }: { trial: CalendarTrial; back: string; compact: boolean }) {
  const fetcher = useFetcher<{ toast?: Toast }>();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  // The popover closes once a change of status is answered (with its toast).
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.toast) setOpen(false);
  }
  // The popover closes on Escape and on a click outside it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        menu.current?.querySelector("button")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (menu.current && !menu.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [open]);
  // While the change is on its way, the chosen status shows as the current one.
  const pending = fetcher.formData?.get("status");
  const current = typeof pending === "string" ? pending : trial.status;
  return (
    <div ref={menu} className="tb-pop">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`status-${trial.id}`}
        onClick={() => setOpen((v) => !v)}
        className="tb-ctl"
        title={compact ? "Alterar status" : undefined}
      >
        <StatusLabel trial={trial} compact={compact} />
      </button>
      {open ? (
        // The month's chip has its controls at its right end: the popover opens towards the left there.
        <div
          id={`status-${trial.id}`}
          className={cn(
            "absolute z-30 mt-1 w-44 rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg",
            compact ? "right-0" : "left-0",
          )}
        >
          <StatusOptions trial={trial} back={back} current={current} fetcher={fetcher} />
        </div>
      ) : null}
    </div>
  );
}

/** A trial that led to an enrolment: 'Matriculado', with the permission a link to the enrolment (and its payment link). */
function Enrolled({ trial, back, isAdmin }: { trial: CalendarTrial; back: string; isAdmin: boolean }) {
  if (!isAdmin) return <span className="tb-ctl tb-done">Matriculado</span>;
  return (
    <a href={`/trials/${trial.id}/enroll?${back}`} className="tb-ctl tb-done">
      Matriculado<span className="sr-only">{`: ver a matrícula de ${trial.studentName}`}</span>
    </a>
  );
}

/**
 * 'Alterar status:' and the five statuses as one form. Posts to the calendar's
 * action; with a fetcher (JS) the page stays, without it the action redirects
 * back to the calendar's place (`back`, a query string), scrolled to the trial.
 */
export function StatusOptions({
  trial,
  back,
  current,
  fetcher,
}: {
  trial: { id: string };
  back: string;
  current: string;
  fetcher?: FetcherWithComponents<{ toast?: Toast }>;
}) {
  const FormComponent = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  return (
    <>
      <p className="mb-1 text-xs font-semibold">Alterar status:</p>
      <FormComponent method="post" action={`/trials?${back}`} preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={trial.id} />
        <input type="hidden" name="back" value={back} />
        {fetcher ? <input type="hidden" name="enhanced" value="1" /> : null}
        <ul className="space-y-0.5">
          {TRIAL_STATUSES.map((s) => (
            <li key={s}>
              <button
                type="submit"
                name="status"
                value={s}
                aria-pressed={s === current}
                disabled={busy}
                className={cn(
                  "tb-opt w-full rounded px-2 py-1 text-left text-xs hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600",
                  s === current && "bg-violet-100 font-semibold",
                )}
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      </FormComponent>
    </>
  );
}
