import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/cn";
import { ToastViewport, useToastHost } from "./toaster";

/**
 * A dialog that is a URL. The server renders a native `<dialog open>` over the
 * list, so it works without JavaScript (its form posts and redirects). Once
 * hydrated it becomes a real modal (`showModal()`): focus is trapped, Escape
 * closes it, and closing navigates back to `closeTo`.
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

  useEffect(() => {
    const show = () => {
      const el = ref.current;
      if (!el || el.matches(":modal")) return;
      el.removeAttribute("open");
      el.showModal();
      hostToasts(true);
    };
    if (!nested) return show();
    const timer = setTimeout(show, 0);
    return () => clearTimeout(timer);
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

/** The footer row of a dialog form: Cancel link + submit. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
