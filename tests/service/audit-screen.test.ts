import { describe, expect, it } from "vitest";
import { auditRecordNames, auditReferenceNames, listAuditPage } from "~/domain/audit/queries.server";
import { recordFailedSignIn, recordSignIn } from "~/domain/audit/service.server";
import { deleteStudent } from "~/domain/students/service.server";
import { makeClass, makeCourse, makeEnrollment, makeGuardian, makeOffer, makeStaffUser, makeStudent } from "../support/factories";
import { actorOfType } from "../support/service";

/** What 'Auditoria' shows of the trail: records by what they are, and the sign-ins only when asked for. */
describe("the audit screen's reads", () => {
  it("names each record by what it is, also one deleted since", async () => {
    const admin = await actorOfType("Administrator");
    const course = await makeCourse({ name: `Ballet Clássico ${Math.random().toString(36).slice(2, 6)}` });
    const { cls, branchId } = await makeClass({ courseId: course.id });
    const offer = await makeOffer(branchId);
    const { guardian } = await makeGuardian(1);
    const student = await makeStudent(guardian.id, { fullName: "Helena Oliveira" });
    const enrolment = await makeEnrollment({ studentId: student.id, classId: cls.id, offerId: offer.id });

    const page = await listAuditPage(admin, { entity: "enrollments", entityId: enrolment.id });
    expect(page.entries).toHaveLength(1);
    const names = await auditRecordNames(admin, page.entries);
    expect(names[page.entries[0].id]).toBe(`Matrícula de Helena Oliveira — ${course.name} - Turma ${cls.classNumber}`);
    // Its fields that point to other records ('Aluno', 'Turma') are named too.
    const references = await auditReferenceNames(admin, page.entries);
    expect(references[student.id]).toBe("Aluno Helena Oliveira");
    expect(references[cls.id]).toBe(`${course.name} - Turma ${cls.classNumber}`);

    const other = await makeStudent(guardian.id, { fullName: "Bruna Excluída" });
    await deleteStudent(admin, other.id);
    const gone = await listAuditPage(admin, { entity: "students", entityId: other.id });
    const goneNames = await auditRecordNames(admin, gone.entries);
    // Created and deleted: both entries name the student from their own values.
    expect(gone.entries.map((e) => goneNames[e.id])).toEqual(["Aluno Bruna Excluída", "Aluno Bruna Excluída"]);
    const studentNames = await auditRecordNames(admin, (await listAuditPage(admin, { entity: "students", entityId: student.id })).entries);
    expect(Object.values(studentNames)).toEqual(["Aluno Helena Oliveira"]);
  });

  it("leaves the sign-ins out with signIns=hide, shows them otherwise", async () => {
    const admin = await actorOfType("Administrator");
    const user = await makeStaffUser("Team");
    await recordSignIn({ id: user.id, name: user.name }, "203.0.113.7");
    await recordFailedSignIn("ninguem@teste.com", user.id, "203.0.113.7");
    const of = async (signIns?: "show" | "hide") =>
      (await listAuditPage(admin, { entity: "users", entityId: user.id, signIns })).entries.map((e) => e.action).sort();
    expect(await of()).toEqual(["create", "sign-in", "sign-in-failed"]);
    expect(await of("show")).toEqual(["create", "sign-in", "sign-in-failed"]);
    expect(await of("hide")).toEqual(["create"]);
  });
});
