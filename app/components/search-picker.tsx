import { lazy, Suspense, useId } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass, RequiredMark } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import type { PickerOption } from "./picker-types";

// Headless UI is most of a picker's script: it loads once the page is interactive
// (until then, and without JavaScript, the choices are radio buttons).
const PickerCombobox = lazy(() => import("./picker-combobox"));

/**
 * Choosing one record among many (a student, a guardian) inside a dialog form.
 *
 * Without JavaScript: a search box with a 'Buscar' button that submits the
 * dialog's form as a GET of the dialog's own URL (`formMethod="get"`: the
 * typed values travel in the URL and come back as the loader's defaults), and
 * the loader's matches as radio choices named `name`.
 *
 * With JavaScript: PickerCombobox, a Headless UI Combobox that searches as you
 * type (a fetcher loads `searchHref(term)`, whose loader answers `{ matches }`),
 * operable with the keyboard (arrows, Enter, Escape); the choice is posted in a
 * hidden input `name`.
 */
export function SearchPicker({
  field,
  label,
  searchLabel,
  searchName = "q",
  query,
  matches,
  selected,
  action,
  searchHref,
  emptyText,
  hint,
}: {
  /** The form's field of the choice (conform's metadata): its name, its id (an error summary links to the picker's box) and its errors. */
  field: { id: string; name: string; errors?: string[] };
  label: string;
  /** The no-JS search box's label (e.g. 'Buscar aluno por nome'). */
  searchLabel: string;
  searchName?: string;
  /** The term the loader searched (no-JS). */
  query: string;
  /** The loader's matches for `query`. */
  matches: PickerOption[];
  /** The current choice (posted before, or preselected by the URL). */
  selected: PickerOption | null;
  /** Where the no-JS search submits (GET); the dialog's own URL unless given. */
  action?: string;
  /** The URL whose loader answers the matches of a term (JS); the dialog's own URL with `searchName` unless given. */
  searchHref?: (term: string) => string;
  /** Shown when a search found nothing. */
  emptyText: string;
  hint?: string;
}) {
  const { pathname } = useLocation();
  const { id, name, errors } = field;
  const hydrated = useHydrated();
  const errorId = `${useId()}-error`;
  const both = { name, label, selected, errors, errorId, emptyText, id };
  const radios = (
    <PickerRadios {...both} searchLabel={searchLabel} searchName={searchName} query={query} matches={matches} action={action ?? pathname} />
  );
  if (!hydrated) return radios;
  return (
    <Suspense fallback={radios}>
      <PickerCombobox
        {...both}
        searchHref={searchHref ?? ((term) => `${pathname}?${new URLSearchParams({ [searchName]: term })}`)}
        hint={hint}
      />
    </Suspense>
  );
}

function PickerRadios({
  name,
  label,
  searchLabel,
  searchName,
  query,
  matches,
  selected,
  errors,
  errorId,
  action,
  emptyText,
  id,
}: {
  id?: string;
  name: string;
  label: string;
  searchLabel: string;
  searchName: string;
  query: string;
  matches: PickerOption[];
  selected: PickerOption | null;
  errors?: string[];
  errorId: string;
  action: string;
  emptyText: string;
}) {
  const ownId = useId();
  const searchId = id ?? ownId;
  const choices = selected && !matches.some((m) => m.id === selected.id) ? [selected, ...matches] : matches;
  return (
    <fieldset data-picker className="space-y-3" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-900">
        {label}
        <RequiredMark />
      </legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <label htmlFor={searchId} className="block text-sm text-slate-800">
            {searchLabel}
          </label>
          <input id={searchId} type="search" name={searchName} defaultValue={query} maxLength={100} className={inputClass} />
        </div>
        {/* Submits this dialog's form as a GET of the dialog: the loader answers the matches. */}
        <Button type="submit" variant="secondary" formMethod="get" formAction={action} formNoValidate>
          Buscar
        </Button>
      </div>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-700">{query ? emptyText : "Digite um nome e clique em Buscar."}</p>
      ) : (
        <ul className="max-h-60 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {choices.map((o) => {
            const id = `${searchId}-${o.id}`;
            return (
              <li key={o.id} className="flex items-start gap-2">
                <input
                  type="radio"
                  id={id}
                  name={name}
                  value={o.id}
                  defaultChecked={selected?.id === o.id}
                  className="mt-0.5 h-4 w-4 border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
                />
                <label htmlFor={id} className="text-sm text-slate-900">
                  {o.label}
                  {o.badge ? <span className="ml-1 text-green-800">{o.badge}</span> : null}
                  {o.detail ? <span className="block text-xs text-slate-600">{o.detail}</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
