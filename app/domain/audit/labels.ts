import { dateAndTimeIn } from "../calendar/dates";
import { formatBRL } from "~/lib/format";
import { centsToReais } from "../money";

// The audit trail's labels, formatting and messages: no zod here (schema.ts re-exports them),
// so the audit screen downloads no zod.

/**
 * The audit trail (db/audit.ts writes it; migration 0014): one entry per
 * create, update and delete of a record, and per sign-in, failed sign-in and
 * sign-out. Read by administrators on 'Auditoria' (/audit) and GET /api/audit.
 */

/** The entities as the screen names them (an entity is its table); an unknown one is shown as it is. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  users: "Usuários",
  branches: "Filiais",
  classrooms: "Salas",
  classroom_schedules: "Horários",
  offers: "Ofertas",
  courses: "Cursos",
  classes: "Turmas",
  class_schedules: "Horários das turmas",
  guardians: "Responsáveis",
  guardian_persons: "Pessoas dos responsáveis",
  trials: "Aulas experimentais",
  trial_status_history: "Histórico das aulas experimentais",
  students: "Alunos",
  enrollments: "Matrículas",
  attendance_records: "Presenças",
  makeups: "Reposições",
  tasks: "Tarefas",
  billing_settings: "Configurações financeiras",
  charges: "Cobranças",
  payments: "Pagamentos",
  charge_history: "Histórico das cobranças",
  jobs: "Trabalhos em segundo plano",
  bank_connections: "Conexões com o banco",
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: "Criação",
  update: "Alteração",
  delete: "Exclusão",
  "sign-in": "Entrada",
  "sign-in-failed": "Entrada recusada",
  "sign-out": "Saída",
};

/** One record of each entity, as a record's name starts ('Matrícula de …'); an unknown one is its plural label. */
export const AUDIT_RECORD_LABELS: Record<string, string> = {
  users: "Usuário",
  branches: "Filial",
  classrooms: "Sala",
  classroom_schedules: "Horário",
  offers: "Oferta",
  courses: "Curso",
  classes: "Turma",
  class_schedules: "Horário da turma",
  guardians: "Responsável",
  guardian_persons: "Pessoa",
  trials: "Experimental",
  trial_status_history: "Histórico do experimental",
  students: "Aluno",
  enrollments: "Matrícula",
  attendance_records: "Presença",
  makeups: "Reposição",
  tasks: "Tarefa",
  billing_settings: "Configurações financeiras",
  charges: "Cobrança",
  payments: "Pagamento",
  charge_history: "Histórico da cobrança",
  jobs: "Trabalho",
  absence_notices: "Aviso de falta",
  bank_connections: "Conexão com o banco",
};

