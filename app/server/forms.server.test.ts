import { describe, expect, it } from "vitest";
import { deletionWords, savingWords } from "./forms.server";

describe("deletionWords", () => {
  it("says the standard delete dialog's sentence, refusal and success, agreeing with a feminine noun", () => {
    expect(deletionWords("esta unidade")).toEqual({
      text: "Tem certeza que deseja excluir esta unidade? Esta ação não pode ser desfeita.",
      errorTitle: "Erro ao excluir unidade",
      success: "Unidade excluída com sucesso",
    });
  });

  it("and with a masculine one", () => {
    expect(deletionWords("este horário")).toEqual({
      text: "Tem certeza que deseja excluir este horário? Esta ação não pode ser desfeita.",
      errorTitle: "Erro ao excluir horário",
      success: "Horário excluído com sucesso",
    });
  });
});

describe("savingWords", () => {
  it("says a create-or-edit dialog's refusal and success, agreeing with a feminine noun", () => {
    expect(savingWords("esta unidade", false)).toEqual({ errorTitle: "Erro ao criar unidade", success: "Unidade criada com sucesso" });
    expect(savingWords("esta oferta", true)).toEqual({ errorTitle: "Erro ao atualizar oferta", success: "Oferta atualizada com sucesso" });
  });

  it("and with a masculine one", () => {
    expect(savingWords("este curso", false)).toEqual({ errorTitle: "Erro ao criar curso", success: "Curso criado com sucesso" });
    expect(savingWords("este curso", true)).toEqual({ errorTitle: "Erro ao atualizar curso", success: "Curso atualizado com sucesso" });
  });
});
