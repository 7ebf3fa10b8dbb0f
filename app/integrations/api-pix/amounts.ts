import { centsToDecimal, toCents } from "~/domain/money";
import { valor } from "./schema";

/**
 * Amounts of the API Pix ("123.45": up to 10 digits, two decimals) and the project's integer
 * cents, through the money module (app/domain/money.ts): no second parser here.
 */

/** Cents → the standard's amount ("123.45"). */
export const centsToValor: (cents: number) => string = centsToDecimal;

/**
 * The standard's amount → cents; anything outside the standard's form is an Error. (Named
 * after the text it reads: the cents come from `toCents`, the one parser.)
 */
function parseValor(text: string): number {
  const cents = valor.safeParse(text).success ? toCents(text) : null;
  if (cents === null) throw new Error(`Valor fora do padrão da API Pix: ${JSON.stringify(text)}`);
  return cents;
}
export { parseValor as valorToCents };
