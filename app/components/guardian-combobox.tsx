import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field as HeadlessField, Label as HeadlessLabel } from "@headlessui/react";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { FieldErrors, inputClass } from "~/components/ui/field";

/** A guardian as a picker shows it: the primary person's name, and what tells families apart. */
export interface GuardianChoice {
  id: string;
  name: string;
  detail: string;
}

/** What the search URL's loader answers (the 'Matricular Aluno' dialog's, with `?q=`). */
interface SearchAnswer {
  form: { q: string; found: GuardianChoice[] | null } | null;
}

/**
 * With JavaScript: a combobox that searches the guardians as you type (the
 * dialog's own loader with `?q=`, through a fetcher); before typing it offers
 * the WhatsApp matches. The choice travels in a hidden input.
 */
export default function GuardianCombobox({
  name,
  errorId,
  errors,
  initial,
  proposals,
  matchIds,
  searchUrl,
}: {
  name: string;
  errorId: string;
  errors?: string[];
  initial: GuardianChoice | null;
  proposals: GuardianChoice[];
  matchIds: string[];
  /** The dialog's own URL with `?q=`: its loader answers `form.found`. */
  searchUrl: (term: string) => string;
}) {
  const fetcher = useFetcher<SearchAnswer>();
  const [selected, setSelected] = useState<GuardianChoice | null>(initial);
  const [query, setQuery] = useState("");
  const hintId = useId();
  const term = query.trim();

  useEffect(() => {
    if (!term) return;
    const timer = setTimeout(() => fetcher.load(searchUrl(term)), 200);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- searching on the term only
  }, [term]);

  const results = term ? (fetcher.data?.form?.found ?? []) : proposals;
  const searching = Boolean(term) && (fetcher.state !== "idle" || fetcher.data?.form?.q !== term);

  return (
    <HeadlessField className="space-y-1.5">
      <HeadlessLabel className="block text-sm font-medium text-slate-900">
        Responsável<span className="text-red-700" aria-hidden="true"> *</span>
      </HeadlessLabel>
      <Combobox value={selected} onChange={setSelected} by="id" onClose={() => setQuery("")}>
        <div className="relative">
          <ComboboxInput
            className={inputClass}
            displayValue={(g: GuardianChoice | null) => g?.name ?? ""}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Busque por nome, e-mail ou CPF"
            autoComplete="off"
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={[hintId, errors?.length ? errorId : null].filter(Boolean).join(" ")}
          />
          <ComboboxOptions className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible">
            {results.map((g) => (
              <ComboboxOption
                key={g.id}
                value={g}
                className="cursor-pointer px-3 py-2 text-slate-900 data-[focus]:bg-violet-100 data-[selected]:font-semibold"
              >
                <span className="block">
                  {g.name}
                  {matchIds.includes(g.id) ? <span className="ml-1 text-green-800">(mesmo WhatsApp)</span> : null}
                </span>
                {g.detail ? <span className="block text-xs text-slate-700">{g.detail}</span> : null}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <input type="hidden" name={name} value={selected?.id ?? ""} />
      <p id={hintId} className="text-xs text-slate-600" aria-live="polite">
        {searching ? "Buscando..." : term && results.length === 0 ? "Nenhum responsável encontrado" : selected ? `Selecionado: ${selected.name}${selected.detail ? ` (${selected.detail})` : ""}` : "Nenhum responsável selecionado"}
      </p>
      <FieldErrors id={errorId} errors={errors} />
    </HeadlessField>
  );
}
