import { redirect } from "react-router";
import type { Route } from "./+types/overdue-whatsapp";
import { isStaff } from "~/domain/access/roles";
import { brCodeOrNull } from "~/domain/charges/pix.server";
import { overdueFamily, settingsOfBranches } from "~/domain/charges/queries.server";
import { toCents } from "~/domain/money";
import { overdueMessage, whatsappLink } from "~/lib/whatsapp";
import { getSelectedBranchId } from "~/server/branch-selection.server";
import { screenActor } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { brl, day } from "~/features/charges/charges-screen";

/** When the family no longer owes anything overdue (paid meanwhile) or has no phone. */
export const NOTHING_OVERDUE = "Nenhuma cobrança vencida desta família";
export const NO_PHONE = "Sem telefone";

/**
 * /billing/overdue/:guardianId/whatsapp ('Cobrar no WhatsApp', Team and
 * Administrator): the family's private reminder, made when it is followed, as it
 * stands then (its overdue charges, the total due today and a Pix code of the
 * total when the branch has a key), and a redirect to WhatsApp with it. The list
 * carries one short link a family instead of each message (about 4 kB each).
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await screenActor(args, isStaff);
  const branchId = await getSelectedBranchId(args.context);
  const family = await overdueFamily(actor, { branchId }, args.params.guardianId);
  if (!family?.phone) {
    return redirectWithToast("/billing/overdue", {
      title: "Cobrar no WhatsApp",
      description: family ? NO_PHONE : NOTHING_OVERDUE,
      variant: "destructive",
    });
  }
  const first = family.charges[0];
  const branch = first ? (await settingsOfBranches([first.branchId])).get(first.branchId) : undefined;
  const pixCode =
    branch?.pixKey && branch.payeeName && branch.payeeCity
      ? brCodeOrNull({
          pixKey: branch.pixKey,
          payeeName: branch.payeeName,
          payeeCity: branch.payeeCity,
          txid: first.code,
          amountCents: toCents(family.total) ?? 0,
        })
      : null;
  const message = overdueMessage({
    guardianName: family.guardianName,
    charges: family.charges.map((c) => ({ description: c.description, dueDate: day(c.dueDate), amount: brl(c.amountDue) })),
    total: brl(family.total),
    pixCode,
  });
  return redirect(whatsappLink(family.phone, message));
}
