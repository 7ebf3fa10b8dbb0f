import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { UNSAFE_DataRouterStateContext, UNSAFE_FetchersContext, useLocation, useNavigation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { TOAST_DURATION_MS, type Toast } from "~/lib/toast";
import { cn } from "~/lib/cn";

interface ToastApi {
  toast: (t: Omit<Toast, "id"> & { id?: string }) => void;
}

const ToastContext = createContext<ToastApi>({ toast: () => {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/** A toast carried by an action's or a fetcher's answer (`{ toast }`, see forms.server.ts). */
function toastOf(value: unknown): Toast | null {
  if (!value || typeof value !== "object" || !("toast" in value)) return null;
  const toast = (value as { toast?: unknown }).toast;
  if (!toast || typeof toast !== "object") return null;
  const t = toast as Partial<Toast>;
  return typeof t.id === "string" && typeof t.title === "string" ? (t as Toast) : null;
}

/**
 * The one toast channel, read once at the root: the flash toast of the page
 * (the `__toast` cookie, set by a Post/Redirect/Get, read by the root loader)
 * and the `toast` of any action or fetcher answer in the router's state. It is
 * part of the server-rendered HTML, so a form posted without JavaScript shows
 * its toast too. ToastProvider shows each one once, the newest on top.
 */
export function useToastChannel(flash: Toast | null): Toast[] {
  // React Router's own contexts: every route's action answer (useActionData gives only the calling
  // route's) and every mounted fetcher's last answer (useFetcher gives only its own). The users, guardians and trials e2e specs pin it.
  const state = useContext(UNSAFE_DataRouterStateContext);
  const fetcherData = useContext(UNSAFE_FetchersContext);
  const fromActions = Object.values(state?.actionData ?? {}).map(toastOf);
  const fromFetchers = [...(fetcherData?.values() ?? [])].map(toastOf);
  return [flash, ...fromFetchers, ...fromActions].filter((t): t is Toast => t !== null);
}

interface ToastView {
  current: Toast | null;
  dismiss: () => void;
  region: React.RefObject<HTMLDivElement | null>;
  /** The open modal dialogs that host the toasts, in the order they were shown (last = on top). */
  hosts: string[];
  setHosts: React.Dispatch<React.SetStateAction<string[]>>;
}

const ToastViewContext = createContext<ToastView | null>(null);

/**
 * One toast visible at a time (§9). A flash toast from the server is rendered
 * in the HTML, so it shows without JavaScript; with JavaScript it hides after
 * 5 s. F8 moves focus to the notifications region.
 *
 * A modal dialog makes the rest of the page inert and covers it with its
 * backdrop, so while one is open the toasts show inside the topmost one
 * (`useToastHost`, RouteDialog); otherwise at the end of the page.
 */
export function ToastProvider({ incoming, children }: { incoming: Toast[]; children: ReactNode }) {
  const [current, setCurrent] = useState<Toast | null>(incoming[incoming.length - 1] ?? null);
  const [hosts, setHosts] = useState<string[]>([]);
  const region = useRef<HTMLDivElement>(null);

  // Each toast of the channel once: a re-render with the same answer does not bring a dismissed toast back.
  const shown = useRef(new Set(incoming.map((t) => t.id)));
  const ids = incoming.map((t) => t.id).join(" ");
  useEffect(() => {
    const fresh = incoming.filter((t) => !shown.current.has(t.id));
    for (const t of fresh) shown.current.add(t.id);
    if (fresh.length) setCurrent(fresh[fresh.length - 1]);
    // `ids` stands for `incoming`: a new array with the same toasts changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  const toast = useCallback((t: Omit<Toast, "id"> & { id?: string }) => {
    setCurrent({ ...t, id: t.id ?? crypto.randomUUID() });
  }, []);

  useEffect(() => {
    if (!current) return;
    // Only this toast: a timer that fires just as a newer toast arrives must not hide the newer one.
    const { id } = current;
    const timer = setTimeout(() => setCurrent((shown) => (shown?.id === id ? null : shown)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useFocusAfterAction(region);

  const api = useMemo(() => ({ toast }), [toast]);
  const view = useMemo(() => ({ current, dismiss: () => setCurrent(null), region, hosts, setHosts }), [current, hosts]);

  return (
    <ToastContext.Provider value={api}>
      <ToastViewContext.Provider value={view}>
        {children}
        <ToastViewport host={null} />
      </ToastViewContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * For a modal dialog: returns `show(open)`, to call once the dialog is modal
 * (true) or no longer (false); while it is the topmost one, `<ToastViewport
 * host={id} />` inside it shows the toasts.
 */
export function useToastHost(id: string) {
  const view = useContext(ToastViewContext);
  const setHosts = view?.setHosts;
  useEffect(() => () => setHosts?.((hosts) => hosts.filter((h) => h !== id)), [id, setHosts]);
  return useCallback((open: boolean) => setHosts?.((hosts) => [...hosts.filter((h) => h !== id), ...(open ? [id] : [])]), [id, setHosts]);
}

/** The notifications region; `host` is the dialog it belongs to (null: the page's own). */
export function ToastViewport({ host }: { host: string | null }) {
  const view = useContext(ToastViewContext);
  const hydrated = useHydrated();
  if (!view) return null;
  const top = view.hosts.length ? view.hosts[view.hosts.length - 1] : null;
  if (top !== host) return null;
  const { current, dismiss, region } = view;
  return (
    <section
      aria-label="Notificações (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end"
    >
      <div ref={region} tabIndex={-1} className="w-full max-w-sm outline-none focus-visible:ring-2 focus-visible:ring-violet-600">
        {current ? (
          <div
            key={current.id}
            role={current.variant === "destructive" ? "alert" : "status"}
            aria-atomic="true"
            data-variant={current.variant ?? "default"}
            // The display time (§9) is also kept by CSS (toast-expire in app.css): without JavaScript
            // nothing else hides a toast, which would stay over a dialog's buttons on a phone.
            style={{ animation: `toast-expire 0s linear ${TOAST_DURATION_MS}ms forwards` }}
            className={cn(
              "pointer-events-auto flex items-start justify-between gap-3 rounded-md border p-4 text-left shadow-lg",
              current.variant === "destructive" ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
            )}
          >
            <div>
              <p className="text-sm font-semibold">{current.title}</p>
              {current.description ? <p className="mt-1 text-sm opacity-90">{current.description}</p> : null}
            </div>
            {/* Dismissing needs JavaScript; without it the toast hides by itself. */}
            {hydrated ? (
              <button
                type="button"
                onClick={dismiss}
                className="rounded p-1 text-current opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current"
              >
                <span aria-hidden="true">✕</span>
                <span className="sr-only">Fechar notificação</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Focuses `el` without scrolling the page (the reader stays where the action was). */
export function focusWithoutScroll(el: HTMLElement | null | undefined): boolean {
  if (!el || !el.isConnected) return false;
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

/** True when nothing holds the focus (it fell back to the page's body, e.g. its element left the page). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Focuses the notifications region (the toast of the action just done), without scrolling. */
export function focusNotifications(): void {
  // After the render that shows the page's own region (a closing dialog hosted the toasts until then).
  requestAnimationFrame(() => {
    const region = document.querySelector<HTMLElement>('section[aria-label="Notificações (F8)"] > [tabindex="-1"]');
    focusWithoutScroll(region);
  });
}

/**
 * After a form posted on a page (not in a dialog: RouteDialog gives the focus
 * back itself) has come back, the focus goes to what changed: the element the
 * answer's URL names (`#payment-…`: the changed row, made focusable with
 * tabIndex -1), else, when the focus was lost, the toast. Without scrolling:
 * the page stays where the reader was (forms post with `preventScrollReset`).
 */
function useFocusAfterAction(region: React.RefObject<HTMLDivElement | null>) {
  const navigation = useNavigation();
  const location = useLocation();
  const posted = useRef(false);
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() !== "GET";
  useEffect(() => {
    if (submitting) posted.current = true;
  }, [submitting]);
  useEffect(() => {
    if (navigation.state !== "idle" || !posted.current) return;
    posted.current = false;
    // A dialog still open (an answer with errors) keeps its own focus (its error summary).
    if (document.querySelector("dialog:modal")) return;
    const frame = requestAnimationFrame(() => {
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (target && focusWithoutScroll(target)) return;
      if (focusIsLost()) focusWithoutScroll(region.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [navigation.state, location, region]);
}
