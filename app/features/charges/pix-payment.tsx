import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { useToast } from "~/components/ui/toaster";
import { useHydrated } from "~/hooks/use-hydrated";

/** What a screen shows of an open charge's Pix: the code and its QR, or why there is none (`pixView`, pix.server.ts). */
export interface PixView {
  /** `source` "bank": the code of the charge registered at the bank (the bank adds the fine and interest of the day). */
  pix: { payload: string; qrSvg: string; source?: "bank" | "static" } | null;
  message: string | null;
}

/**
 * A charge's Pix, on the staff's charge and in the family's 'Financeiro'. With
 * JavaScript, 'Copiar código Pix' first (full width on phones: what a parent
 * paying from the phone needs); then the 'copia e cola' code in a read-only
 * field labelled 'Código Pix', which can also be selected and copied by hand
 * (all there is without JavaScript); then the QR Code (an SVG drawn on the
 * server), shown, or behind 'Mostrar QR' (a <details>, no JavaScript needed)
 * with `collapseQr` where the code is what a phone needs. Without a code, the
 * reason (e.g. the branch has no Pix key).
 */
export function PixPayment({
  view,
  id,
  qrLabel = "QR Code do Pix",
  collapseQr = false,
}: {
  view: PixView;
  id?: string;
  qrLabel?: string;
  collapseQr?: boolean;
}) {
  const { pix, message } = view;
  if (!pix) return <p className="mt-2 text-sm text-slate-800">{message ?? "Sem Pix: a cobrança não está aberta."}</p>;
  const fieldId = id ? `pix-code-${id}` : "pix-code";
  const qr = (
    <div
      className="mx-auto mt-2 w-48 max-w-full"
      role="img"
      aria-label={qrLabel}
      // The SVG is drawn on the server by the qrcode library from the BR Code: no user text in it.
      dangerouslySetInnerHTML={{ __html: pix.qrSvg }}
    />
  );
  return (
    <>
      {pix.source === "bank" ? (
        <p className="mt-2 text-sm text-slate-800">Código do banco: multa e juros calculados pelo banco no dia do pagamento.</p>
      ) : null}
      <CopyCode fieldId={fieldId} payload={pix.payload} />
      <label htmlFor={fieldId} className="mt-3 block text-sm font-medium text-slate-900">
        Código Pix
      </label>
      <textarea id={fieldId} readOnly rows={3} className={`${inputClass} font-mono text-xs break-all`} value={pix.payload} />
      {collapseQr ? (
        <details className="mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-1 text-sm font-medium text-violet-800 underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
            Mostrar QR
          </summary>
          {qr}
        </details>
      ) : (
        qr
      )}
    </>
  );
}

/** 'Copiar código Pix' (only once the page runs JavaScript: without it the field is selected by hand). */
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
    <Button type="button" className="mt-2 w-full sm:w-auto" aria-controls={fieldId} onClick={() => void copy()}>
      Copiar código Pix
    </Button>
  );
}
