import { Op } from "sequelize";
import { Branch, Classroom, ClassroomSchedule, Course, User } from "#db/models.ts";
import { db } from "~/db.server";
import { isUuid } from "../validation";
import { compareSchedules, scheduleLabel } from "./schema";
import { STAFF_TYPES } from "./service.server";

/**
 * What the class dialog offers (§2): active courses, active branches, Team and
 * Administrator users, the chosen branch's classrooms and the chosen
 * classroom's schedules. Read straight from the models so this area does not
 * depend on the branches/classrooms services.
 */

export interface Option {
  id: string;
  label: string;
}

export interface ClassFormValues {
  courseId: string;
  responsibleId: string;
  branchId: string;
  classroomId: string;
  scheduleIds: string[];
  active: boolean;
}

export interface ClassFormOptions {
  courses: Option[];
  responsibles: Option[];
  branches: Option[];
  classrooms: Option[];
  schedules: Option[];
}

export const EMPTY_CLASS_FORM: ClassFormValues = {
  courseId: "",
  responsibleId: "",
  branchId: "",
  classroomId: "",
  scheduleIds: [],
  active: true,
};

/** `keep` is the value already chosen (editing a class whose course was since deactivated keeps it offered). */
function activeOr(keep?: string) {
  return keep && isUuid(keep) ? { [Op.or]: [{ active: true }, { id: keep }] } : { active: true };
}

export async function listCourseOptions(keep?: string): Promise<Option[]> {
  await db();
  const rows = await Course.findAll({ where: activeOr(keep), attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((c) => ({ id: c.id, label: c.name }));
}

export async function listBranchOptions(keep?: string): Promise<Option[]> {
  await db();
  const rows = await Branch.findAll({ where: activeOr(keep), attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((b) => ({ id: b.id, label: b.name }));
}

export async function listResponsibleOptions(): Promise<Option[]> {
  await db();
  const rows = await User.findAll({
    where: { userType: { [Op.in]: STAFF_TYPES } },
    attributes: ["id", "name"],
    order: [["name", "ASC"]],
  });
  return rows.map((u) => ({ id: u.id, label: u.name }));
}

export async function listClassroomOptions(branchId: string): Promise<Option[]> {
  if (!isUuid(branchId)) return [];
  await db();
  const rows = await Classroom.findAll({ where: { branchId }, attributes: ["id", "name"], order: [["name", "ASC"]] });
  return rows.map((c) => ({ id: c.id, label: c.name }));
}

/** Labelled like 'Segunda 08:00-09:00', weekday order then start time. */
export async function listScheduleOptions(classroomId: string): Promise<Option[]> {
  if (!isUuid(classroomId)) return [];
  await db();
  const rows = await ClassroomSchedule.findAll({
    where: { classroomId },
    attributes: ["id", "dayOfWeek", "startTime", "endTime"],
  });
  return rows
    .map((s) => ({ id: s.id, dayOfWeek: s.dayOfWeek, startTime: s.startTime, endTime: s.endTime }))
    .sort(compareSchedules)
    .map((s) => ({ id: s.id, label: scheduleLabel(s) }));
}

/** Reads what the dialog's form posted, without judging it (an unchecked "Ativo" box is absent). */
export function classFormValuesFrom(form: FormData): ClassFormValues {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v.trim() : "";
  };
  return {
    courseId: text("courseId"),
    responsibleId: text("responsibleId"),
    branchId: text("branchId"),
    classroomId: text("classroomId"),
    scheduleIds: form.getAll("scheduleIds").filter((v): v is string => typeof v === "string" && v !== ""),
    active: form.get("active") === "on",
  };
}

/** A URL may carry the dependent choices (`?branchId=&classroomId=&scheduleIds=`): the dialog's options for them. */
export function withDependentChoices(values: ClassFormValues, params: URLSearchParams): ClassFormValues {
  if (!params.has("branchId")) return values;
  return {
    ...values,
    branchId: params.get("branchId") ?? "",
    classroomId: params.get("classroomId") ?? "",
    scheduleIds: params.getAll("scheduleIds"),
  };
}

/**
 * The dialog's state for given values: the options, with the dependent ones
 * (classrooms of the branch, schedules of the classroom), a classroom that is
 * not in the branch and schedules that are not in the classroom dropped (so
 * changing the branch clears them), and, with `preselect`, any select that has
 * a single option chosen for the user (also a single schedule).
 */
export async function buildClassForm(
  input: ClassFormValues,
  { preselect = true, keep }: { preselect?: boolean; keep?: { courseId?: string; branchId?: string } } = {},
): Promise<{ values: ClassFormValues; options: ClassFormOptions }> {
  const values: ClassFormValues = { ...input, scheduleIds: [...input.scheduleIds] };
  const [courses, responsibles, branches] = await Promise.all([
    listCourseOptions(keep?.courseId),
    listResponsibleOptions(),
    listBranchOptions(keep?.branchId),
  ]);
  const single = (options: Option[], current: string) => (preselect && !current && options.length === 1 ? options[0].id : current);
  values.courseId = single(courses, values.courseId);
  values.responsibleId = single(responsibles, values.responsibleId);
  if (values.branchId && !branches.some((b) => b.id === values.branchId)) values.branchId = "";
  values.branchId = single(branches, values.branchId);

  const classrooms = values.branchId ? await listClassroomOptions(values.branchId) : [];
  if (!classrooms.some((c) => c.id === values.classroomId)) values.classroomId = "";
  values.classroomId = single(classrooms, values.classroomId);

  const schedules = values.classroomId ? await listScheduleOptions(values.classroomId) : [];
  values.scheduleIds = values.scheduleIds.filter((id) => schedules.some((s) => s.id === id));
  if (preselect && values.scheduleIds.length === 0 && schedules.length === 1) values.scheduleIds = [schedules[0].id];

  return { values, options: { courses, responsibles, branches, classrooms, schedules } };
}
