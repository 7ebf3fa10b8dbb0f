import { isAdmin } from "~/domain/access/roles";
import { getCourse } from "~/domain/courses/queries.server";
import { recordDialogs } from "~/server/forms.server";

/** A course's dialogs (create or edit, delete): the Administrator's, over /courses. */
export const courseDialogs = recordDialogs({ permission: isAdmin, find: getCourse, record: "este curso", back: "/courses" });
