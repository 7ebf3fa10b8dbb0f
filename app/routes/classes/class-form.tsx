import { getSelectProps } from "@conform-to/react";
import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/class-form";
import { Button } from "~/components/ui/button";
import { Field, FieldErrors, inputClass, Options, RequiredMark } from "~/components/ui/field";
import { CheckboxField } from "~/components/ui/form-controls";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isAdmin } from "~/domain/access/roles";
import { buildClassForm, getClass, type ClassFormOptions, type ClassFormValues, type Option } from "~/domain/classes/queries.server";
import { classFormValuesFrom, EMPTY_CLASS_FORM, withDependentChoices } from "./+shared/class-form-state";
import { classFormSchema } from "~/domain/classes/schema";
import { createClass, updateClass } from "~/domain/classes/service.server";
import type { ClassDTO } from "~/domain/classes/schema";
import { useHydrated } from "~/hooks/use-hydrated";
import { useResettableState } from "~/hooks/use-resettable-state";
import type { PromotionDTO } from "~/domain/enrollments/schema";
import { dialogAction, orRespond, screenActor } from "~/server/forms.server";
import { withPromotions } from "~/features/enrollments/enroll-form.server";

function valuesOf(cls: ClassDTO | null): ClassFormValues {
  if (!cls) return EMPTY_CLASS_FORM;
  return {
    courseId: cls.courseId,
    responsibleId: cls.responsibleId,
    branchId: cls.branchId,
    classroomId: cls.classroomId,
    scheduleIds: cls.scheduleIds,
    active: cls.active,
  };
}

/** An edited class keeps its own course and branch offered even if they were deactivated since. */
const keepOf = (cls: ClassDTO | null) => ({ courseId: cls?.courseId, branchId: cls?.branchId });

/**
 * /classes/new and /classes/:id/edit. The URL may carry `?branchId=&classroomId=`:
 * the dialog then offers that branch's classrooms and that classroom's schedules
 * (the enhanced form loads this with a fetcher when a select changes).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isAdmin);
  const cls = args.params.id ? await orRespond(getClass(actor, args.params.id)) : null;
  const values = withDependentChoices(valuesOf(cls), new URL(args.request.url).searchParams);
  return { cls, ...(await buildClassForm(values, { keep: keepOf(cls) })) };
}

/**
 * Save, or (without JS) `intent=refresh` from the 'Continuar' button: answer the
 * dialog again for the chosen branch/classroom, keeping everything, saving nothing.
 */
export async function action(args: Route.ActionArgs) {
  const { id } = args.params;
  return dialogAction(args, {
    permission: isAdmin,
    load: async (actor) => (id ? getClass(actor, id) : null),
    intents: {
      refresh: async ({ loaded: cls, formData }) => ({ form: await buildClassForm(classFormValuesFrom(formData), { keep: keepOf(cls) }) }),
    },
    schema: classFormSchema,
    save: async (value, { actor, loaded: cls }) => {
      // Another classroom, or active again: the waiting list may take seats; the toast names who did.
      const promoted: PromotionDTO[] = [];
      if (!cls) {
        await createClass(actor, value);
        return { promoted };
      }
      await updateClass(actor, cls.id, value, promoted);
      return { promoted };
    },
    // A re-rendered dialog shows exactly what was posted (no preselection over the user's choice).
    extra: async ({ loaded: cls, formData }) => ({
      form: await buildClassForm(classFormValuesFrom(formData), { preselect: false, keep: keepOf(cls) }),
    }),
    errorTitle: id ? "Erro ao atualizar turma" : "Erro ao criar turma",
    redirectTo: "/classes",
    success: (saved) => (id ? withPromotions("Turma atualizada com sucesso", saved.promoted) : "Turma criada com sucesso"),
  });
}

type FormState = { values: ClassFormValues; options: ClassFormOptions };

