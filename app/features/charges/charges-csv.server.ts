import { csvAnswer, csvDay, csvDecimal, csvPhone, type CsvColumn } from "~/server/csv.server";
import type { ChargeDTO, OverdueFamilyDTO } from "~/domain/charges/schema";

/** The columns of the charges' CSV ('Exportar CSV' and GET /api/charges?format=csv). */
const CHARGE_COLUMNS: CsvColumn<ChargeDTO>[] = [
  { header: "Código", value: (c) => c.code },
  { header: "Responsável", value: (c) => c.guardianName },
  { header: "Aluno", value: (c) => c.studentName },
  { header: "Descrição", value: (c) => c.description },
  { header: "Vencimento", value: (c) => csvDay(c.dueDate) },
  { header: "Valor", value: (c) => csvDecimal(c.amount) },
  { header: "Pago", value: (c) => csvDecimal(c.paid) },
  { header: "Devido hoje", value: (c) => csvDecimal(c.amountDue) },
  { header: "Status", value: (c) => (c.overdue ? "Vencida" : c.status) },
];

export function chargesCsv(rows: AsyncIterable<ChargeDTO>, filename = "mensalidades.csv") {
  return csvAnswer(filename, CHARGE_COLUMNS, rows);
}

const OVERDUE_COLUMNS: CsvColumn<OverdueFamilyDTO>[] = [
  { header: "Responsável", value: (f) => f.guardianName },
  { header: "Telefone", value: (f) => csvPhone(f.phone) },
  { header: "Total devido hoje", value: (f) => csvDecimal(f.total) },
  { header: "Vencimento mais antigo", value: (f) => csvDay(f.oldestDueDate) },
  { header: "Dias de atraso", value: (f) => f.daysLate },
  { header: "Faixa", value: (f) => f.bucket },
  { header: "Cobranças", value: (f) => f.charges.map((c) => c.code).join(", ") },
];

export function overdueCsv(rows: OverdueFamilyDTO[]) {
  return csvAnswer("inadimplencia.csv", OVERDUE_COLUMNS, rows);
}
