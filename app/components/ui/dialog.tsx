import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/cn";
import { LinkButton } from "./button";
import { focusIsLost, focusNotifications, focusWithoutScroll, ToastViewport, useToastHost } from "./toaster";

/**
 * A dialog that is a URL. The server renders a native `<dialog open>` over the
 * list, so it works without JavaScript (its form posts and redirects). Once
 * hydrated it becomes a real modal (`showModal()`): focus is trapped, Escape
 * closes it, and closing navigates back to `closeTo`.
 *
 * Focus (with JavaScript): the dialog opens on its form's first field (else
 * on its first control, the browser's choice); when it goes
 * (Escape, 'Cancelar', ✕, or its action done) the focus goes back to the
 * control it was opened from, found again when the list re-rendered it, and
 * so to the changed row; after an action whose row is gone, to the toast.
 * Never by scrolling the page.
 */
export function RouteDialog({
  title,
  description,
  closeTo,
  children,
  size = "md",
  role = "dialog",
  nested = false,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeTo: string;
  children: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  role?: "dialog" | "alertdialog";
  /**
   * A dialog opened over another route dialog (e.g. a classroom's form over the
   * classrooms dialog). On a first load React runs the child's effect before the
   * parent's, so the child defers `showModal()` a tick to end up on top.
   */
  nested?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const titleId = useId();
  const descriptionId = useId();
  const hostId = useId();
  const hostToasts = useToastHost(hostId);

  const opener = useRef<Opener | null>(null);
  const submitted = useRef(false);
  const submitting = useNavigation().state === "submitting";
  useEffect(() => {
    if (submitting) submitted.current = true;
  }, [submitting]);

  useEffect(() => {
    const el = ref.current;
    opener.current ??= openerOf(document.activeElement, el);
    const show = () => {
      if (!el || el.matches(":modal")) return;
      // A control that already took the focus (the error summary of a failed submit) keeps it.
      const focused = el.contains(document.activeElement) ? document.activeElement : null;
      el.removeAttribute("open");
      el.showModal();
      focusFirstField(el, focused);
      hostToasts(true);
    };
    if (!nested) {
      show();
      return () => restoreFocus(el, opener.current, submitted.current);
    }
    const timer = setTimeout(show, 0);
    return () => {
      clearTimeout(timer);
      restoreFocus(el, opener.current, submitted.current);
    };
  }, [nested, hostToasts]);

  const widths = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" };

  return (
    <>
      {!hydrated ? <div className="fixed inset-0 z-40 bg-black/50" aria-hidden="true" /> : null}
      <dialog
        ref={ref}
        open
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onClose={() => navigate(closeTo, { preventScrollReset: true })}
        className={cn(
          "fixed inset-0 z-50 m-auto max-h-[90dvh] w-[calc(100%-2rem)] overflow-y-auto rounded-lg bg-white p-0 text-slate-900 shadow-xl",
          "backdrop:bg-black/50",
          widths[size],
        )}
      >
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                  {description}
                </p>
              ) : null}
            </div>
            <Link
              to={closeTo}
              preventScrollReset
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 pointer-coarse:size-11"
            >
              <span aria-hidden="true">✕</span>
              <span className="sr-only">Fechar</span>
            </Link>
          </div>
          {children}
        </div>
        <ToastViewport host={hostId} />
      </dialog>
    </>
  );
}

/**
 * A form's first field to type in: not hidden, not disabled, not read-only. A
 * search picker is left to the browser's choice (its box is replaced once its
 * script loads, which would drop the focus).
 */
const FIRST_FIELD = [
  "input:not([type=hidden]):not([type=submit]):not([type=button]):not([disabled]):not([readonly])",
  "select:not([disabled])",
  "textarea:not([disabled]):not([readonly])",
]
  .map((field) => `form ${field}`)
  .join(", ");

function focusFirstField(dialog: HTMLDialogElement, focused: Element | null) {
  if (focused instanceof HTMLElement) return focused.focus();
  const field = dialog.querySelector<HTMLElement>(FIRST_FIELD);
  if (field && !field.closest("[data-picker]")) field.focus();
}

/** The footer row of a dialog form: Cancel link + submit, on a phone stacked in the same order as in the DOM. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** The footer of a dialog that only shows something: one link that closes it ('Fechar', or 'Voltar' after an error). */
export function CloseFooter({ to, label = "Fechar" }: { to: string; label?: string }) {
  return (
    <div className="mt-6 flex justify-end">
      <LinkButton to={to} variant="outline" preventScrollReset>
        {label}
      </LinkButton>
    </div>
  );
}

/** The control a dialog was opened from, and how to find it again if the list re-rendered it. */
interface Opener {
  element: HTMLElement;
  id: string | null;
  href: string | null;
  /** The nearest ancestor with an id (the row), and whether it is in a row or card of a list (not a page-level "Novo …"). */
  rowId: string | null;
  inRow: boolean;
}

function openerOf(active: Element | null, dialog: HTMLDialogElement | null): Opener | null {
  if (!(active instanceof HTMLElement) || active === document.body || dialog?.contains(active)) return null;
  const row = active.parentElement?.closest<HTMLElement>("[id]") ?? null;
  return {
    element: active,
    id: active.id || null,
    href: active.getAttribute("href"),
    rowId: row?.id ?? null,
    inRow: Boolean(active.closest("li, tr, .card, [data-row]")),
  };
}

/** The opener itself, or its like in the re-rendered list (same id, or same link in the same row). */
function findOpener(opener: Opener): HTMLElement | null {
  if (opener.element.isConnected) return opener.element;
  if (opener.id) return document.getElementById(opener.id);
  const row = opener.rowId ? document.getElementById(opener.rowId) : null;
  if (row && opener.href) {
    const same = [...row.querySelectorAll<HTMLElement>("a[href], button")].find((el) => el.getAttribute("href") === opener.href);
    if (same) return same;
  }
  return null;
}

/**
 * Once the dialog has left the page: the focus goes back where it was opened
 * from (Escape does so by itself; 'Cancelar' and ✕ are links, and an action's
 * redirect replaces the page's focus). After an action, a control outside any
 * row (a 'Novo …' button) gives way to the toast, which says what changed.
 */
function restoreFocus(dialog: HTMLDialogElement | null, opener: Opener | null, submitted: boolean) {
  requestAnimationFrame(() => {
    // Still on the page (React's development double run, or a dialog kept open): nothing to give back.
    if (dialog?.isConnected) return;
    if (!focusIsLost() && !dialog?.contains(document.activeElement)) {
      // Escape: the browser already gave the focus back to the opener.
      if (!submitted) return;
    }
    const target = opener ? findOpener(opener) : null;
    if (submitted && (!target || !opener?.inRow)) return focusNotifications();
    if (!focusWithoutScroll(target) && submitted) focusNotifications();
  });
}
