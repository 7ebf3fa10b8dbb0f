import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-slate-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
      <p className="text-slate-700">{message}</p>
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}

export function StatusBadge({ active }: { active: boolean }) {
  return <span className={active ? "badge badge-on" : "badge badge-off"}>{active ? "Ativo" : "Inativo"}</span>;
}

export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={cn("badge bg-violet-100 text-violet-900", className)}>
      {children}
    </span>
  );
}

/** Cards below the large breakpoint, a table at large (§2, §9). */
export function ResponsiveList({ cards, table }: { cards: ReactNode; table: ReactNode }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2 lg:hidden">{cards}</div>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white lg:block">{table}</div>
    </>
  );
}

export function Th({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("th", className)}>
      {children}
    </th>
  );
}

export function Td({ children, className }: { children?: ReactNode; className?: string }) {
  return <td className={cn("td", className)}>{children}</td>;
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("card", className)}>{children}</div>;
}
