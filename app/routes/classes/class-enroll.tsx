import type { Route } from "./+types/class-enroll";
import { SearchPicker } from "~/components/search-picker";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { getClass } from "~/domain/classes/queries.server";
import { getClassEnrollments } from "~/domain/enrollments/queries.server";
import { CLASS_FULL, enrollmentSchema } from "~/domain/enrollments/schema";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { enrollDialogSave, enrollState, typedEnrollValues } from "~/features/enrollments/enroll-form.server";
import { enrollDefaults, EnrollmentFields } from "~/features/enrollments/enrollment-fields";
import { useShell } from "~/hooks/use-shell";
import { pickerTerm, studentMatches, studentOption } from "~/features/pickers/pickers.server";

/** The student search's URL parameter. */
const SEARCH = "studentQ";

/**
 * /classes/:id/students/enroll (Team and Administrator): 'Matricular aluno',
 * an existing student into this class. The student is found with a combobox
 * (JS) or with 'Buscar' and radio choices (no JS: a GET of this URL carrying
 * the typed values, which come back as the defaults).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const classId = args.params.id;
  const cls = await orRespond(getClass(actor, classId));
  const url = new URL(args.request.url);
  const term = pickerTerm(url, SEARCH);
  const [state, matches, selected] = await Promise.all([
    enrollState(actor, classId),
    term ? studentsInClass(actor, classId).then((inClass) => studentMatches(term, inClass)) : [],
    studentOption(actor, url.searchParams.get("studentId")),
  ]);
  return {
    cls: { id: cls.id, title: `${cls.courseName} - Turma ${cls.classNumber}` },
    state,
    values: enrollDefaults(state, typedEnrollValues(url.searchParams)),
    term,
    matches,
    selected,
  };
}

/** The students with an enrolment in the class that is not cancelled (active or waiting): the picker leaves them out. */
async function studentsInClass(actor: Parameters<typeof getClassEnrollments>[0], classId: string): Promise<Set<string>> {
  const roster = await getClassEnrollments(actor, classId);
  return new Set([...roster.enrollments, ...roster.waitlist].map((e) => e.studentId));
}

export async function action(args: Route.ActionArgs) {
  const classId = args.params.id;
  return dialogAction(args, {
    permission: isStaff,
    load: (actor) => getClass(actor, classId),
    prepare: (formData) => formData.set("classId", classId),
    ...enrollDialogSave,
    // A re-rendered dialog keeps the chosen student and what was typed, with the class's current places.
    extra: async ({ actor, formData }) => {
      const studentId = formData.get("studentId");
      const [state, selected] = await Promise.all([
        enrollState(actor, classId),
        studentOption(actor, typeof studentId === "string" ? studentId : null),
      ]);
      return { state, values: enrollDefaults(state, typedEnrollValues(formData)), selected };
    },
    redirectTo: `/classes/${classId}/students`,
  });
}

export default function ClassEnrollDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { cls, term, matches } = loaderData;
  const answered = actionData && "state" in actionData ? actionData : null;
  const state = answered?.state ?? loaderData.state;
  const values = answered?.values ?? loaderData.values;
  const selected = answered ? answered.selected : loaderData.selected;
  const mayDiscount = useShell().permissions.isAdmin;
  const [form, fields] = useDialogForm({
    id: `class-enroll-${cls.id}`,
    schema: enrollmentSchema,
    defaultValue: { studentId: selected?.id ?? "" },
  });
  const classFull = form.errors?.includes(CLASS_FULL);
  // Another class of the course: its own dialog, with the student chosen here.
  const switchHref = (classId: string) =>
    `/classes/${classId}/students/enroll${selected ? `?${new URLSearchParams({ studentId: selected.id })}` : ""}`;
  return (
    <FormDialog
      form={form}
      title="Matricular aluno"
      description={cls.title}
      closeTo={`/classes/${cls.id}/students`}
      size="lg"
      submit={state.full || classFull ? "waitlist" : "enroll"}
    >
      {/* The class is the URL's (the action sets it again); here for the form's own checks. */}
      <input type="hidden" name={fields.classId.name} value={cls.id} />
      <SearchPicker
        field={fields.studentId}
        label="Aluno"
        searchLabel="Buscar aluno por nome"
        searchName={SEARCH}
        query={term}
        matches={matches}
        selected={selected}
        emptyText="Nenhum aluno encontrado"
        hint="Digite parte do nome do aluno"
      />
      <EnrollmentFields
        fields={fields}
        state={state}
        values={values}
        classFull={classFull}
        switchHref={switchHref}
        mayDiscount={mayDiscount}
      />
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Matricular aluno" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
