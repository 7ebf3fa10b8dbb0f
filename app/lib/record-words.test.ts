import { describe, expect, it } from "vitest";
import { listWords, nounOf } from "./record-words";

describe("record words", () => {
  it("names the noun and the ending of its participles", () => {
    expect(nounOf("esta unidade")).toEqual({ noun: "unidade", Noun: "Unidade", ending: "a" });
    expect(nounOf("este curso")).toEqual({ noun: "curso", Noun: "Curso", ending: "o" });
  });

  it("gives a list's add button and empty state, agreeing with the noun", () => {
    expect(listWords("este curso")).toEqual({ add: "Adicionar Curso", empty: "Nenhum curso encontrado no sistema" });
    expect(listWords("esta oferta")).toEqual({ add: "Adicionar Oferta", empty: "Nenhuma oferta encontrada no sistema" });
    expect(listWords("esta unidade")).toEqual({ add: "Adicionar Unidade", empty: "Nenhuma unidade encontrada no sistema" });
  });
});
