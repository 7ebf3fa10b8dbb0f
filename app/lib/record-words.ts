/**
 * A record as the standard screens name it, its demonstrative first:
 * "esta unidade", "este curso". Every standard word of its list, its dialogs
 * and their toasts follows from it, the participles agreeing with the noun.
 */
export type RecordName = `esta ${string}` | `este ${string}`;

/** A record's noun ('unidade'), capitalised ('Unidade'), and its participles' ending ('a' for "esta unidade", 'o' for "este curso"). */
export function nounOf(record: RecordName) {
  const noun = record.slice(record.indexOf(" ") + 1);
  return { noun, Noun: `${noun.charAt(0).toUpperCase()}${noun.slice(1)}`, ending: record.startsWith("esta ") ? "a" : "o" };
}

/** The words of a record's list screen: its add button ('Adicionar Curso') and its empty state ('Nenhum curso encontrado no sistema'). */
export function listWords(record: RecordName): { add: string; empty: string } {
  const { noun, Noun, ending } = nounOf(record);
  return { add: `Adicionar ${Noun}`, empty: `Nenhum${ending === "a" ? "a" : ""} ${noun} encontrad${ending} no sistema` };
}