export default function ClassFormDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { cls } = loaderData;
  const editing = Boolean(cls);
  const server: FormState = actionData?.form ?? loaderData;
  const location = useLocation();
  const hydrated = useHydrated();

  // The dependent choices are React state so a change updates the next select at once.
  // They start over from each answer of the server (the loader's, or the action's with its errors).
  const [branchId, setBranchId] = useResettableState(server.values.branchId, server);
  const [classroomId, setClassroomId] = useResettableState(server.values.classroomId, server);
  const [scheduleIds, setScheduleIds] = useResettableState<string[]>(server.values.scheduleIds, server);
  const [classrooms, setClassrooms] = useResettableState<Option[]>(server.options.classrooms, server);
  const [schedules, setSchedules] = useResettableState<Option[]>(server.options.schedules, server);

  // A branch or classroom chosen: its dependents arrive once, when the fetcher is done.
  const options = useFetcher<typeof loader>();
  const [handled, setHandled] = useState(options.data);
  if (options.data && options.state === "idle" && options.data !== handled) {
    setHandled(options.data);
    setClassrooms(options.data.options.classrooms);
    setSchedules(options.data.options.schedules);
    setClassroomId(options.data.values.classroomId);
    setScheduleIds(options.data.values.scheduleIds);
  }

  const loadDependents = (next: { branchId: string; classroomId?: string; scheduleIds?: string[] }) => {
    const params = new URLSearchParams({ branchId: next.branchId, classroomId: next.classroomId ?? "" });
    for (const id of next.scheduleIds ?? []) params.append("scheduleIds", id);
    options.load(`${location.pathname}?${params}`);
  };

  const [form, fields] = useDialogForm({
    id: cls ? `class-${cls.id}` : "class-new",
    schema: classFormSchema,
    defaultValue: {
      courseId: server.values.courseId,
      responsibleId: server.values.responsibleId,
      active: server.values.active ? "on" : undefined,
    },
  });
  const loading = options.state === "loading";

  return (
    <FormDialog
      form={form}
      title={editing ? "Editar Turma" : "Adicionar Turma"}
      closeTo="/classes"
      size="lg"
      fieldsetClassName="grid gap-4 sm:grid-cols-2"
      submit={editing ? "update" : "create"}
    >
      <Field label="Curso" field={fields.courseId} required>
        <select {...getSelectProps(fields.courseId)} className={inputClass}>
          <option value="">Selecione o curso</option>
          <Options items={server.options.courses} />
        </select>
      </Field>
      <Field label="Responsável" field={fields.responsibleId} required>
        <select {...getSelectProps(fields.responsibleId)} className={inputClass}>
          <option value="">Selecione o responsável</option>
          <Options items={server.options.responsibles} />
        </select>
      </Field>
      <Field label="Unidade" field={fields.branchId} required>
        <select
          id={fields.branchId.id}
          name={fields.branchId.name}
          value={branchId}
          aria-invalid={fields.branchId.errors ? true : undefined}
          aria-describedby={fields.branchId.errors ? fields.branchId.errorId : undefined}
          onChange={(e) => {
            const next = e.currentTarget.value;
            // §2: changing the branch clears classroom and schedules.
            setBranchId(next);
            setClassroomId("");
            setScheduleIds([]);
            setClassrooms([]);
            setSchedules([]);
            if (next) loadDependents({ branchId: next });
          }}
          className={inputClass}
        >
          <option value="">Selecione a unidade</option>
          <Options items={server.options.branches} />
        </select>
      </Field>
      <Field
        label="Sala"
        field={fields.classroomId}
        required
        hint={
          branchId && !loading && classrooms.length === 0 && (hydrated || branchId === server.values.branchId)
            ? "Esta unidade não possui salas cadastradas"
            : undefined
        }
      >
        <select
          id={fields.classroomId.id}
          name={fields.classroomId.name}
          value={classroomId}
          aria-invalid={fields.classroomId.errors ? true : undefined}
          aria-describedby={fields.classroomId.errors ? fields.classroomId.errorId : undefined}
          aria-busy={loading || undefined}
          onChange={(e) => {
            const next = e.currentTarget.value;
            // §2: on create a new classroom clears the schedules; when editing, the
            // schedules that still fit are kept (none do across classrooms).
            const keep = editing ? scheduleIds : [];
            setClassroomId(next);
            setScheduleIds(keep);
            setSchedules([]);
            if (next) loadDependents({ branchId, classroomId: next, scheduleIds: keep });
          }}
          className={inputClass}
        >
          <option value="">Selecione a sala</option>
          <Options items={classrooms} />
        </select>
      </Field>
      {hydrated ? null : (
        <div className="sm:col-span-2">
          <p className="mb-2 text-xs text-slate-600">
            Escolheu outra unidade ou sala? Clique em Continuar para ver as salas e os horários dela.
          </p>
          <Button type="submit" name="intent" value="refresh" variant="outline" size="sm">
            Continuar
          </Button>
        </div>
      )}
      {/* The group's id and tabIndex: the error summary's link for 'Horários' leads here. */}
      <fieldset
        id={fields.scheduleIds.id}
        tabIndex={-1}
        className="sm:col-span-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        aria-describedby={fields.scheduleIds.errors ? fields.scheduleIds.errorId : undefined}
      >
        <legend className="mb-1.5 block text-sm font-medium text-slate-900">
          Horários
          <RequiredMark />
        </legend>
        {schedules.length === 0 ? (
          <p className="text-sm text-slate-600">
            {loading
              ? "Carregando horários..."
              : classroomId && (hydrated || classroomId === server.values.classroomId)
                ? "Esta sala não possui horários cadastrados"
                : "Selecione uma sala para ver os horários"}
          </p>
        ) : (
          <div className="grid gap-2 sm:grid-cols-2">
            {schedules.map((s) => {
              const id = `${fields.scheduleIds.id}-${s.id}`;
              return (
                <div key={s.id} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    id={id}
                    name={fields.scheduleIds.name}
                    value={s.id}
                    checked={scheduleIds.includes(s.id)}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setScheduleIds((ids) => (checked ? [...ids, s.id] : ids.filter((x) => x !== s.id)));
                    }}
                    className="h-4 w-4 rounded border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
                  />
                  <label htmlFor={id} className="text-sm text-slate-900">
                    {s.label}
                  </label>
                </div>
              );
            })}
          </div>
        )}
        <FieldErrors id={fields.scheduleIds.errorId} errors={fields.scheduleIds.errors} />
      </fieldset>
      <CheckboxField field={fields.active} label="Ativo" />
    </FormDialog>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.cls ? "Editar Turma" : "Adicionar Turma" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
