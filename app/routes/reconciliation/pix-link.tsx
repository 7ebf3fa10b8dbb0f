import { data } from "react-router";
import type { Route } from "./+types/pix-link";
import { SearchPicker } from "~/components/search-picker";
import { FormDialog, useDialogForm } from "~/components/ui/form-dialog";
import { isStaff } from "~/domain/access/roles";
import { formatDateTime } from "~/domain/trials/durations";
import { linkPix } from "~/domain/bank/received/service.server";
import { inboxItem } from "~/domain/bank/received/queries.server";
import { linkSchema, NO_CHARGE, PIX_NOT_FOUND } from "~/domain/bank/received/schema";
import { centsToDecimal } from "~/domain/money";
import { dialogAction, screenActor } from "~/server/forms.server";
import { brl } from "~/features/charges/charges-screen";
import { chargeMatches, chargeOption, pickerTerm } from "~/features/pickers/pickers.server";

/** The charge search's URL parameter. */
const SEARCH = "chargeQ";

/** A Pix of 'Pix sem cobrança' (a 404 for any other). */
async function findPix(e2eid: string) {
  const item = await inboxItem(e2eid);
  if (!item || item.outcome !== NO_CHARGE) throw data(PIX_NOT_FOUND, { status: 404 });
  return item;
}

/**
 * 'Vincular a uma cobrança' (/billing/reconciliation/pix/:e2eid/link, Team and
 * Administrator): the Pix becomes a payment of the charge chosen, found with the
 * combobox (JS) or 'Buscar' and radio choices (no JS: a GET of this URL).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const item = await findPix(args.params.e2eid);
  const url = new URL(args.request.url);
  const term = pickerTerm(url, SEARCH);
  const [matches, selected] = await Promise.all([chargeMatches(actor, term), chargeOption(url.searchParams.get("chargeId"))]);
  return {
    pix: {
      endToEndId: item.endToEndId,
      valor: item.valor === null ? null : centsToDecimal(Number(item.valor)),
      horario: item.horario ? new Date(item.horario).toISOString() : null,
      infoPagador: item.infoPagador,
    },
    term,
    matches,
    selected,
  };
}

export async function action(args: Route.ActionArgs) {
  const e2eid = args.params.e2eid;
  return dialogAction(args, {
    permission: isStaff,
    load: () => findPix(e2eid),
    schema: linkSchema,
    save: (value, { actor }) => linkPix(actor, e2eid, value),
    extra: async ({ formData }) => {
      const chargeId = formData.get("chargeId");
      return { selected: await chargeOption(typeof chargeId === "string" ? chargeId : null) };
    },
    errorTitle: "Erro ao vincular Pix",
    redirectTo: "/billing/reconciliation",
    success: (charge) => `Pix registrado como pagamento de ${charge.code}`,
  });
}

export default function PixLinkDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { pix, term, matches } = loaderData;
  const answered = actionData && "selected" in actionData ? actionData : null;
  const selected = answered ? answered.selected : loaderData.selected;
  const [form, fields] = useDialogForm({
    id: `pix-link-${pix.endToEndId}`,
    schema: linkSchema,
    defaultValue: { chargeId: selected?.id ?? "" },
  });
  const what = [pix.valor ? brl(pix.valor) : null, pix.horario ? formatDateTime(pix.horario) : null, pix.infoPagador]
    .filter(Boolean)
    .join(" · ");
  return (
    <FormDialog form={form} title="Vincular a uma cobrança" description={what} closeTo="/billing/reconciliation" size="lg" submit="linkPix">
      <p className="text-sm break-all text-slate-700">E2E {pix.endToEndId}</p>
      <SearchPicker
        field={fields.chargeId}
        label="Cobrança"
        searchLabel="Buscar cobrança por código ou responsável"
        searchName={SEARCH}
        query={term}
        matches={matches}
        selected={selected}
        emptyText="Nenhuma cobrança encontrada"
        hint="Digite o código da cobrança ou parte do nome do responsável"
      />
    </FormDialog>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Vincular a uma cobrança" }];
}

export { DialogErrorBoundary as ErrorBoundary } from "~/components/route-error";
