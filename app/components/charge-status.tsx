import { chargeStanding, daysLateLabel, type Standing, type StandingLabel } from "~/domain/charges/standing";
import { cn } from "~/lib/cn";

/**
 * The colours of a charge's status, AA on their backgrounds; the words carry
 * the status on their own (a screen reader, a grey-scale print, colour blindness).
 */
const STYLE: Record<StandingLabel, string> = {
  Paga: "bg-emerald-100 text-emerald-900",
  Aberta: "bg-slate-100 text-slate-800 ring-1 ring-inset ring-slate-300",
  Vencida: "bg-red-100 text-red-900",
  Parcial: "bg-amber-100 text-amber-900",
  Cancelada: "bg-slate-200 text-slate-700",
};

/** A charge's status: 'Paga' green with ✓, 'Aberta' neutral, 'Vencida' red with 'há N dias', 'Parcial', 'Cancelada'. */
export function StandingBadge({ standing, className }: { standing: Standing; className?: string }) {
  const { label, daysLate } = standing;
  return (
    <span className={cn("badge whitespace-nowrap", STYLE[label], className)} data-status={label}>
      {label === "Paga" ? <span aria-hidden="true">✓&nbsp;</span> : null}
      {label}
      {daysLate !== null ? ` · ${daysLateLabel(daysLate)}` : ""}
    </span>
  );
}

/**
 * The one status badge of every charges list (the staff's charges, the overdue
 * families, a charge, the family's 'Financeiro'): the charge's standing on
 * `on`, the loader's today (so the server's and the browser's text agree).
 */
export function ChargeStatusBadge({ charge, on }: { charge: { status: string; dueDate: string; paid: string }; on: string }) {
  return <StandingBadge standing={chargeStanding(charge, on)} />;
}
