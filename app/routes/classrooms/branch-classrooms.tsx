import { useEffect } from "react";
import { isRouteErrorResponse, Outlet, useParams } from "react-router";
import type { Route } from "./+types/branch-classrooms";
import { PlusIcon, SpriteIcon } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { CloseFooter, RouteDialog } from "~/components/ui/dialog";
import { useToast } from "~/components/ui/toaster";
import { isAdmin } from "~/domain/access/roles";
import { getBranchClassroomsOverview } from "~/domain/schedules/queries.server";
import { WEEKDAYS } from "~/domain/schedules/weekdays";
import { orRespond } from "~/server/forms.server";
import { actorOf, requireUser } from "~/server/session.server";

/** /branches/:id/classrooms: the branch's classrooms and their weekly slots, over the branches list. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const overview = await orRespond(getBranchClassroomsOverview(actorOf(user), params.id));
  return {
    branch: { id: overview.branch.id, name: overview.branch.name },
    totalCapacity: overview.totalCapacity,
    classrooms: overview.classrooms.map((c) => ({
      id: c.id,
      name: c.name,
      capacity: c.capacity,
      schedules: c.schedules.map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime })),
    })),
    isAdmin: isAdmin(user),
  };
}

export default function BranchClassrooms({ loaderData }: Route.ComponentProps) {
  const { branch, classrooms, totalCapacity, isAdmin } = loaderData;
  const base = `/branches/${branch.id}/classrooms`;
  return (
    <>
      <RouteDialog title={`Salas de Aula - ${branch.name}`} closeTo="/branches" size="lg">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-slate-800">Capacidade Total: {totalCapacity} vagas</p>
          {isAdmin ? (
            <LinkButton to={`${base}/new`} size="sm" preventScrollReset>
              <PlusIcon /> Adicionar Sala
            </LinkButton>
          ) : null}
        </div>
        {classrooms.length === 0 ? (
          <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
            Nenhuma sala cadastrada nesta unidade
          </p>
        ) : (
          <ul className="mt-4 space-y-3" aria-label="Salas">
            {classrooms.map((c) => (
              <li key={c.id} className="rounded-lg border border-slate-200 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="font-semibold">{c.name}</h3>
                    <p className="text-sm text-slate-700">Capacidade: {c.capacity} vagas/hora</p>
                  </div>
                  {isAdmin ? (
                    <div className="flex gap-2">
                      <LinkButton to={`${base}/${c.id}/edit`} variant="outline" size="sm" preventScrollReset>
                        <SpriteIcon name="pencil" /> <span className="sr-only sm:not-sr-only">Editar</span>
                        <span className="sr-only"> sala {c.name}</span>
                      </LinkButton>
                      <LinkButton to={`${base}/${c.id}/delete`} variant="outline" size="sm" preventScrollReset className="text-red-800">
                        <SpriteIcon name="trash" /> <span className="sr-only sm:not-sr-only">Excluir</span>
                        <span className="sr-only"> sala {c.name}</span>
                      </LinkButton>
                    </div>
                  ) : null}
                </div>
                <ScheduleDetails base={`${base}/${c.id}`} classroomName={c.name} schedules={c.schedules} isAdmin={isAdmin} />
              </li>
            ))}
          </ul>
        )}
        <CloseFooter to="/branches" />
      </RouteDialog>
      {/* Nested dialogs (classroom and schedule forms) open over this one. */}
      <Outlet />
    </>
  );
}

type Slot = { id: string; dayOfWeek: string; startTime: string; endTime: string };

/** 'Horários Disponíveis', grouped by weekday Monday to Saturday; `<details>` needs no script. */
function ScheduleDetails({
  base,
  classroomName,
  schedules,
  isAdmin,
}: {
  base: string;
  classroomName: string;
  schedules: Slot[];
  isAdmin: boolean;
}) {
  const groups = WEEKDAYS.map((day) => ({ day, slots: schedules.filter((s) => s.dayOfWeek === day) })).filter((g) => g.slots.length > 0);
  return (
    <details className="group mt-3 rounded-md bg-slate-50">
      <summary className="cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
        Horários Disponíveis <span className="sr-only">da sala {classroomName}</span>
        <span className="text-slate-600"> ({schedules.length})</span>
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {groups.length === 0 ? <p className="text-sm text-slate-700">Nenhum horário cadastrado</p> : null}
        {groups.map((g) => (
          <div key={g.day}>
            <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-700">{g.day}</h4>
            <ul className="mt-1 space-y-1" aria-label={`Horários de ${g.day}`}>
              {g.slots.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="tabular-nums">
                    {s.startTime} - {s.endTime}
                  </span>
                  {isAdmin ? (
                    <span className="flex gap-1">
                      <LinkButton to={`${base}/schedules/${s.id}/edit`} variant="ghost" size="sm" preventScrollReset>
                        <SpriteIcon name="pencil" />{" "}
                        <span className="sr-only">
                          Editar horário {g.day} {s.startTime} - {s.endTime}
                        </span>
                      </LinkButton>
                      <LinkButton
                        to={`${base}/schedules/${s.id}/delete`}
                        variant="ghost"
                        size="sm"
                        preventScrollReset
                        className="text-red-800"
                      >
                        <SpriteIcon name="trash" />{" "}
                        <span className="sr-only">
                          Excluir horário {g.day} {s.startTime} - {s.endTime}
                        </span>
                      </LinkButton>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
        {isAdmin ? (
          <LinkButton to={`${base}/schedules/new`} variant="outline" size="sm" preventScrollReset>
            <PlusIcon /> Adicionar Horário<span className="sr-only"> na sala {classroomName}</span>
          </LinkButton>
        ) : null}
      </div>
    </details>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.branch ? `Salas de Aula - ${data.branch.name}` : "Salas de Aula" }];
}

/** A load that failed (unknown branch, classroom or schedule, no permission): a dialog and a toast, the list stays. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const params = useParams();
  const { toast } = useToast();
  const title = params.scheduleId ? "Erro ao carregar horários" : "Erro ao carregar salas";
  const description = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : "Tente novamente.";
  useEffect(() => {
    toast({ title, description, variant: "destructive" });
  }, [toast, title, description]);
  return (
    <RouteDialog title={title} closeTo="/branches" size="sm" role="alertdialog">
      <p className="text-sm text-slate-700">{description}</p>
      <CloseFooter to="/branches" />
    </RouteDialog>
  );
}
