import { PencilIcon, TrashIcon } from "./icons";
import { LinkButton } from "./ui/button";

/**
 * The edit and delete links of a list row (administrators only). `base` is the
 * row's URL (`/courses/<id>`); `search` keeps the list's own search params.
 * The row's name is read out after the action for screen readers.
 */
export function EditDeleteLinks({ base, name, search = "" }: { base: string; name: string; search?: string }) {
  return (
    <>
      <LinkButton to={`${base}/edit${search}`} variant="outline" size="sm" preventScrollReset>
        <PencilIcon /> <span className="sr-only sm:not-sr-only">Editar</span>
        <span className="sr-only"> {name}</span>
      </LinkButton>
      <LinkButton to={`${base}/delete${search}`} variant="outline" size="sm" preventScrollReset className="text-red-800">
        <TrashIcon /> <span className="sr-only sm:not-sr-only">Excluir</span>
        <span className="sr-only"> {name}</span>
      </LinkButton>
    </>
  );
}

/** The same links as a right-aligned row of their own (cards and table cells). */
export function RowActions(props: { base: string; name: string; search?: string }) {
  return (
    <div className="mt-3 flex justify-end gap-2 lg:mt-0">
      <EditDeleteLinks {...props} />
    </div>
  );
}
