import { PlusIcon, SpriteIcon } from "./icons";
import type { ReactNode } from "react";
import { buttonClass, LinkButton } from "./ui/button";

/** A list's 'Adicionar …' button (administrators only): the new record's dialog over the list. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LinkButton to={to} preventScrollReset>
      <PlusIcon /> {children}
    </LinkButton>
  );
}

/**
 * The edit and delete links of a list row (administrators only). `base` is the
 * row's URL (`/courses/<id>`); `search` keeps the list's own search params.
 * The row's name is read out after the action for screen readers.
 */
export function EditDeleteLinks({ base, name, search = "", plain = false, wideLabels = false }: RowActionsProps) {
  // `wideLabels`: in a wide table the words show only on very wide screens (icons with their names for screen readers otherwise).
  const label = wideLabels ? "sr-only sm:max-lg:not-sr-only 2xl:not-sr-only" : "sr-only sm:not-sr-only";
  // `plain`: ordinary anchors, for lists rendered as cached HTML (ServerCached),
  // whose container navigates on the client with useLinkNavigation.
  const link = (to: string, className: string | undefined, children: ReactNode) =>
    plain ? (
      <a href={to} className={buttonClass("outline", "sm", className)}>
        {children}
      </a>
    ) : (
      <LinkButton to={to} variant="outline" size="sm" preventScrollReset className={className}>
        {children}
      </LinkButton>
    );
  return (
    <>
      {link(
        `${base}/edit${search}`,
        undefined,
        <>
          <SpriteIcon name="pencil" /> <span className={label}>Editar</span>
          <span className="sr-only"> {name}</span>
        </>,
      )}
      {link(
        `${base}/delete${search}`,
        "text-red-800",
        <>
          <SpriteIcon name="trash" /> <span className={label}>Excluir</span>
          <span className="sr-only"> {name}</span>
        </>,
      )}
    </>
  );
}

interface RowActionsProps {
  base: string;
  name: string;
  search?: string;
  plain?: boolean;
  wideLabels?: boolean;
}

/** The same links as a right-aligned row of their own (cards and table cells). */
export function RowActions(props: RowActionsProps) {
  return (
    <div className="mt-3 flex justify-end gap-2 lg:mt-0">
      <EditDeleteLinks {...props} />
    </div>
  );
}
