import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 " +
  "aria-[invalid=true]:border-red-600 disabled:cursor-not-allowed disabled:bg-slate-100";

/** A conform field's metadata, as much as a Field needs: the control's id, its messages and their id. */
export interface FieldMeta {
  id: string;
  errors?: string[];
  errorId: string;
}

/**
 * Label + control + errors. The control gets `aria-describedby={errorId}` from
 * conform's helpers; `field` gives `htmlFor`, `errors` and `errorId` at once.
 */
export function Field({
  label,
  field,
  htmlFor = field?.id ?? "",
  errors = field?.errors,
  errorId = field?.errorId,
  required,
  hint,
  className,
  children,
}: {
  label: ReactNode;
  field?: FieldMeta;
  htmlFor?: string;
  errors?: string[];
  errorId?: string;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-900">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A control of a GET filter form (reports, charges): its label above, its
 * messages below, no spacing of its own (the form's grid lays the controls out).
 */
export function FilterField({
  label,
  htmlFor,
  errors,
  errorId,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  errors?: string[];
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The star after a required field's label (the control itself carries `required` or the schema says so). */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return id ? <div id={id} hidden /> : null;
  return (
    <div id={id} className="text-sm text-red-700">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/** Form-level errors (messages not tied to one field), announced to screen readers. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * The `<option>`s of a select, one per item: a plain value (its own label), or a
 * record with an `id` (the value) and a `label`; `label` renders another text.
 */
export function Options<T extends string | { id: string; label?: ReactNode }>({
  items,
  label,
}: {
  items: readonly T[];
  label?: (item: T) => ReactNode;
}) {
  return items.map((item) => {
    const value = typeof item === "string" ? item : item.id;
    return (
      <option key={value} value={value}>
        {label ? label(item) : typeof item === "string" ? item : item.label}
      </option>
    );
  });
}
