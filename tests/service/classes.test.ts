import { describe, expect, it } from "vitest";
import { buildClassForm, type ClassFormValues } from "~/domain/classes/queries.server";
import { makeBranch, makeClassroom, makeCourse, makeSchedule, makeStaffUser } from "../support/factories";

const blank: ClassFormValues = { courseId: "", responsibleId: "", branchId: "", classroomId: "", scheduleIds: [], active: true };

describe("buildClassForm: the class dialog's dependent choices", () => {
  it("offers the chosen branch's classrooms and the chosen classroom's schedules, in weekday order", async () => {
    const branch = await makeBranch();
    const classroom = await makeClassroom(branch.id, { name: "Sala A" });
    const other = await makeClassroom(branch.id, { name: "Sala B" });
    const saturday = await makeSchedule(classroom.id, { dayOfWeek: "Sábado", startTime: "09:00", endTime: "10:00" });
    const monday = await makeSchedule(classroom.id, { dayOfWeek: "Segunda", startTime: "18:00", endTime: "19:00" });
    const { values, options } = await buildClassForm({ ...blank, branchId: branch.id, classroomId: classroom.id });
    expect(options.classrooms).toEqual([
      { id: classroom.id, label: "Sala A" },
      { id: other.id, label: "Sala B" },
    ]);
    expect(options.schedules).toEqual([
      { id: monday.id, label: "Segunda 18:00-19:00" },
      { id: saturday.id, label: "Sábado 09:00-10:00" },
    ]);
    expect(values).toMatchObject({ branchId: branch.id, classroomId: classroom.id, scheduleIds: [] });
  });

  it("drops a classroom that is not in the branch and schedules that are not in the classroom", async () => {
    const branch = await makeBranch();
    const elsewhere = await makeClassroom((await makeBranch()).id);
    const foreign = await makeSchedule(elsewhere.id);
    const { values } = await buildClassForm(
      { ...blank, branchId: branch.id, classroomId: elsewhere.id, scheduleIds: [foreign.id] },
      { preselect: false },
    );
    expect(values).toMatchObject({ branchId: branch.id, classroomId: "", scheduleIds: [] });
  });

  it("preselects a single classroom and its single schedule; never over the user's choice without preselect", async () => {
    const branch = await makeBranch();
    const classroom = await makeClassroom(branch.id);
    const only = await makeSchedule(classroom.id);
    const chosen = await buildClassForm({ ...blank, branchId: branch.id });
    expect(chosen.values).toMatchObject({ classroomId: classroom.id, scheduleIds: [only.id] });
    const kept = await buildClassForm({ ...blank, branchId: branch.id }, { preselect: false });
    expect(kept.values).toMatchObject({ classroomId: "", scheduleIds: [] });
  });

  it("offers active courses and branches, and Team and Administrator users as responsibles; keeps a deactivated course being edited", async () => {
    const inactive = await makeCourse({ active: false });
    const active = await makeCourse();
    const client = await makeStaffUser("Client");
    const team = await makeStaffUser("Team");
    const closed = await makeBranch({ active: false });
    const { options } = await buildClassForm(blank, { preselect: false });
    const ids = (list: Array<{ id: string }>) => list.map((o) => o.id);
    expect(ids(options.courses)).toContain(active.id);
    expect(ids(options.courses)).not.toContain(inactive.id);
    expect(ids(options.responsibles)).toContain(team.id);
    expect(ids(options.responsibles)).not.toContain(client.id);
    expect(ids(options.branches)).not.toContain(closed.id);
    const editing = await buildClassForm({ ...blank, courseId: inactive.id }, { preselect: false, keep: { courseId: inactive.id } });
    expect(ids(editing.options.courses)).toContain(inactive.id);
    expect(editing.values.courseId).toBe(inactive.id);
  });
});
