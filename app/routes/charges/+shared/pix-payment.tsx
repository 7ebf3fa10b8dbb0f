import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";

/** What a screen shows of an open charge's Pix: the code and its QR, or why there is none (`pixView`, pix.server.ts). */
export interface PixView {
  pix: { payload: string; qrSvg: string } | null;
  message: string | null;
}

/**
 * A charge's Pix, on the staff's charge and in the family's 'Financeiro': the
 * QR Code (an SVG drawn on the server, so it shows without JavaScript) and the
 * 'copia e cola' code in a read-only field labelled 'Código Pix', which can be
 * selected and copied by hand; with JavaScript, 'Copiar código' copies it.
 * Without a code, the reason (e.g. the branch has no Pix key).
 */
export function PixPayment({ view, id, qrLabel = "QR Code do Pix" }: { view: PixView; id?: string; qrLabel?: string }) {
  const { pix, message } = view;
  if (!pix) return <p className="mt-2 text-sm text-slate-800">{message ?? "Sem Pix: a cobrança não está aberta."}</p>;
  const fieldId = id ? `pix-code-${id}` : "pix-code";
  return (
    <>
      <div
        className="mx-auto mt-2 w-48 max-w-full"
        role="img"
        aria-label={qrLabel}
        // The SVG is drawn on the server by the qrcode library from the BR Code: no user text in it.
        dangerouslySetInnerHTML={{ __html: pix.qrSvg }}
      />
      <label htmlFor={fieldId} className="mt-3 block text-sm font-medium text-slate-900">
        Código Pix
      </label>
      <textarea id={fieldId} readOnly rows={3} className={`${inputClass} font-mono text-xs break-all`} value={pix.payload} />
      <CopyCode fieldId={fieldId} payload={pix.payload} />
    </>
  );
}

/** 'Copiar código' (only once the page runs JavaScript: without it the field is selected by hand). */
function CopyCode({ fieldId, payload }: { fieldId: string; payload: string }) {
  const hydrated = useHydrated();
  const { toast } = useToast();
  if (!hydrated) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payload);
      toast({ title: "Código Pix copiado" });
    } catch {
      // No clipboard (an old browser, a denied permission): the code selected, to copy from the device's menu.
      const field = document.getElementById(fieldId);
      if (field instanceof HTMLTextAreaElement) {
        field.focus();
        field.select();
      }
      toast({ title: "Não foi possível copiar", description: "O código está selecionado: copie-o pelo menu do aparelho." });
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" className="mt-2" aria-controls={fieldId} onClick={() => void copy()}>
      Copiar código
    </Button>
  );
}
