import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Button } from "./button";

/** True while a form posting to `action` (default: any) is being submitted. */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (!action) return true;
  return navigation.formAction?.split("?")[0] === action.split("?")[0];
}

/** A submit button that shows its pending label (e.g. 'Criando...') while its form is submitting. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  variant,
  className,
  name,
  value,
  form,
}: {
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
  variant?: "default" | "destructive" | "outline";
  className?: string;
  name?: string;
  value?: string;
  form?: string;
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={pending}
      aria-disabled={pending}
      className={className}
      name={name}
      value={value}
      form={form}
    >
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** A checkbox with its label on the right (active flags, default branch...); `field` is its conform field ("on" when checked). */
export function CheckboxField({
  field,
  id = field?.id ?? "",
  name = field?.name ?? "",
  label,
  defaultChecked = field ? field.initialValue === "on" : undefined,
  errors = field?.errors,
  errorId = field?.errorId,
}: {
  field?: { id: string; name: string; initialValue?: unknown; errors?: string[]; errorId: string };
  id?: string;
  name?: string;
  label: ReactNode;
  defaultChecked?: boolean;
  errors?: string[];
  errorId?: string;
}) {
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          id={id}
          name={name}
          value="on"
          defaultChecked={defaultChecked}
          aria-describedby={errors?.length ? errorId : undefined}
          className="h-4 w-4 rounded border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
      </div>
      {errors?.length ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
