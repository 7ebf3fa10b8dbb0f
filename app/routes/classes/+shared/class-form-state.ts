import type { ClassFormValues } from "~/domain/classes/queries.server";

/**
 * The class dialog's state as the HTTP layer carries it: what its form posted
 * and what its URL says. The options for it are the classes module's read
 * model (`buildClassForm`).
 */

export const EMPTY_CLASS_FORM: ClassFormValues = {
  courseId: "",
  responsibleId: "",
  branchId: "",
  classroomId: "",
  scheduleIds: [],
  active: true,
};

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
