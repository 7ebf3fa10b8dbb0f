import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** A previous/next step of the day or session bar: a link, or the same button shape disabled when there is none. */
export function StepLink({ to, label }: { to: string | null; label: string }) {
  const className = buttonClass("outline", "default", "min-h-11");
  if (!to) {
    return (
      <span aria-disabled="true" className={className}>
        {label}
      </span>
    );
  }
  return (
    <Link to={to} className={className}>
      {label}
    </Link>
  );
}
