import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field as HeadlessField, Label } from "@headlessui/react";
import { useEffect, useId, useRef, useState } from "react";
import { useResettableState } from "~/hooks/use-resettable-state";
import { useFetcher } from "react-router";
import { FieldErrors, inputClass, RequiredMark } from "~/components/ui/field";
import type { PickerMatches, PickerOption } from "./picker-types";

const SEARCH_DELAY_MS = 200;

export interface PickerComboboxProps {
  /** The id of the box's wrapper (an error summary links to it; the input inside takes the focus). */
  id?: string;
  /** The hidden input that carries the chosen id. */
  name: string;
  label: string;
  /** The current choice (posted before, or preselected by the URL). */
  selected: PickerOption | null;
  errors?: string[];
  errorId: string;
  /** The URL whose loader answers the matches of a term (`{ matches }`). */
  searchHref: (term: string) => string;
  /** Offered before anything is typed (e.g. the families with the trial's WhatsApp). */
  proposals?: PickerOption[];
  placeholder?: string;
  /** Shown when a search found nothing. */
  emptyText: string;
  /** The line under the box when nothing is being searched; may tell the current choice. */
  hint?: string | ((selected: PickerOption | null) => string);
}

/**
 * The picker with JavaScript: a Headless UI Combobox that searches as you type
 * (a fetcher loads `searchHref(term)`), operable with the keyboard (arrows,
 * Enter, Escape); the choice is posted in a hidden input. It is its own module
 * so that Headless UI loads after the page is interactive (SearchPicker and the
 * trial's 'Matricular Aluno' import it lazily, with the no-JS choices meanwhile).
 */
export default function PickerCombobox({
  id,
  name,
  label,
  selected: initial,
  errors,
  errorId,
  searchHref,
  proposals = [],
  placeholder = "Digite para buscar",
  emptyText,
  hint,
}: PickerComboboxProps) {
  const [selected, setSelected] = useResettableState<PickerOption | null>(initial, initial);
  const [term, setTerm] = useState("");
  // The term last sent to the server: until its answer is in, the box says it is searching.
  const [requested, setRequested] = useState("");
  const fetcher = useFetcher<PickerMatches>();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hintId = useId();
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
    timer.current = setTimeout(() => {
      setRequested(trimmed);
      fetcher.load(searchHref(trimmed));
    }, SEARCH_DELAY_MS);
  };
  const typed = term.trim() !== "";
  const loading = typed && (fetcher.state === "loading" || requested !== term.trim());
  // Before typing, the proposals; after, the last search's matches (reopening the list with the arrows shows them again).
  const shown = !typed && proposals.length > 0 ? proposals : (fetcher.data?.matches ?? []);
  const status = loading
    ? "Buscando..."
    : typed && fetcher.data && shown.length === 0
      ? emptyText
      : typeof hint === "function"
        ? hint(selected)
        : (hint ?? "");

  return (
    <HeadlessField data-picker className="space-y-1.5">
      <Label className="block text-sm font-medium text-slate-900">
        {label}
        <RequiredMark />
      </Label>
      <Combobox value={selected} onChange={(o: PickerOption | null) => setSelected(o)} by="id" onClose={() => setTerm("")}>
        {/* The id is the box's wrapper's (the input's own id ties it to its label): an error summary's link lands here and focuses the input. */}
        <div className="relative" {...(id ? { id, tabIndex: -1 } : {})}>
          <ComboboxInput
            className={inputClass}
            displayValue={(o: PickerOption | null) => o?.label ?? ""}
            onChange={(e) => search(e.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={[hintId, errors?.length ? errorId : null].filter(Boolean).join(" ")}
          />
          {/* Rendered in place (no portal): the dialog is modal, so the list must live inside it. No matches, no list box. */}
          {shown.length === 0 ? null : (
            <ComboboxOptions className="absolute z-10 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg">
              {shown.map((o) => (
                <ComboboxOption
                  key={o.id}
                  value={o}
                  className="cursor-pointer px-3 py-2 text-slate-900 data-[focus]:bg-violet-100 data-[selected]:font-semibold"
                >
                  <span className="block">
                    {o.label}
                    {o.badge ? (
                      <span className={`ml-1 font-normal ${o.badgeWarns ? "text-amber-900" : "text-green-800"}`}>{o.badge}</span>
                    ) : null}
                  </span>
                  {o.detail ? <span className="block text-xs font-normal text-slate-600">{o.detail}</span> : null}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      <p id={hintId} className="text-xs text-slate-600" aria-live="polite">
        {status}
      </p>
      <input type="hidden" name={name} value={selected?.id ?? ""} />
      <FieldErrors id={errorId} errors={errors} />
    </HeadlessField>
  );
}