/** The fields of the records, as the screens name them; an unknown one is shown as it is. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: "Nome",
  email: "E-mail",
  passwordHash: "Senha",
  userType: "Tipo de usuário",
  cpf: "CPF",
  avatarUrl: "Foto",
  address: "Endereço",
  active: "Ativo",
  isDefault: "Padrão",
  branchId: "Filial",
  classroomId: "Sala",
  capacity: "Capacidade",
  dayOfWeek: "Dia da semana",
  startTime: "Horário inicial",
  endTime: "Horário final",
  monthlyValue: "Valor mensal",
  checkoutLink: "Link de pagamento",
  classNumber: "Número da turma",
  courseId: "Curso",
  responsibleId: "Professor responsável",
  classId: "Turma",
  scheduleId: "Horário",
  userId: "Usuário",
  anonymizedAt: "Anonimizado em",
  anonymizationReason: "Motivo da anonimização",
  guardianId: "Responsável",
  fullName: "Nome completo",
  birthDate: "Data de nascimento",
  phone: "Telefone",
  isPrimary: "Pessoa principal",
  guardianName: "Nome do responsável",
  studentName: "Nome do aluno",
  whatsappNumber: "WhatsApp",
  scheduledDate: "Data",
  scheduledTime: "Horário",
  status: "Status",
  origin: "Origem",
  enrollmentId: "Matrícula",
  ownerId: "Responsável pelo atendimento",
  outcome: "Resultado",
  lostReason: "Motivo da perda",
  lostNote: "Observação da perda",
  closedAt: "Encerrado em",
  trialId: "Experimental",
  changedAt: "Alterado em",
  dueAt: "Prazo",
  note: "Observação",
  notes: "Observações",
  doneAt: "Concluída em",
  studentId: "Aluno",
  offerId: "Oferta",
  startDate: "Data de início",
  waitlistPosition: "Posição na lista de espera",
  cancelledAt: "Cancelada em",
  cancelReason: "Motivo do cancelamento",
  promotedAt: "Saiu da lista de espera em",
  discountPercent: "Desconto",
  makeupId: "Reposição",
  date: "Data",
  takenById: "Chamada feita por",
  absenceId: "Falta",
  createdById: "Registrado por",
  pixKey: "Chave Pix",
  baseUrl: "URL da API Pix",
  tokenUrl: "URL do token",
  clientId: "Client ID",
  clientSecretSealed: "Client secret",
  certificatePem: "Certificado",
  privateKeySealed: "Chave privada",
  caCertificatePem: "Certificado raiz do banco",
  webhookSecretSealed: "Segredo do webhook",
  lastError: "Último erro",
  checkedAt: "Verificada em",
  bankTxid: "Txid no banco",
  bankStatus: "Situação no banco",
  bankRevision: "Revisão no banco",
  bankLocation: "Location no banco",
  bankCopyPaste: "Pix copia e cola do banco",
  bankError: "Erro no banco",
  payeeName: "Nome do recebedor",
  payeeCity: "Cidade do recebedor",
  dueDay: "Dia de vencimento",
  finePercent: "Multa",
  monthlyInterestPercent: "Juros ao mês",
  code: "Código",
  competence: "Competência",
  description: "Descrição",
  amountCents: "Valor",
  dueDate: "Vencimento",
  paidAt: "Paga em",
  feesWaived: "Encargos dispensados",
  waiveReason: "Motivo da dispensa",
  chargeId: "Cobrança",
  paidOn: "Data do pagamento",
  method: "Forma de pagamento",
  reversedAt: "Estornado em",
  reversedById: "Estornado por",
  reverseReason: "Motivo do estorno",
  event: "Evento",
  detail: "Detalhe",
  userName: "Nome do usuário",
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const MONEY_FIELDS = new Set(["monthlyValue"]);
const percentFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });

/** 'dd/MM/yyyy HH:mm' in the school's time zone. */
export function formatAuditInstant(value: string | Date, timeZone: string): string {
  const { date, time } = dateAndTimeIn(value, timeZone);
  return `${date} ${time}`;
}

/**
 * A field's value as the audit screen shows it, in Brazilian formats: money
 * 'R$ 1.234,56' (cents or a decimal value), percentages '2,5%', instants
 * 'dd/MM/yyyy HH:mm' in the school's time zone, days 'dd/MM/yyyy', months
 * 'MM/yyyy', yes/no 'Sim'/'Não', nothing '—'.
 */
export function formatAuditValue(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (field.endsWith("Cents") && (typeof value === "number" || /^-?\d+$/.test(String(value))))
    return formatBRL(centsToReais(Number(value)));
  if (MONEY_FIELDS.has(field) && Number.isFinite(Number(value))) return formatBRL(Number(value));
  if (field.endsWith("Percent") && Number.isFinite(Number(value))) return `${percentFormat.format(Number(value))}%`;
  if (typeof value === "string") {
    if (INSTANT.test(value) && !Number.isNaN(new Date(value).getTime())) return formatAuditInstant(value, timeZone);
    const day = DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
    const month = MONTH.exec(value);
    if (month && field === "competence") return `${month[2]}/${month[1]}`;
    return value;
  }
  return JSON.stringify(value);
}

/** The actions of the sign-ins (shown on the screen only with 'Mostrar acessos'). */
export const SIGN_IN_ACTIONS = ["sign-in", "sign-in-failed", "sign-out"] as const;

export function auditEntityLabel(entity: string): string {
  return AUDIT_ENTITY_LABELS[entity] ?? entity;
}

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export const AUDIT_ENTITY_INVALID = "Entidade inválida";
export const AUDIT_USER_INVALID = "Usuário inválido";
export const AUDIT_RECORD_INVALID = "Registro inválido";
export const AUDIT_SIGN_INS_INVALID = "Filtro de acessos inválido";
export const AUDIT_PERIOD_INVALID = "O fim do período deve ser igual ou posterior ao início";
