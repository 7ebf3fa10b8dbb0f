import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field as HeadlessField, Label } from "@headlessui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";

/** One choice of a picker: the id posted, the name shown and a detail under it. */
export interface PickerOption {
  id: string;
  label: string;
  detail?: string | null;
}

/** What a picker's route loader answers for `?<searchName>=…` (the matches of the term). */
export interface PickerMatches {
  matches: PickerOption[];
}

const SEARCH_DELAY_MS = 200;

/**
 * Choosing one record among many (a student, a guardian) inside a dialog form.
 *
 * Without JavaScript: a search box with a 'Buscar' button that submits the
 * dialog's form as a GET of the dialog's own URL (`formMethod="get"`: the
 * typed values travel in the URL and come back as the loader's defaults), and
 * the loader's matches as radio choices named `name`.
 *
 * With JavaScript: a Headless UI Combobox that searches as you type (a fetcher
 * loads `searchHref(term)`, whose loader answers `{ matches }`), operable with
 * the keyboard (arrows, Enter, Escape); the choice is posted in a hidden input `name`.
 */
export function SearchPicker({
  name,
  label,
  searchLabel,
  searchName = "q",
  query,
  matches,
  selected,
  errors,
  action,
  searchHref,
  emptyText,
  hint,
}: {
  name: string;
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
  errors?: string[];
  /** The dialog's URL: where the no-JS search submits (GET). */
  action: string;
  /** The URL whose loader answers the matches of a term (JS). */
  searchHref: (term: string) => string;
  /** Shown when a search found nothing. */
  emptyText: string;
  hint?: string;
}) {
  const hydrated = useHydrated();
  const errorId = `${useId()}-error`;
  if (hydrated) {
    return (
      <PickerCombobox
        name={name}
        label={label}
        selected={selected}
        errors={errors}
        errorId={errorId}
        searchHref={searchHref}
        emptyText={emptyText}
        hint={hint}
      />
    );
  }
  return (
    <PickerRadios
      name={name}
      label={label}
      searchLabel={searchLabel}
      searchName={searchName}
      query={query}
      matches={matches}
      selected={selected}
      errors={errors}
      errorId={errorId}
      action={action}
      emptyText={emptyText}
    />
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
}: {
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
  const searchId = useId();
  const choices = selected && !matches.some((m) => m.id === selected.id) ? [selected, ...matches] : matches;
  return (
    <fieldset className="space-y-3" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-900">
        {label}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
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

function PickerCombobox({
  name,
  label,
  selected: initial,
  errors,
  errorId,
  searchHref,
  emptyText,
  hint,
}: {
  name: string;
  label: string;
  selected: PickerOption | null;
  errors?: string[];
  errorId: string;
  searchHref: (term: string) => string;
  emptyText: string;
  hint?: string;
}) {
  const [selected, setSelected] = useState<PickerOption | null>(initial);
  const [term, setTerm] = useState("");
  const fetcher = useFetcher<PickerMatches>();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setSelected(initial), [initial]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const search = (value: string) => {
    setTerm(value);
    if (timer.current) clearTimeout(timer.current);
    const trimmed = value.trim();
    if (!trimmed) return;
    timer.current = setTimeout(() => fetcher.load(searchHref(trimmed)), SEARCH_DELAY_MS);
  };
  const loading = fetcher.state === "loading";
  // The last search's matches (reopening the list with the arrows shows them again).
  const matches = fetcher.data?.matches ?? [];

  return (
    <HeadlessField className="space-y-1.5">
      <Label className="block text-sm font-medium text-slate-900">
        {label}
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      </Label>
      <Combobox value={selected} onChange={(o: PickerOption | null) => setSelected(o)} by="id">
        <div className="relative">
          <ComboboxInput
            className={inputClass}
            displayValue={(o: PickerOption | null) => o?.label ?? ""}
            onChange={(e) => search(e.target.value)}
            placeholder="Digite para buscar"
            autoComplete="off"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
          />
          {/* Rendered in place (no portal): the dialog is modal, so the list must live inside it. No matches, no list box. */}
          {matches.length === 0 ? null : (
            <ComboboxOptions className="absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
              {matches.map((o) => (
                <ComboboxOption
                  key={o.id}
                  value={o}
                  className="cursor-pointer px-3 py-2 text-slate-900 data-[focus]:bg-violet-100 data-[selected]:font-semibold"
                >
                  {o.label}
                  {o.detail ? <span className="block text-xs font-normal text-slate-600">{o.detail}</span> : null}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      <p className="text-xs text-slate-600" aria-live="polite">
        {term.trim() && !loading && fetcher.data && matches.length === 0 ? emptyText : loading ? "Buscando..." : (hint ?? "")}
      </p>
      <input type="hidden" name={name} value={selected?.id ?? ""} />
      <FieldErrors id={errorId} errors={errors} />
    </HeadlessField>
  );
}
