import { isAdmin } from "~/domain/access/roles";
import { getBranch } from "~/domain/branches/queries.server";
import { recordDialogs } from "~/server/forms.server";

/** A branch's dialogs (create or edit, delete): the Administrator's, over /branches. */
export const branchDialogs = recordDialogs({ permission: isAdmin, find: getBranch, record: "esta unidade", back: "/branches" });
