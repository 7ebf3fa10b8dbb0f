import type { Route } from "./+types/courses";
import { RecordListPage } from "~/components/record-list";
import { listCourses } from "~/domain/courses/queries.server";
import { actorOf, requireUser } from "~/server/session.server";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { courses: await listCourses(actorOf(user)) };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  return <RecordListPage title="Cursos" base="/courses" record="este curso" rows={loaderData.courses} />;
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Cursos" }];
}
