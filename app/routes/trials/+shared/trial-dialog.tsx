import type { ComponentProps } from "react";
import { useLocation } from "react-router";
import { FormDialog } from "~/components/ui/form-dialog";

type FormDialogProps<Shape extends Record<string, unknown>> = ComponentProps<typeof FormDialog<Shape>>;

/**
 * A small dialog over a trial's view: the student and the guardian under the
 * title, posting to its own URL with the calendar's place in the query.
 */
export function TrialDialog<Shape extends Record<string, unknown>>({
  trial,
  ...props
}: Omit<FormDialogProps<Shape>, "description" | "size" | "action"> & { trial: { studentName: string; guardianName: string } }) {
  const location = useLocation();
  return (
    <FormDialog
      {...props}
      description={`${trial.studentName} (${trial.guardianName})`}
      size="sm"
      action={location.pathname + location.search}
    />
  );
}
