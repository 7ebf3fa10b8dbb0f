import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, LinkButton } from "./ui/button";
import { inputClass } from "./ui/field";

/**
 * A list screen's search (guardians, students): a GET form of the list's own
 * URL, so the search lives in the URL and works without JavaScript. Its term
 * is `q` (the box `id`, labelled `label`); `children` are further filters
 * (a status select) beside it; 'Limpar' goes back to `clearTo` while the list
 * is `filtered`.
 */
export function ListSearch({
  id,
  label,
  q,
  clearTo,
  filtered,
  children,
}: {
  id: string;
  label: string;
  q: string;
  clearTo: string;
  filtered: boolean;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex-1 space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <input id={id} type="search" name="q" defaultValue={q} key={q} className={inputClass} maxLength={100} />
      </div>
      {children}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Buscar
        </Button>
        {filtered ? (
          <LinkButton to={clearTo} variant="ghost">
            Limpar
          </LinkButton>
        ) : null}
      </div>
    </Form>
  );
}
