import { ACTIVE, WAITLISTED } from "~/domain/enrollment-status";

/** An enrolment's status as a badge: 'Ativa', 'Em espera (1º)', 'Cancelada'. */
export function EnrollmentStatusBadge({ status, position }: { status: string; position?: number | null }) {
  const look = status === ACTIVE ? "badge-on" : status === WAITLISTED ? "bg-amber-100 text-amber-900" : "badge-off";
  const text = status === WAITLISTED && position ? `${status} (${position}º)` : status;
  return <span className={`badge ${look}`}>{text}</span>;
}
