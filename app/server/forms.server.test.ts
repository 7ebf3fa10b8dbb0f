import { describe, expect, it } from "vitest";
import { deletionWords } from "./forms.server";

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
