import { UserCircleIcon } from "./icons";
import { cn } from "~/lib/cn";

/** A user's avatar, or the generic icon when there is none. */
export function Avatar({ src, name, className }: { src?: string | null; name: string; className?: string }) {
  if (src) {
    return <img src={src} alt="" title={name} className={cn("h-8 w-8 shrink-0 rounded-full object-cover", className)} />;
  }
  return (
    <span className={cn("inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-700", className)}>
      <UserCircleIcon />
    </span>
  );
}
