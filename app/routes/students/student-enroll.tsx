import { useMemo, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/student-enroll";
import { Button } from "~/components/ui/button";
import { Field, inputClass, Options } from "~/components/ui/field";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { listClassOptions } from "~/domain/classes/queries.server";
import type { ClassOption } from "~/domain/classes/schema";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { CLASS_FULL, enrollmentSchema } from "~/domain/enrollments/schema";
import { getStudent } from "~/domain/students/queries.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShell } from "~/hooks/use-shell";
import { useResettableState } from "~/hooks/use-resettable-state";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { enrollDialogSave, enrollState, typedEnrollValues } from "~/features/enrollments/enroll-form.server";
import { enrollDefaults, EnrollmentFields, type EnrollState, type EnrollValues } from "~/features/enrollments/enrollment-fields";

/**
 * /students/:id/enroll (Team and Administrator): a new enrolment of this
 * student: the class, then its offers and its next session as the start date
 * (`?classId=` chooses the class: the enhanced form loads it with a fetcher,
 * without JavaScript 'Continuar' answers the dialog for the chosen class).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const student = await orRespond(getStudent(actor, args.params.id));
  const url = new URL(args.request.url);
  const [classes, state, branchId] = await Promise.all([
    listClassOptions(),
    enrollState(actor, url.searchParams.get("classId")),
    getSelectedBranchId(args.context),
  ]);
  return {
    student: { id: student.id, fullName: student.fullName },
    classGroups: groupByBranch(classes, branchId),
    state,
    values: enrollDefaults(state, typedEnrollValues(url.searchParams)),
  };
}

/**
 * The network's active classes grouped by branch (an <optgroup> each, in the
 * select): the selected branch first, then the others by name; classes in
 * class-number order within each.
 */
function groupByBranch(classes: ClassOption[], selectedId: string | null) {
  const groups = new Map<string, { branchId: string; branchName: string; classes: Array<{ id: string; label: string }> }>();
  for (const c of classes) {
    const group = groups.get(c.branchId) ?? { branchId: c.branchId, branchName: c.branchName, classes: [] };
    group.classes.push({ id: c.id, label: c.label });
    groups.set(c.branchId, group);
  }
  return [...groups.entries()]
    .sort(([a, x], [b, y]) => Number(b === selectedId) - Number(a === selectedId) || x.branchName.localeCompare(y.branchName, "pt-BR"))
    .map(([, group]) => group);
}

export async function action(args: Route.ActionArgs) {
  const studentId = args.params.id;
  const formState = async (actor: Parameters<typeof enrollState>[0], formData: FormData) => {
    const classId = formData.get("classId");
    const state = await enrollState(actor, typeof classId === "string" ? classId : null);
    return { state, values: enrollDefaults(state, typedEnrollValues(formData)) };
  };
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => getStudent(actor, studentId),
    intents: { refresh: ({ actor, formData }) => formState(actor, formData) },
    prepare: (formData) => formData.set("studentId", studentId),
    ...enrollDialogSave,
    extra: ({ actor, formData }) => formState(actor, formData),
    redirectTo: `/students/${studentId}`,
  });
}

export default function StudentEnrollDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { student, classGroups } = loaderData;
  const server = useMemo<{ state: EnrollState; values: EnrollValues }>(
    () => (actionData && "state" in actionData ? actionData : { state: loaderData.state, values: loaderData.values }),
    [actionData, loaderData],
  );
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const mayDiscount = useShell().permissions.isAdmin;

  // The class's offers and dates are state, so choosing a class updates them at once.
  const [current, setCurrent] = useResettableState(server, server);
  const options = useFetcher<typeof loader>();
  // A class chosen: its offers and dates arrive once, when the fetcher is done.
  const [handled, setHandled] = useState(options.data);
  if (options.data && options.state === "idle" && options.data !== handled) {
    setHandled(options.data);
    setCurrent({ state: options.data.state, values: options.data.values });
  }

  const [form, fields] = useDialogForm({
    id: `student-enroll-${student.id}`,
    schema: enrollmentSchema,
    defaultValue: { classId: server.state.classId },
  });
  const classErrors = fields.classId.errors;
  const classFull = form.errors?.includes(CLASS_FULL) && server.state.classId === current.state.classId;
  const full = current.state.full || Boolean(classFull);
  return (
    <FormDialog
      form={form}
      title="Nova matrícula"
      description={student.fullName}
      closeTo={`/students/${student.id}`}
      size="lg"
      submit={current.state.classId && full ? "waitlist" : "enroll"}
    >
      {/* The student is the URL's (the action sets it again); here for the form's own checks. */}
      <input type="hidden" name={fields.studentId.name} value={student.id} />
      <Field label="Turma" field={fields.classId} required>
        <select
          id={fields.classId.id}
          name={fields.classId.name}
          defaultValue={server.state.classId}
          key={`class-${server.state.classId}`}
          aria-invalid={classErrors ? true : undefined}
          aria-describedby={classErrors ? fields.classId.errorId : undefined}
          onChange={(e) => {
            const classId = e.currentTarget.value;
            if (classId) options.load(`${pathname}?${new URLSearchParams({ classId })}`);
            else
              setCurrent({
                state: { ...current.state, classId: "", offers: [], full: false, alternatives: [] },
                values: { offerId: "", startDate: "", waitlist: false, discountPercent: current.values.discountPercent },
              });
          }}
          className={inputClass}
        >
          <option value="">Selecione a turma</option>
          {classGroups.map((group) => (
            <optgroup key={group.branchId} label={group.branchName}>
              <Options items={group.classes} />
            </optgroup>
          ))}
        </select>
      </Field>
      {hydrated ? null : (
        <div>
          <p className="mb-2 text-xs text-slate-600">
            Escolheu outra turma? Clique em Continuar para ver as ofertas e a próxima aula dela.
          </p>
          <Button type="submit" name="intent" value="refresh" variant="outline" size="sm" formNoValidate>
            Continuar
          </Button>
        </div>
      )}
      <EnrollmentFields
        fields={fields}
        state={current.state}
        values={current.values}
        classFull={classFull}
        loading={options.state === "loading"}
        switchHref={(classId) => `${pathname}?${new URLSearchParams({ classId })}`}
        mayDiscount={mayDiscount}
      />
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Nova matrícula" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
