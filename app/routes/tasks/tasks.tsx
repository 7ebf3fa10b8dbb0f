import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tasks";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass, Options } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page";
import { isAdmin, isStaff } from "~/domain/access/roles";
import { formatDay } from "~/domain/calendar/dates";
import { STAFF_TYPES } from "~/domain/classes/queries.server";
import { ownerTasks, type TaskItem } from "~/domain/tasks/queries.server";
import { completeTask } from "~/domain/tasks/service.server";
import { listUserOptions } from "~/domain/users/queries.server";
import { isUuid } from "~/domain/validation";
import { followUpMessage, whatsappLink } from "~/lib/whatsapp";
import { cn } from "~/lib/cn";
import { formAction, formText, orRespond, screenActor } from "~/server/forms.server";

/**
 * 'Minhas tarefas' (/tasks): the follow-ups of the signed-in user (an
 * Administrator may look at another owner's with `?ownerId=`), overdue, today's
 * and the next ones; each with a WhatsApp link to the lead and 'Concluir' (a
 * plain form post, Post/Redirect/Get).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const asked = new URL(args.request.url).searchParams.get("ownerId");
  const admin = isAdmin(actor);
  const ownerId = admin && asked && isUuid(asked) ? asked : actor.id;
  const [groups, owners] = await Promise.all([orRespond(ownerTasks(actor, ownerId)), admin ? listUserOptions(STAFF_TYPES) : []]);
  const view = (t: TaskItem) => ({
    id: t.id,
    trialId: t.trialId,
    dueAt: t.dueAt,
    note: t.note,
    done: t.doneAt !== null,
    studentName: t.studentName,
    guardianName: t.guardianName,
    whatsapp: whatsappLink(t.whatsappNumber, followUpMessage(t)),
  });
  return {
    ownerId,
    mine: ownerId === actor.id,
    owners,
    overdue: groups.overdue.map(view),
    today: groups.today.map(view),
    next: groups.next.map(view),
  };
}

/** 'Concluir' (`taskId`): back to the same list with 'Tarefa concluída'. */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    permission: isStaff,
    schema: z.object({ taskId: formText() }),
    save: (value, { actor }) => completeTask(actor, value.taskId),
    errorTitle: "Erro ao concluir tarefa",
    redirectTo: (_value, _task, { url }) => url.pathname + url.search,
    success: "Tarefa concluída",
  });
}

type Item = Route.ComponentProps["loaderData"]["today"][number];

function TaskGroup({ id, title, items, empty, late = false }: { id: string; title: string; items: Item[]; empty: string; late?: boolean }) {
  return (
    <section aria-labelledby={id} className="mb-6">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title} <span className="text-sm font-normal text-slate-700">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((t) => (
            <li
              key={t.id}
              className={cn("rounded-lg border bg-white p-3", late ? "border-red-300" : "border-slate-200")}
              data-testid="task"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold">
                    <Link to={`/trials/${t.trialId}/history`} className="underline-offset-2 hover:underline">
                      {t.studentName}
                    </Link>{" "}
                    <span className="font-normal">({t.guardianName})</span>
                  </p>
                  <p className="text-sm text-slate-700">
                    {late ? "Atrasada desde " : ""}
                    {formatDay(t.dueAt)}
                    {t.done ? " · Concluída" : ""}
                  </p>
                  {t.note ? <p className="text-sm">{t.note}</p> : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <a href={t.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("outline", "sm", "min-h-11")}>
                    WhatsApp<span className="sr-only">{` de ${t.guardianName}`}</span>
                  </a>
                  {t.done ? null : (
                    <Form method="post">
                      <input type="hidden" name="taskId" value={t.id} />
                      <Button type="submit" size="sm" className="min-h-11">
                        Concluir<span className="sr-only">{` a tarefa de ${t.studentName}`}</span>
                      </Button>
                    </Form>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Tasks({ loaderData }: Route.ComponentProps) {
  const { ownerId, mine, owners, overdue, today, next } = loaderData;
  const ownerName = owners.find((o) => o.id === ownerId)?.label;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Minhas tarefas"
        description={
          mine ? "Acompanhamento dos experimentais: atrasadas, de hoje e próximas" : `Tarefas de ${ownerName ?? "outro responsável"}`
        }
      />
      {owners.length ? (
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="task-owner" className="block text-sm font-medium text-slate-800">
              Responsável
            </label>
            <select id="task-owner" name="ownerId" defaultValue={ownerId} className={cn(inputClass, "mt-1 min-h-11")}>
              <Options items={owners} />
            </select>
          </div>
          <Button type="submit" variant="outline" className="min-h-11">
            Ver
          </Button>
        </Form>
      ) : null}
      <TaskGroup id="tasks-overdue" title="Atrasadas" items={overdue} empty="Nenhuma tarefa atrasada" late />
      <TaskGroup id="tasks-today" title="Hoje" items={today} empty="Nenhuma tarefa para hoje" />
      <TaskGroup id="tasks-next" title="Próximas" items={next} empty="Nenhuma tarefa próxima" />
    </div>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Minhas tarefas" }];
}
