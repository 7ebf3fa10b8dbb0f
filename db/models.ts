import { DataTypes, Model, type Sequelize } from "sequelize";
import { initAuditModel, registerAuditHooks } from "./audit.ts";

// Attributes are declared with `declare` so Sequelize's getters are not shadowed.
const uuid = { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 };

export class User extends Model {
  declare id: string;
  declare name: string;
  declare email: string;
  declare passwordHash: string;
  declare userType: string;
  declare cpf: string | null;
  declare avatarUrl: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Session extends Model {
  declare id: string;
  declare userId: string;
  declare expiresAt: Date;
  declare remember: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare user?: User;
}

export class LoginAttempt extends Model {
  declare key: string;
  declare failures: number;
  declare windowStart: Date;
}

export class Branch extends Model {
  declare id: string;
  declare name: string;
  declare address: string;
  declare active: boolean;
  declare isDefault: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Classroom extends Model {
  declare id: string;
  declare branchId: string;
  declare name: string;
  declare capacity: number;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class ClassroomSchedule extends Model {
  declare id: string;
  declare classroomId: string;
  declare dayOfWeek: string;
  declare startTime: string;
  declare endTime: string;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Offer extends Model {
  declare id: string;
  declare name: string;
  declare monthlyValue: string;
  declare checkoutLink: string;
  declare branchId: string;
  declare active: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Course extends Model {
  declare id: string;
  declare name: string;
  declare active: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Counter extends Model {
  declare name: string;
  declare value: number;
}

export class SchoolClass extends Model {
  declare id: string;
  declare classNumber: number;
  declare courseId: string;
  declare responsibleId: string;
  declare branchId: string;
  declare classroomId: string;
  declare active: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class ClassScheduleLink extends Model {
  declare id: string;
  declare classId: string;
  declare scheduleId: string;
  declare createdAt: Date;
}

export class Guardian extends Model {
  declare id: string;
  declare userId: string | null;
  declare address: string;
  /** When the family was anonymised, and why (0017-guardian-anonymization); null otherwise. */
  declare anonymizedAt: Date | null;
  declare anonymizationReason: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class GuardianPerson extends Model {
  declare id: string;
  declare guardianId: string;
  declare fullName: string;
  declare cpf: string;
  declare email: string;
  declare birthDate: string | null;
  declare phone: string | null;
  declare isPrimary: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class Trial extends Model {
  declare id: string;
  declare guardianName: string;
  declare studentName: string;
  declare classId: string;
  declare whatsappNumber: string;
  declare scheduledDate: string;
  declare scheduledTime: string;
  declare status: string;
  declare origin: string;
  declare enrollmentId: string | null;
  /** The funnel's end (0019-trial-outcomes-tasks): who follows the lead, and null (open) | 'Matriculado' | 'Perdido'. */
  declare ownerId: string | null;
  declare outcome: string | null;
  declare lostReason: string | null;
  declare lostNote: string | null;
  declare closedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

export class TrialStatusHistory extends Model {
  declare id: string;
  declare trialId: string;
  declare status: string;
  /** An outcome change (0019): 'Matriculado' | 'Perdido' | 'Reaberto'; null for a status change. */
  declare outcome: string | null;
  declare lostReason: string | null;
  declare changedAt: Date;
}

/** A follow-up of a trial (tarefa), owned by a Team or Administrator user (0019-trial-outcomes-tasks). */
export class Task extends Model {
  declare id: string;
  declare trialId: string;
  declare ownerId: string | null;
  declare dueAt: string;
  declare note: string | null;
  declare doneAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A student (aluno) of one guardian, the family (0009-students-enrollments). */
export class Student extends Model {
  declare id: string;
  declare guardianId: string;
  declare fullName: string;
  declare birthDate: string | null;
  declare notes: string | null;
  declare active: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A student's enrolment (matrícula) in a class, on an offer (0009-students-enrollments). */
export class Enrollment extends Model {
  declare id: string;
  declare studentId: string;
  declare classId: string;
  declare offerId: string;
  declare startDate: string;
  declare status: string;
  declare waitlistPosition: number | null;
  declare cancelledAt: Date | null;
  declare cancelReason: string | null;
  declare trialId: string | null;
  /** When it left the waiting list (0014-enrollment-promotions); null otherwise. */
  declare promotedAt: Date | null;
  /** Discount on the offer's monthly value, 0–100 (0018-billing); DECIMAL: a string on PostgreSQL. */
  declare discountPercent: string | number;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** One pupil's presence in one session (0010-attendance-makeups): of an enrolment or of a make-up. */
export class AttendanceRecord extends Model {
  declare id: string;
  declare enrollmentId: string | null;
  declare makeupId: string | null;
  declare classId: string;
  declare scheduleId: string;
  declare date: string;
  declare status: string;
  declare note: string | null;
  declare takenById: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A make-up (reposição) of an absence, booked into a session of a class (0010-attendance-makeups). */
export class Makeup extends Model {
  declare id: string;
  declare absenceId: string;
  declare classId: string;
  declare scheduleId: string;
  declare date: string;
  declare status: string;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** An absence a family warns of before the session (0016-absence-notices). */
export class AbsenceNotice extends Model {
  declare id: string;
  declare enrollmentId: string;
  declare classId: string;
  declare scheduleId: string;
  declare date: string;
  declare note: string | null;
  declare createdById: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A branch's billing settings (0018-billing): Pix key and payee, due day, fine and interest (DECIMAL percentages). */
export class BillingSettings extends Model {
  declare branchId: string;
  declare pixKey: string | null;
  declare payeeName: string | null;
  declare payeeCity: string | null;
  declare dueDay: number;
  declare finePercent: string | number;
  declare monthlyInterestPercent: string | number;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A charge (cobrança) of a family (0018-billing): monthly (of an enrolment and a month) or one-off; amounts in cents. */
export class Charge extends Model {
  declare id: string;
  declare code: string;
  declare guardianId: string;
  declare studentId: string | null;
  declare enrollmentId: string | null;
  declare branchId: string;
  declare competence: string | null;
  declare description: string;
  declare amountCents: number;
  declare dueDate: string;
  declare status: string;
  declare paidAt: Date | null;
  declare feesWaived: boolean;
  declare waiveReason: string | null;
  declare cancelReason: string | null;
  /** The fee terms in force when it was issued (0023-charge-fee-terms): percent, two decimals. */
  declare finePercent: string | number;
  declare monthlyInterestPercent: string | number;
  /** Its registration at the bank as a `cobv` (0025-bank-connections): null when the branch has no bank connection. */
  declare bankTxid: string | null;
  declare bankStatus: string | null;
  declare bankRevision: number | null;
  declare bankLocation: string | null;
  declare bankCopyPaste: string | null;
  declare bankError: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A branch's bank connection (0025-bank-connections): API Pix over mutual TLS; the secrets sealed. */
export class BankConnectionRow extends Model {
  declare branchId: string;
  declare provider: string;
  declare baseUrl: string;
  declare tokenUrl: string;
  declare clientId: string;
  declare clientSecretSealed: string;
  declare certificatePem: string;
  declare privateKeySealed: string;
  declare caCertificatePem: string | null;
  declare pixKey: string | null;
  declare webhookSecretSealed: string;
  declare status: string;
  declare lastError: string | null;
  declare checkedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A payment of a charge (0018-billing): never deleted, reversed with a reason. */
export class Payment extends Model {
  declare id: string;
  declare chargeId: string;
  declare amountCents: number;
  declare paidOn: string;
  declare method: string;
  declare note: string | null;
  declare createdById: string | null;
  declare reversedAt: Date | null;
  declare reversedById: string | null;
  declare reverseReason: string | null;
  /** Where it came from (0026-bank-money): 'manual' (a clerk) or 'bank' (a Pix the bank confirmed, by its endToEndId). */
  declare source: string;
  declare endToEndId: string | null;
  /** A refund of a bank payment asked of the bank: its id, 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO', and why. */
  declare refundId: string | null;
  declare refundStatus: string | null;
  declare refundReason: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** One event of a charge's life (0018-billing), with who and when. */
export class ChargeHistory extends Model {
  declare id: string;
  declare chargeId: string;
  declare event: string;
  declare detail: string | null;
  declare userId: string | null;
  declare userName: string | null;
  declare createdAt: Date;
}

let initialised: Sequelize | null = null;

/** Binds the model classes to a connection (once per process). */
export function initModels(sequelize: Sequelize) {
  if (initialised === sequelize) return;
  initialised = sequelize;
  const opts = (tableName: string, extra: object = {}) => ({ sequelize, tableName, ...extra });

  User.init(
    {
      id: uuid,
      name: { type: DataTypes.STRING, allowNull: false },
      email: { type: DataTypes.STRING, allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING, allowNull: false },
      userType: { type: DataTypes.STRING, allowNull: false },
      cpf: { type: DataTypes.STRING(11), allowNull: true },
      avatarUrl: { type: DataTypes.STRING, allowNull: true },
    },
    opts("users"),
  );
  Session.init(
    {
      id: uuid,
      userId: { type: DataTypes.UUID, allowNull: false },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      remember: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    opts("sessions"),
  );
  LoginAttempt.init(
    {
      key: { type: DataTypes.STRING, primaryKey: true },
      failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      windowStart: { type: DataTypes.DATE, allowNull: false },
    },
    opts("login_attempts", { timestamps: false }),
  );
  Branch.init(
    {
      id: uuid,
      name: { type: DataTypes.STRING, allowNull: false },
      address: { type: DataTypes.STRING, allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      isDefault: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    opts("branches"),
  );
  Classroom.init(
    {
      id: uuid,
      branchId: { type: DataTypes.UUID, allowNull: false },
      name: { type: DataTypes.STRING, allowNull: false },
      capacity: { type: DataTypes.INTEGER, allowNull: false },
    },
    opts("classrooms"),
  );
  ClassroomSchedule.init(
    {
      id: uuid,
      classroomId: { type: DataTypes.UUID, allowNull: false },
      dayOfWeek: { type: DataTypes.STRING, allowNull: false, defaultValue: "Segunda" },
      startTime: { type: DataTypes.STRING(5), allowNull: false },
      endTime: { type: DataTypes.STRING(5), allowNull: false },
    },
    opts("classroom_schedules"),
  );
  Offer.init(
    {
      id: uuid,
      name: { type: DataTypes.STRING, allowNull: false },
      monthlyValue: { type: DataTypes.DECIMAL(10, 2), allowNull: false },
      checkoutLink: { type: DataTypes.STRING, allowNull: false },
      branchId: { type: DataTypes.UUID, allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    },
    opts("offers"),
  );
  Course.init(
    {
      id: uuid,
      name: { type: DataTypes.STRING, allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    },
    opts("courses"),
  );
  Counter.init(
    {
      name: { type: DataTypes.STRING, primaryKey: true },
      value: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    },
    opts("counters", { timestamps: false }),
  );
  SchoolClass.init(
    {
      id: uuid,
      classNumber: { type: DataTypes.INTEGER, allowNull: false, unique: true },
      courseId: { type: DataTypes.UUID, allowNull: false },
      responsibleId: { type: DataTypes.UUID, allowNull: false },
      branchId: { type: DataTypes.UUID, allowNull: false },
      classroomId: { type: DataTypes.UUID, allowNull: false },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    },
    opts("classes"),
  );
  ClassScheduleLink.init(
    {
      id: uuid,
      classId: { type: DataTypes.UUID, allowNull: false },
      scheduleId: { type: DataTypes.UUID, allowNull: false },
    },
    opts("class_schedules", { updatedAt: false }),
  );
  Guardian.init(
    {
      id: uuid,
      userId: { type: DataTypes.UUID, allowNull: true },
      address: { type: DataTypes.STRING, allowNull: false },
      anonymizedAt: { type: DataTypes.DATE, allowNull: true },
      anonymizationReason: { type: DataTypes.TEXT, allowNull: true },
    },
    opts("guardians"),
  );
  GuardianPerson.init(
    {
      id: uuid,
      guardianId: { type: DataTypes.UUID, allowNull: false },
      fullName: { type: DataTypes.STRING, allowNull: false },
      cpf: { type: DataTypes.STRING(11), allowNull: false },
      email: { type: DataTypes.STRING, allowNull: false },
      birthDate: { type: DataTypes.DATEONLY, allowNull: true },
      phone: { type: DataTypes.STRING, allowNull: true },
      isPrimary: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    opts("guardian_persons"),
  );
  Trial.init(
    {
      id: uuid,
      guardianName: { type: DataTypes.STRING, allowNull: false },
      studentName: { type: DataTypes.STRING, allowNull: false },
      classId: { type: DataTypes.UUID, allowNull: false },
      whatsappNumber: { type: DataTypes.STRING, allowNull: false },
      scheduledDate: { type: DataTypes.DATEONLY, allowNull: false },
      scheduledTime: { type: DataTypes.STRING(5), allowNull: false },
      status: { type: DataTypes.STRING, allowNull: false, defaultValue: "Agendado" },
      origin: { type: DataTypes.STRING, allowNull: false, defaultValue: "Outros" },
      enrollmentId: { type: DataTypes.UUID, allowNull: true },
      ownerId: { type: DataTypes.UUID, allowNull: true },
      outcome: { type: DataTypes.STRING, allowNull: true },
      lostReason: { type: DataTypes.STRING, allowNull: true },
      lostNote: { type: DataTypes.STRING, allowNull: true },
      closedAt: { type: DataTypes.DATE, allowNull: true },
    },
    opts("trials"),
  );
  TrialStatusHistory.init(
    {
      id: uuid,
      trialId: { type: DataTypes.UUID, allowNull: false },
      status: { type: DataTypes.STRING, allowNull: false },
      outcome: { type: DataTypes.STRING, allowNull: true },
      lostReason: { type: DataTypes.STRING, allowNull: true },
      changedAt: { type: DataTypes.DATE, allowNull: false },
    },
    opts("trial_status_history", { timestamps: false }),
  );
  Task.init(
    {
      id: uuid,
      trialId: { type: DataTypes.UUID, allowNull: false },
      ownerId: { type: DataTypes.UUID, allowNull: true },
      dueAt: { type: DataTypes.DATEONLY, allowNull: false },
      note: { type: DataTypes.STRING, allowNull: true },
      doneAt: { type: DataTypes.DATE, allowNull: true },
    },
    opts("tasks"),
  );

  Student.init(
    {
      id: uuid,
      guardianId: { type: DataTypes.UUID, allowNull: false },
      fullName: { type: DataTypes.STRING, allowNull: false },
      birthDate: { type: DataTypes.DATEONLY, allowNull: true },
      notes: { type: DataTypes.TEXT, allowNull: true },
      active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    },
    opts("students"),
  );
  Enrollment.init(
    {
      id: uuid,
      studentId: { type: DataTypes.UUID, allowNull: false },
      classId: { type: DataTypes.UUID, allowNull: false },
      offerId: { type: DataTypes.UUID, allowNull: false },
      startDate: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING, allowNull: false },
      waitlistPosition: { type: DataTypes.INTEGER, allowNull: true },
      cancelledAt: { type: DataTypes.DATE, allowNull: true },
      cancelReason: { type: DataTypes.STRING, allowNull: true },
      trialId: { type: DataTypes.UUID, allowNull: true },
      promotedAt: { type: DataTypes.DATE, allowNull: true },
      discountPercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 0 },
    },
    opts("enrollments"),
  );
  AttendanceRecord.init(
    {
      id: uuid,
      enrollmentId: { type: DataTypes.UUID, allowNull: true },
      makeupId: { type: DataTypes.UUID, allowNull: true },
      classId: { type: DataTypes.UUID, allowNull: false },
      scheduleId: { type: DataTypes.UUID, allowNull: false },
      date: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING, allowNull: false },
      note: { type: DataTypes.STRING, allowNull: true },
      takenById: { type: DataTypes.UUID, allowNull: true },
    },
    opts("attendance_records"),
  );
  Makeup.init(
    {
      id: uuid,
      absenceId: { type: DataTypes.UUID, allowNull: false },
      classId: { type: DataTypes.UUID, allowNull: false },
      scheduleId: { type: DataTypes.UUID, allowNull: false },
      date: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING, allowNull: false },
    },
    opts("makeups"),
  );
  AbsenceNotice.init(
    {
      id: uuid,
      enrollmentId: { type: DataTypes.UUID, allowNull: false },
      classId: { type: DataTypes.UUID, allowNull: false },
      scheduleId: { type: DataTypes.UUID, allowNull: false },
      date: { type: DataTypes.DATEONLY, allowNull: false },
      note: { type: DataTypes.STRING, allowNull: true },
      createdById: { type: DataTypes.UUID, allowNull: true },
    },
    opts("absence_notices"),
  );

  initChargesModels(sequelize);
  initUploadModel(sequelize);
  initBankMoneyModels(sequelize);
  initStoredObjectModels(sequelize);
  initJobModels(sequelize);
  // Every create, update and delete of the models above writes its audit entry (db/audit.ts).
  initAuditModel(sequelize);
  registerAuditHooks(sequelize);
  Session.belongsTo(User, { foreignKey: "userId", as: "user" });
  Classroom.belongsTo(Branch, { foreignKey: "branchId", as: "branch" });
  Branch.hasMany(Classroom, { foreignKey: "branchId", as: "classrooms" });
  ClassroomSchedule.belongsTo(Classroom, { foreignKey: "classroomId", as: "classroom" });
  Classroom.hasMany(ClassroomSchedule, { foreignKey: "classroomId", as: "schedules" });
  Offer.belongsTo(Branch, { foreignKey: "branchId", as: "branch" });
  SchoolClass.belongsTo(Course, { foreignKey: "courseId", as: "course" });
  SchoolClass.belongsTo(User, { foreignKey: "responsibleId", as: "responsible" });
  SchoolClass.belongsTo(Branch, { foreignKey: "branchId", as: "branch" });
  SchoolClass.belongsTo(Classroom, { foreignKey: "classroomId", as: "classroom" });
  SchoolClass.hasMany(ClassScheduleLink, { foreignKey: "classId", as: "scheduleLinks" });
  ClassScheduleLink.belongsTo(ClassroomSchedule, { foreignKey: "scheduleId", as: "schedule" });
  Guardian.hasMany(GuardianPerson, { foreignKey: "guardianId", as: "persons" });
  GuardianPerson.belongsTo(Guardian, { foreignKey: "guardianId", as: "guardian" });
  Trial.belongsTo(SchoolClass, { foreignKey: "classId", as: "class" });
  Trial.hasMany(TrialStatusHistory, { foreignKey: "trialId", as: "history" });
}

function initChargesModels(sequelize: Sequelize) {
  const opts = (tableName: string, extra: object = {}) => ({ sequelize, tableName, ...extra });
  BillingSettings.init(
    {
      branchId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      pixKey: { type: DataTypes.STRING(77), allowNull: true },
      payeeName: { type: DataTypes.STRING(100), allowNull: true },
      payeeCity: { type: DataTypes.STRING(60), allowNull: true },
      dueDay: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 10 },
      finePercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 2 },
      monthlyInterestPercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 1 },
    },
    opts("billing_settings"),
  );
  Charge.init(
    {
      id: uuid,
      code: { type: DataTypes.STRING(25), allowNull: false, unique: true },
      guardianId: { type: DataTypes.UUID, allowNull: false },
      studentId: { type: DataTypes.UUID, allowNull: true },
      enrollmentId: { type: DataTypes.UUID, allowNull: true },
      branchId: { type: DataTypes.UUID, allowNull: false },
      competence: { type: DataTypes.STRING(7), allowNull: true },
      description: { type: DataTypes.STRING(200), allowNull: false },
      amountCents: { type: DataTypes.INTEGER, allowNull: false },
      dueDate: { type: DataTypes.DATEONLY, allowNull: false },
      status: { type: DataTypes.STRING(20), allowNull: false },
      paidAt: { type: DataTypes.DATE, allowNull: true },
      feesWaived: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      waiveReason: { type: DataTypes.STRING(500), allowNull: true },
      cancelReason: { type: DataTypes.STRING(500), allowNull: true },
      finePercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 2 },
      monthlyInterestPercent: { type: DataTypes.DECIMAL(5, 2), allowNull: false, defaultValue: 1 },
      bankTxid: { type: DataTypes.STRING(35), allowNull: true, unique: true },
      bankStatus: { type: DataTypes.STRING(12), allowNull: true },
      bankRevision: { type: DataTypes.INTEGER, allowNull: true },
      bankLocation: { type: DataTypes.STRING(300), allowNull: true },
      bankCopyPaste: { type: DataTypes.TEXT, allowNull: true },
      bankError: { type: DataTypes.STRING(500), allowNull: true },
    },
    opts("charges"),
  );
  BankConnectionRow.init(
    {
      branchId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      provider: { type: DataTypes.STRING(20), allowNull: false, defaultValue: "api-pix" },
      baseUrl: { type: DataTypes.STRING(300), allowNull: false },
      tokenUrl: { type: DataTypes.STRING(300), allowNull: false },
      clientId: { type: DataTypes.STRING(200), allowNull: false },
      clientSecretSealed: { type: DataTypes.TEXT, allowNull: false },
      certificatePem: { type: DataTypes.TEXT, allowNull: false },
      privateKeySealed: { type: DataTypes.TEXT, allowNull: false },
      caCertificatePem: { type: DataTypes.TEXT, allowNull: true },
      pixKey: { type: DataTypes.STRING(77), allowNull: true },
      webhookSecretSealed: { type: DataTypes.TEXT, allowNull: false },
      status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "unchecked" },
      lastError: { type: DataTypes.STRING(500), allowNull: true },
      checkedAt: { type: DataTypes.DATE, allowNull: true },
    },
    opts("bank_connections"),
  );
  Payment.init(
    {
      id: uuid,
      chargeId: { type: DataTypes.UUID, allowNull: false },
      amountCents: { type: DataTypes.INTEGER, allowNull: false },
      paidOn: { type: DataTypes.DATEONLY, allowNull: false },
      method: { type: DataTypes.STRING(20), allowNull: false },
      note: { type: DataTypes.STRING(500), allowNull: true },
      createdById: { type: DataTypes.UUID, allowNull: true },
      reversedAt: { type: DataTypes.DATE, allowNull: true },
      reversedById: { type: DataTypes.UUID, allowNull: true },
      reverseReason: { type: DataTypes.STRING(500), allowNull: true },
      source: { type: DataTypes.STRING(10), allowNull: false, defaultValue: "manual" },
      endToEndId: { type: DataTypes.STRING(35), allowNull: true, unique: true },
      refundId: { type: DataTypes.STRING(35), allowNull: true },
      refundStatus: { type: DataTypes.STRING(20), allowNull: true },
      refundReason: { type: DataTypes.STRING(500), allowNull: true },
    },
    opts("payments"),
  );
  ChargeHistory.init(
    {
      id: uuid,
      chargeId: { type: DataTypes.UUID, allowNull: false },
      event: { type: DataTypes.STRING(30), allowNull: false },
      detail: { type: DataTypes.STRING(500), allowNull: true },
      userId: { type: DataTypes.UUID, allowNull: true },
      userName: { type: DataTypes.STRING, allowNull: true },
    },
    opts("charge_history", { updatedAt: false }),
  );
}

/** An issued upload URL and, once used, the object it stored (0002-uploads). */
export class Upload extends Model {
  declare id: string;
  declare issuedBy: string | null;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare objectId: string | null;
  declare contentType: string | null;
  declare size: number | null;
  declare completedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

function initUploadModel(sequelize: Sequelize) {
  Upload.init(
    {
      id: uuid,
      issuedBy: { type: DataTypes.UUID, allowNull: true },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      usedAt: { type: DataTypes.DATE, allowNull: true },
      objectId: { type: DataTypes.UUID, allowNull: true, unique: true },
      contentType: { type: DataTypes.STRING(50), allowNull: true },
      size: { type: DataTypes.INTEGER, allowNull: true },
      completedAt: { type: DataTypes.DATE, allowNull: true },
    },
    { sequelize, tableName: "uploads" },
  );
}

/** An uploaded object kept in the database (0006-stored-objects): the header… */
export class StoredObject extends Model {
  declare id: string;
  declare contentType: string;
  declare size: number;
  declare complete: boolean;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** …and its bytes, in chunks numbered from 0. */
export class StoredObjectChunk extends Model {
  declare objectId: string;
  declare seq: number;
  declare data: Buffer;
}

function initStoredObjectModels(sequelize: Sequelize) {
  StoredObject.init(
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      contentType: { type: DataTypes.STRING(50), allowNull: false },
      size: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      complete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    },
    { sequelize, tableName: "stored_objects" },
  );
  StoredObjectChunk.init(
    {
      objectId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      seq: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
      data: { type: DataTypes.BLOB, allowNull: false },
    },
    { sequelize, tableName: "stored_object_chunks", timestamps: false },
  );
}

/** A Pix the bank announced or listed (0026-bank-money), by its endToEndId, and what became of it. */
export class PixInbox extends Model {
  declare endToEndId: string;
  declare branchId: string;
  declare txid: string | null;
  /** Cents. */
  declare valor: number | null;
  declare horario: Date | null;
  declare infoPagador: string | null;
  declare receivedAt: Date;
  declare processedAt: Date | null;
  declare chargeId: string | null;
  declare paymentId: string | null;
  /** 'recorded' | 'no-charge' | 'duplicate'; null while not processed. */
  declare outcome: string | null;
}

/** One reconciliation of a branch with its bank (0026-bank-money): the span read and its counts. */
export class ReconciliationRun extends Model {
  declare id: string;
  declare branchId: string;
  declare at: Date;
  declare since: Date;
  declare until: Date;
  declare received: number;
  declare recorded: number;
  declare error: string | null;
}

function initBankMoneyModels(sequelize: Sequelize) {
  PixInbox.init(
    {
      endToEndId: { type: DataTypes.STRING(35), primaryKey: true, allowNull: false },
      branchId: { type: DataTypes.UUID, allowNull: false },
      txid: { type: DataTypes.STRING(35), allowNull: true },
      valor: { type: DataTypes.INTEGER, allowNull: true },
      horario: { type: DataTypes.DATE, allowNull: true },
      infoPagador: { type: DataTypes.STRING(140), allowNull: true },
      receivedAt: { type: DataTypes.DATE, allowNull: false },
      processedAt: { type: DataTypes.DATE, allowNull: true },
      chargeId: { type: DataTypes.UUID, allowNull: true },
      paymentId: { type: DataTypes.UUID, allowNull: true },
      outcome: { type: DataTypes.STRING(20), allowNull: true },
    },
    { sequelize, tableName: "pix_inbox", timestamps: false },
  );
  ReconciliationRun.init(
    {
      id: uuid,
      branchId: { type: DataTypes.UUID, allowNull: false },
      at: { type: DataTypes.DATE, allowNull: false },
      since: { type: DataTypes.DATE, allowNull: false },
      until: { type: DataTypes.DATE, allowNull: false },
      received: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      recorded: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      error: { type: DataTypes.STRING(500), allowNull: true },
    },
    { sequelize, tableName: "reconciliation_runs", timestamps: false },
  );
}

/** A job of the queue (0024-jobs, ADR 023); its statements are in db/jobs.ts. */
export class Job extends Model {
  declare id: string;
  declare kind: string;
  declare payload: string;
  declare key: string | null;
  declare activeKey: string | null;
  declare status: "pending" | "running" | "done" | "failed";
  declare attempts: number;
  declare runAt: Date;
  declare lockedAt: Date | null;
  declare lockedBy: string | null;
  declare lastError: string | null;
  declare finishedAt: Date | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}

/** A slot of a recurring job that ran (0024-jobs): its result counts (JSON) or its error. */
export class RecurringRun extends Model {
  declare id: string;
  declare name: string;
  declare slot: Date;
  declare startedAt: Date;
  declare finishedAt: Date | null;
  declare result: string | null;
  declare error: string | null;
}

function initJobModels(sequelize: Sequelize) {
  Job.init(
    {
      id: uuid,
      kind: { type: DataTypes.STRING(100), allowNull: false },
      payload: { type: DataTypes.TEXT, allowNull: false },
      key: { type: DataTypes.STRING(200), allowNull: true },
      activeKey: { type: DataTypes.STRING(200), allowNull: true },
      status: { type: DataTypes.STRING(10), allowNull: false },
      attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      runAt: { type: DataTypes.DATE, allowNull: false },
      lockedAt: { type: DataTypes.DATE, allowNull: true },
      lockedBy: { type: DataTypes.STRING(100), allowNull: true },
      lastError: { type: DataTypes.TEXT, allowNull: true },
      finishedAt: { type: DataTypes.DATE, allowNull: true },
    },
    { sequelize, tableName: "jobs" },
  );
  RecurringRun.init(
    {
      id: uuid,
      name: { type: DataTypes.STRING(100), allowNull: false },
      slot: { type: DataTypes.DATE, allowNull: false },
      startedAt: { type: DataTypes.DATE, allowNull: false },
      finishedAt: { type: DataTypes.DATE, allowNull: true },
      result: { type: DataTypes.TEXT, allowNull: true },
      error: { type: DataTypes.TEXT, allowNull: true },
    },
    { sequelize, tableName: "recurring_runs", timestamps: false },
  );
}
