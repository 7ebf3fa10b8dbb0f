import { useEffect, useRef, useState, type SVGProps } from "react";
import { Form, Link, useFetcher, type FetcherWithComponents } from "react-router";
import { useActionToast, useToast } from "~/components/ui/toaster";
import { TRIAL_STATUSES, WANTS_TO_ENROLL } from "~/domain/trials/constants";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/cn";
import { onlyDigits } from "~/lib/format";
import type { Toast } from "~/lib/toast";

/** What a calendar block shows of a trial. */
export interface CalendarTrial {
  id: string;
  guardianName: string;
  studentName: string;
  whatsappNumber: string;
  scheduledDate: string;
  scheduledTime: string;
  status: string;
}

export const ENROLL_TOAST = { title: "Solicitar Matrícula", description: "Funcionalidade em desenvolvimento" };

const controlShape =
  "inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium " +
  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600";
const smallControl = cn(controlShape, "border-slate-300 bg-white text-slate-900 hover:bg-slate-100");

/** One trial in its day: student, (guardian), time; with the permission, its quick actions. */
export function TrialBlock({ trial, month, canManage }: { trial: CalendarTrial; month: string; canManage: boolean }) {
  const fetcher = useFetcher<{ toast?: Toast }>();
  const hydrated = useHydrated();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useActionToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) setOpen(false);
  }, [fetcher.state, fetcher.data]);
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

  // While the change is on its way, show the chosen status.
  const pending = fetcher.formData?.get("status");
  const status = typeof pending === "string" ? pending : trial.status;
  const enrolling = status === WANTS_TO_ENROLL;
  const statusUrl = `/trials?month=${month}`;
  const phone = onlyDigits(trial.whatsappNumber);

  const summary = (
    <>
      <span className="block truncate font-semibold">{trial.studentName}</span>
      <span className="block truncate">{`(${trial.guardianName})`}</span>
      <span className="block">{trial.scheduledTime}</span>
    </>
  );

  return (
    <div
      data-testid="trial-block"
      data-status={status}
      className={cn(
        "rounded-md border p-1.5 text-xs",
        enrolling ? "border-green-400 bg-green-100 text-green-950" : "border-violet-200 bg-violet-50 text-slate-900",
      )}
    >
      {canManage ? (
        <Link
          to={`/trials/${trial.id}/edit?month=${month}`}
          preventScrollReset
          className="block rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          {summary}
        </Link>
      ) : (
        <div>{summary}</div>
      )}
      <p className="mt-0.5 truncate text-[0.7rem] text-slate-700">
        <span className="sr-only">Status: </span>
        {status}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {canManage ? (
          hydrated ? (
            <div ref={menu} className="relative">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={`status-${trial.id}`}
                onClick={() => setOpen((v) => !v)}
                className={smallControl}
              >
                Status<span className="sr-only"> de {trial.studentName}</span>
              </button>
              {open ? (
                <div
                  id={`status-${trial.id}`}
                  className="absolute left-0 z-30 mt-1 w-44 rounded-md border border-slate-200 bg-white p-2 text-slate-900 shadow-lg"
                >
                  <StatusOptions trial={trial} month={month} current={status} fetcher={fetcher} />
                </div>
              ) : null}
            </div>
          ) : (
            // Without JavaScript the status change is a small dialog (a URL), which keeps
            // every block of a busy month light.
            <Link to={`/trials/${trial.id}/status?month=${month}`} preventScrollReset className={smallControl}>
              Status<span className="sr-only"> de {trial.studentName}</span>
            </Link>
          )
        ) : null}
        {canManage ? (
          <Link to={`/trials/${trial.id}/history?month=${month}`} preventScrollReset className={smallControl} title="Ver histórico">
            <ClockIcon />
            <span className="sr-only">Ver histórico de {trial.studentName}</span>
          </Link>
        ) : null}
        {canManage && enrolling ? (
          <Form method="post" action={statusUrl} preventScrollReset>
            <input type="hidden" name="intent" value="enroll" />
            <input type="hidden" name="month" value={month} />
            <button
              type="submit"
              className={cn(controlShape, "border-green-800 bg-green-800 text-white hover:bg-green-900")}
              onClick={
                hydrated
                  ? (e) => {
                      e.preventDefault();
                      toast(ENROLL_TOAST);
                    }
                  : undefined
              }
            >
              Matricular<span className="sr-only"> {trial.studentName}</span>
            </button>
          </Form>
        ) : null}
        {phone ? (
          <a
            href={`https://wa.me/55${phone}`}
            target="_blank"
            rel="noopener noreferrer"
            className={smallControl}
            title="WhatsApp"
          >
            <ChatIcon />
            <span className="sr-only">WhatsApp de {trial.guardianName}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}

function ClockIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false" {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </svg>
  );
}

function ChatIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false" {...props}>
      <path d="M21 12a8.5 8.5 0 0 1-12.6 7.4L3 21l1.6-5.2A8.5 8.5 0 1 1 21 12z" strokeLinejoin="round" />
    </svg>
  );
}


/**
 * 'Alterar status:' and the five statuses as one form. Posts to the calendar's
 * action; with a fetcher (JS) the page stays, without it the action redirects back.
 */
export function StatusOptions({
  trial,
  month,
  current,
  fetcher,
}: {
  trial: { id: string };
  month: string;
  current: string;
  fetcher?: FetcherWithComponents<{ toast?: Toast }>;
}) {
  const FormComponent = fetcher ? fetcher.Form : Form;
  const busy = fetcher ? fetcher.state !== "idle" : false;
  return (
    <>
      <p className="mb-1 text-xs font-semibold">Alterar status:</p>
      <FormComponent method="post" action={`/trials?month=${month}`} preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={trial.id} />
        <input type="hidden" name="month" value={month} />
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
                  "w-full rounded px-2 py-1 text-left text-xs hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600",
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
