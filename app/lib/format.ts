/** pt-BR formatting helpers, shared by server and browser. */

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/** 12345678901 → 123.456.789-01; empty → '-' (§2 users list). Partial input is masked as typed. */
export function formatCpf(value: string | null | undefined, empty = "-"): string {
  const d = onlyDigits(value).slice(0, 11);
  if (!d) return empty;
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** The CPF input mask while typing (max 14 characters). */
export function maskCpfInput(value: string): string {
  return formatCpf(value, "");
}

/** (DD) NNNNN-NNNN for mobiles, (DD) NNNN-NNNN for landlines; partial input masked as typed. */
export function formatPhone(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11);
  if (!d) return "";
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** BRL currency; anything non-numeric shows 'R$ 0,00' (§9). Non-breaking spaces become plain spaces. */
export function formatBRL(value: string | number | null | undefined): string {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  return brl.format(Number.isFinite(n) ? n : 0).replace(/\u00a0/g, " ");
}
