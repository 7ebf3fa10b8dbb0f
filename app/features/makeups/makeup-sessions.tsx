import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/ui/field";
import { CLASH_NOTE, type MakeupSessionOption } from "./makeup-screen";

/**
 * The sessions with room for a make-up, as radio cards: the staff's dialog on the
 * student's page and the family's own ('Agendar reposição') show the same list.
 */
export function MakeupSessions({ field, options }: { field: FieldMetadata<string>; options: readonly MakeupSessionOption[] }) {
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-900">Aulas com vagas (mesmo curso, próximos 30 dias)</legend>
      <div className="space-y-2">
        {options.map((o, i) => {
          const id = `${field.id}-${i}`;
          return (
            <label
              key={o.value}
              htmlFor={id}
              data-clash={o.clash ? "" : undefined}
              className={`flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 ${
                o.clash ? "border-dashed border-amber-600" : "border-slate-300"
              }`}
            >
              <input
                {...getInputProps(field, { type: "radio", value: o.value })}
                id={id}
                key={`${o.value}-${field.initialValue ?? ""}`}
                aria-describedby={o.clash ? `${id}-clash` : undefined}
                className="mt-1 size-4 accent-violet-700"
              />
              <span className="flex-1 text-sm">
                <span className="block font-medium">{o.classLabel}</span>
                <span className="block text-slate-700">
                  {o.when}, {o.time}
                </span>
                {o.clash ? (
                  <span id={`${id}-clash`} className="block font-medium text-amber-800">
                    {CLASH_NOTE}
                  </span>
                ) : null}
              </span>
              <span className="text-sm font-medium whitespace-nowrap text-green-800">{o.places}</span>
            </label>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
