import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { Route } from "./+types/student-form";
import { SearchPicker } from "~/components/search-picker";
import { Field, inputClass } from "~/components/ui/field";
import { CheckboxField } from "~/components/ui/form-controls";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { getStudent } from "~/domain/students/queries.server";
import { MAX_NOTES, studentFormSchema, type StudentDTO } from "~/domain/students/schema";
import { createStudent, updateStudent } from "~/domain/students/service.server";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { guardianMatches, guardianOption, pickerTerm } from "~/features/pickers/pickers.server";
import { listSearch } from "./+shared/student-screen";

/** The guardian search's URL parameter (the list behind `/students/new` owns `q`). */
const SEARCH = "guardianQ";

/**
 * /students/new (Team and Administrator; `?guardianId=` preselects the family)
 * and /students/:id/edit (Administrator). Without JavaScript the guardian is
 * found with 'Buscar' (a GET of this URL carrying the typed values, which come
 * back as the form's defaults); with JavaScript a combobox searches as you type.
 */
export async function loader(args: Route.LoaderArgs) {
  const { id } = args.params;
  const actor = await screenActor(args, id ? isAdmin : isStaff);
  const student = id ? await orRespond(getStudent(actor, id)) : null;
  const url = new URL(args.request.url);
  const term = pickerTerm(url, SEARCH);
  const typed = url.searchParams.has(SEARCH) ? url.searchParams : null;
  const guardianId = typed?.get("guardianId") || url.searchParams.get("guardianId") || student?.guardianId || null;
  const [matches, guardian] = await Promise.all([guardianMatches(term), guardianOption(guardianId)]);
  return {
    student,
    values: valuesOf(student, typed),
    guardian,
    matches,
    term,
    back: id ? `/students/${id}` : `/students${listSearch(url)}`,
  };
}

/** The form's values: the student's (or a new one's), replaced by what was typed before a no-JS search. */
function valuesOf(student: StudentDTO | null, typed: URLSearchParams | null) {
  if (typed) {
    return {
      fullName: (typed.get("fullName") ?? "").slice(0, 200),
      birthDate: (typed.get("birthDate") ?? "").slice(0, 10),
      notes: (typed.get("notes") ?? "").slice(0, MAX_NOTES),
      active: typed.has("active"),
    };
  }
  return {
    fullName: student?.fullName ?? "",
    birthDate: student?.birthDate ?? "",
    notes: student?.notes ?? "",
    active: student ? student.active : true,
  };
}

export async function action(args: Route.ActionArgs) {
  const { id } = args.params;
  return dialogAction(args, {
    permission: id ? isAdmin : isStaff,
    schema: studentFormSchema,
    save: (value, { actor }) => (id ? updateStudent(actor, id, value) : createStudent(actor, value)),
    // A re-rendered dialog keeps the chosen guardian.
    extra: async ({ formData }) => {
      const posted = formData.get("guardianId");
      return { guardian: await guardianOption(typeof posted === "string" ? posted : null) };
    },
    errorTitle: id ? "Erro ao atualizar aluno" : "Erro ao cadastrar aluno",
    // A new student's page comes next (to enrol them); an edit goes back to the page.
    redirectTo: (_value, saved) => `/students/${id ?? saved.id}`,
    success: id ? "Aluno atualizado" : "Aluno cadastrado",
  });
}

export default function StudentFormDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { student, values, term, matches, back } = loaderData;
  const guardian = actionData && "guardian" in actionData ? actionData.guardian : loaderData.guardian;
  const [form, fields] = useDialogForm({
    id: student ? `student-${student.id}` : "student-new",
    schema: studentFormSchema,
    defaultValue: {
      guardianId: guardian?.id ?? "",
      fullName: values.fullName,
      birthDate: values.birthDate,
      notes: values.notes,
      active: values.active ? "on" : undefined,
    },
  });
  return (
    <FormDialog
      form={form}
      title={student ? "Editar Aluno" : "Novo Aluno"}
      closeTo={back}
      size="lg"
      submit={student ? "update" : "register"}
    >
      <SearchPicker
        field={fields.guardianId}
        label="Responsável"
        searchLabel="Buscar responsável por nome, e-mail ou CPF"
        searchName={SEARCH}
        query={term}
        matches={matches}
        selected={guardian}
        emptyText="Nenhum responsável encontrado"
        hint="Busque por nome, e-mail ou CPF"
      />
      <Field label="Nome do aluno" field={fields.fullName} required>
        <input {...getInputProps(fields.fullName, { type: "text" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="Data de nascimento" field={fields.birthDate}>
        <input {...getInputProps(fields.birthDate, { type: "date" })} className={inputClass} />
      </Field>
      <Field label="Observações" field={fields.notes}>
        <textarea {...getTextareaProps(fields.notes)} rows={3} maxLength={MAX_NOTES} className={inputClass} />
      </Field>
      <CheckboxField field={fields.active} label="Ativo" />
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.student ? "Editar Aluno" : "Novo Aluno" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
