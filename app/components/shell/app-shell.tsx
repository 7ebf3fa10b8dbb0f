import {
  useCallback,
  useEffect,
  useRef,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type SVGProps,
} from "react";
import { Form, Link, useFetcher, useLocation, useNavigation, useSubmit } from "react-router";
import { Avatar } from "~/components/avatar";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  BranchIcon,
  CalendarIcon,
  ClassIcon,
  ClockIcon,
  CourseIcon,
  GuardianIcon,
  HomeIcon,
  IconSprite,
  LogoutIcon,
  MenuIcon,
  OfferIcon,
  PanelIcon,
  StudentIcon,
  TaskIcon,
  UsersIcon,
  AuditIcon,
  SyncIcon,
  ChartIcon,
  FunnelIcon,
} from "~/components/icons";
import { useAppName } from "~/hooks/use-app-name";
import type { ShellData } from "~/hooks/use-shell";
import { useHydrated } from "~/hooks/use-hydrated";
import { useResettableState } from "~/hooks/use-resettable-state";
import { useLinkNavigation } from "~/hooks/use-link-navigation";
import { ServerCached } from "~/components/server-cached";
import { cn } from "~/lib/cn";
import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE } from "~/lib/preferences";

type AppLayoutData = ShellData;

/** Who sees an entry: everyone (unset), the school's staff (Team and Administrator), a family (Client), administrators. */
type Audience = "staff" | "family" | "admin";
type NavItem = { to: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>>; end?: boolean; only?: Audience };
/**
 * The menu. A Client's is the family's space: the dashboard (the school's day),
 * the back office's working screens and the settings are the staff's (a
 * Client's reads there are its family's only, or 404).
 */
const SECTIONS: { title: string; items: NavItem[]; bottom?: boolean; only?: Audience }[] = [
  {
    title: "Menu",
    items: [
      { to: "/", label: "Dashboard", icon: HomeIcon, end: true, only: "staff" },
      { to: "/family", label: "Minha família", icon: GuardianIcon, only: "family" },
    ],
  },
  {
    title: "Comercial",
    only: "staff",
    items: [
      { to: "/tasks", label: "Minhas tarefas", icon: TaskIcon },
      { to: "/trials", label: "Experimentais", icon: CalendarIcon },
    ],
  },
  {
    title: "Secretaria",
    only: "staff",
    items: [
      { to: "/guardians", label: "Responsáveis", icon: GuardianIcon },
      { to: "/students", label: "Alunos", icon: StudentIcon },
    ],
  },
  {
    title: "Operação",
    only: "staff",
    items: [
      { to: "/today", label: "Aulas de Hoje", icon: ClockIcon },
      { to: "/classes", label: "Turmas", icon: ClassIcon },
    ],
  },
  {
    title: "Financeiro",
    only: "staff",
    items: [
      { to: "/charges", label: "Mensalidades", icon: OfferIcon },
      { to: "/billing/overdue", label: "Inadimplência", icon: ClockIcon },
      { to: "/billing/reconciliation", label: "Conciliação", icon: AuditIcon },
    ],
  },
  {
    title: "Relatórios",
    only: "staff",
    items: [
      { to: "/reports/funnel", label: "Funil", icon: FunnelIcon },
      { to: "/reports/students", label: "Alunos e ocupação", icon: ChartIcon },
      { to: "/reports/attendance", label: "Frequência", icon: ClockIcon },
      { to: "/reports/finance", label: "Financeiro", icon: OfferIcon },
    ],
  },
  {
    title: "Configurações",
    bottom: true,
    only: "staff",
    items: [
      { to: "/users", label: "Usuários", icon: UsersIcon, only: "staff" },
      { to: "/offers", label: "Ofertas", icon: OfferIcon },
      { to: "/branches", label: "Unidades", icon: BranchIcon },
      { to: "/courses", label: "Cursos", icon: CourseIcon },
      { to: "/audit", label: "Auditoria", icon: AuditIcon, only: "admin" },
      { to: "/integrations", label: "Integrações", icon: SyncIcon, only: "admin" },
    ],
  },
];

function sees(userType: string, only: Audience | undefined): boolean {
  if (only === "admin") return userType === "Administrator";
  if (only === "staff") return userType === "Administrator" || userType === "Team";
  if (only === "family") return userType !== "Administrator" && userType !== "Team";
  return true;
}

/** The current page's menu entry (NavLink's rule: the path itself or one below it, unless `end`). */
function isActive(pathname: string, item: NavItem) {
  if (pathname === item.to) return true;
  return !item.end && pathname.startsWith(item.to) && pathname.charAt(item.to.length) === "/";
}

/** The `to` of the menu entry of a page (null: none), the first that is active. */
function currentEntry(pathname: string): string | null {
  for (const section of SECTIONS) for (const item of section.items) if (isActive(pathname, item)) return item.to;
  return null;
}

const MOBILE_QUERY = "(max-width: 767px)";

function onWidthChange(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True below 768 px, where the sidebar is an off-canvas sheet (false on the server). */
function useMobile(): boolean {
  return useSyncExternalStore(
    onWidthChange,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

/**
 * The signed-in shell: skip link, sidebar (menu, user, Sair), header with the
 * sidebar toggle, the branch selector and the user menu, and the page in <main>.
 * Rendered by the app layout around every screen, around the screen's error when
 * one fails, and around the 404 page of a signed-in user. Below 768 px the
 * sidebar is a sheet: closed, it is hidden (app.css); open, the page is inert.
 */
export function AppShell({ shell: loaderData, children }: { shell: ShellData; children: ReactNode }) {
  const { user, selectedBranchId, autoSelectedBranch } = loaderData;
  const hydrated = useHydrated();
  const mobile = useMobile();
  const location = useLocation();
  const [open, setOpen] = useResettableState(loaderData.sidebarOpen, loaderData.sidebarOpen);
  // The mobile sheet closes when the page changes.
  const [mobileOpen, setMobileOpen] = useResettableState(false, location.pathname);
  const branchFetcher = useFetcher();

  const toggleRef = useRef<HTMLButtonElement>(null);
  // The state the key handler reads (it is installed once).
  const mobileOpenRef = useRef(mobileOpen);
  useEffect(() => {
    mobileOpenRef.current = mobileOpen;
    // Opened: the keyboard goes into the sheet (the page behind it is inert meanwhile).
    if (mobileOpen) document.querySelector<HTMLElement>("#menu nav a")?.focus();
  }, [mobileOpen]);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setMobileOpen((v) => !v);
      return;
    }
    setOpen((v) => {
      const next = !v;
      document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_MAX_AGE}; samesite=lax`;
      return next;
    });
  }, [setMobileOpen, setOpen]);

  // Ctrl/Cmd+B toggles the sidebar (§2).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        toggle();
      }
      if (e.key === "Escape" && mobileOpenRef.current) {
        // Closed from the keyboard: the focus goes back to the button that opened it.
        setMobileOpen(false);
        toggleRef.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle, setMobileOpen]);

  // §4: the selected branch is mirrored in localStorage.selectedBranchId; a choice kept
  // there (e.g. after cookies were cleared) wins over the automatic one.
  const synced = useRef(false);
  useEffect(() => {
    if (!selectedBranchId) return;
    const stored = window.localStorage.getItem("selectedBranchId");
    const known = loaderData.branches.some((b) => b.id === stored);
    if (!synced.current && autoSelectedBranch && stored && stored !== selectedBranchId && known) {
      synced.current = true;
      branchFetcher.submit(
        { branchId: stored, redirectTo: location.pathname + location.search },
        { method: "post", action: "/preferences/branch" },
      );
      return;
    }
    window.localStorage.setItem("selectedBranchId", selectedBranchId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedBranchId, autoSelectedBranch]);

  const collapsed = !open;
  const family = sees(user.userType, "family");
  const redirectTo = location.pathname + location.search;

  return (
    <div className="flex min-h-dvh" data-sidebar={collapsed ? "collapsed" : "expanded"}>
      <a href="#main" className="sr-only z-[300] rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        Pular para o conteúdo
      </a>
      <IconSprite />
      <Sidebar collapsed={collapsed} mobileOpen={mobileOpen} onNavigate={() => setMobileOpen(false)} user={user} />
      {/* Mobile overlay: a link to "#" closes the :target sheet without JS. */}
      {/* eslint-disable-next-line jsx-a11y/anchor-is-valid -- without JS it is a real link (to "#", which ends the :target); the click handler only does the same without a navigation */}
      <a
        href="#"
        aria-label="Fechar menu"
        tabIndex={-1}
        onClick={(e) => {
          if (hydrated) {
            e.preventDefault();
            setMobileOpen(false);
          }
        }}
        className={cn("menu-overlay fixed inset-0 z-30 bg-black/50 md:hidden", mobileOpen ? "block" : "hidden")}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
          {hydrated ? (
            <button
              ref={toggleRef}
              type="button"
              onClick={toggle}
              aria-label="Alternar barra lateral"
              aria-expanded={mobile ? mobileOpen : open}
              aria-controls="menu"
              aria-keyshortcuts="Control+B Meta+B"
              className="rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            >
              <PanelIcon />
            </button>
          ) : (
            <>
              <a href="#menu" aria-label="Abrir menu" className="rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden">
                <MenuIcon />
              </a>
              <Form method="post" action="/preferences/sidebar" className="hidden md:block">
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <input type="hidden" name="open" value={String(!open)} />
                <button
                  type="submit"
                  aria-label="Alternar barra lateral"
                  className="rounded-md p-2 text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
                >
                  <PanelIcon />
                </button>
              </Form>
            </>
          )}
          {/* The branch is the staff's working context; a family's space spans its own children's branches. */}
          {family ? null : <BranchSelector branches={loaderData.branches} selectedBranchId={selectedBranchId} redirectTo={redirectTo} />}
          <div className="ml-auto shrink-0">
            <UserMenu user={user} />
          </div>
        </header>
        <main id="main" tabIndex={-1} inert={mobileOpen || undefined} className="flex-1 p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

function Sidebar({
  collapsed,
  mobileOpen,
  onNavigate,
  user,
}: {
  collapsed: boolean;
  mobileOpen: boolean;
  onNavigate: () => void;
  user: AppLayoutData["user"];
}) {
  const appName = useAppName();
  const { pathname } = useLocation();
  const onLinkClick = useLinkNavigation({ preventScrollReset: false });
  const current = currentEntry(pathname);
  return (
    <aside
      id="menu"
      aria-label="Barra lateral"
      // Below 768 px a closed sheet is hidden (app.css): out of the tab order and of the accessibility tree.
      data-open={mobileOpen ? "true" : undefined}
      className={cn(
        // Mobile: an off-canvas sheet 18rem wide; desktop: 16rem, or 3rem collapsed to icons.
        "fixed inset-y-0 left-0 z-40 flex w-[18rem] -translate-x-full flex-col border-r border-slate-200 bg-white transition-transform",
        "md:sticky md:top-0 md:h-dvh md:translate-x-0 md:transition-[width]",
        collapsed ? "md:w-[3rem]" : "md:w-[16rem]",
        mobileOpen && "translate-x-0",
      )}
    >
      <div className={cn("flex h-14 items-center gap-2 border-b border-slate-200 px-3", collapsed && "md:justify-center md:px-1")}>
        <img src="/logo.svg" alt={appName} width={32} height={32} className="h-8 w-8 shrink-0" />
        <span className={cn("truncate text-sm font-semibold", collapsed && "md:sr-only")} aria-hidden="true">
          {appName}
        </span>
      </div>
      {/* Plain links with one delegated click handler (client-side navigation once JS runs). The
          menu is the same on every page but for its current entry: its HTML is rendered once per
          kind of user, current entry and width on the server (ServerCached). */}
      <ServerCached
        as="nav"
        name="sidebar-nav"
        deps={{ userType: user.userType, current, collapsed }}
        aria-label="Menu principal"
        className="flex flex-1 flex-col overflow-y-auto py-2"
        onClick={(event: ReactMouseEvent<HTMLElement>) => {
          onLinkClick(event);
          if (event.defaultPrevented) onNavigate();
        }}
      >
        {() =>
          SECTIONS.filter((section) => sees(user.userType, section.only)).map((section) => (
            <div key={section.title} className={cn("px-2 py-2", section.bottom && "mt-auto")}>
              <h2 className={cn("px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600", collapsed && "md:sr-only")}>
                {section.title}
              </h2>
              <ul className="space-y-1">
                {section.items.map((item) => {
                  if (!sees(user.userType, item.only)) return null;
                  const active = item.to === current;
                  return (
                    <li key={item.to} className="group relative">
                      <a
                        href={item.to}
                        aria-current={active ? "page" : undefined}
                        className={cn(
                          "flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600",
                          active ? "bg-violet-100 text-violet-900" : "text-slate-800 hover:bg-slate-100",
                          collapsed && "md:justify-center md:px-0",
                        )}
                      >
                        <item.icon className="shrink-0" />
                        <span className={cn(collapsed && "md:sr-only")}>{item.label}</span>
                      </a>
                      {collapsed ? (
                        // Tooltip with no delay for the icon-only sidebar.
                        <span
                          aria-hidden="true"
                          className="pointer-events-none absolute left-full top-1/2 z-50 ml-2 hidden -translate-y-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white md:group-hover:block md:group-focus-within:block"
                        >
                          {item.label}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))
        }
      </ServerCached>
      <SidebarFooter user={user} collapsed={collapsed} />
    </aside>
  );
}

function SidebarFooter({ user, collapsed }: { user: AppLayoutData["user"]; collapsed: boolean }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  return (
    <div className={cn("border-t border-slate-200 p-3", collapsed && "md:px-1")}>
      <div className={cn("flex items-center gap-2", collapsed && "md:justify-center")}>
        <Avatar src={user.avatarUrl} name={user.name} />
        <div className={cn("min-w-0 flex-1", collapsed && "md:sr-only")}>
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
      </div>
      <Form method="post" action="/logout" className="mt-2">
        <button
          type="submit"
          disabled={loggingOut}
          className={cn(
            "flex w-full items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 disabled:opacity-60",
            collapsed && "md:justify-center md:px-0",
          )}
        >
          <LogoutIcon />
          <span className={cn(collapsed && "md:sr-only")}>Sair</span>
        </button>
      </Form>
    </div>
  );
}

/**
 * The global branch selector (§2, §4), in the header of every screen: active
 * branches only, '(Padrão)' on the default one, hidden when there are none. It
 * posts the choice to /preferences/branch, which returns to the same page; with
 * JS it submits on change, without JS through the 'Aplicar' button.
 */
function BranchSelector({
  branches,
  selectedBranchId,
  redirectTo,
}: {
  branches: ShellData["branches"];
  selectedBranchId: string | null;
  redirectTo: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const selectRef = useRef<HTMLSelectElement>(null);
  const mounted = useRef(false);
  useEffect(() => {
    const select = selectRef.current;
    if (!select) return;
    if (!mounted.current) {
      mounted.current = true;
      // A branch picked while the scripts were still loading (a slow phone), without
      // pressing 'Aplicar', is applied now, as the button would have. The select has
      // autocomplete off, so a value here is the user's, never one the browser restored.
      if (select.value && select.value !== (selectedBranchId ?? "")) {
        window.localStorage.setItem("selectedBranchId", select.value);
        submit(select.form, { preventScrollReset: true });
        return;
      }
    }
    if (selectedBranchId) select.value = selectedBranchId;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedBranchId]);
  if (branches.length === 0) return null;
  return (
    <Form method="post" action="/preferences/branch" className="flex min-w-0 items-center gap-2">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor="branch-selector" className="sr-only">
        Unidade
      </label>
      <select
        ref={selectRef}
        id="branch-selector"
        name="branchId"
        autoComplete="off"
        defaultValue={selectedBranchId ?? ""}
        onChange={(e) => {
          window.localStorage.setItem("selectedBranchId", e.currentTarget.value);
          submit(e.currentTarget.form, { preventScrollReset: true });
        }}
        className={cn(inputClass.replace("w-full", ""), "h-10 w-[200px] min-w-0 shrink")}
      >
        {selectedBranchId ? null : (
          <option value="" disabled>
            Selecione a unidade
          </option>
        )}
        {branches.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
            {b.isDefault ? " (Padrão)" : ""}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm" className="shrink-0">
          Aplicar
        </Button>
      )}
    </Form>
  );
}

/** Header user menu: a disclosure (works without JS), closed by Escape or a click outside. */
function UserMenu({ user }: { user: AppLayoutData["user"] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onDoc = (e: MouseEvent) => {
      if (el.open && !el.contains(e.target as Node)) el.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && el.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onDoc);
    el.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onDoc);
      el.removeEventListener("keydown", onKey);
    };
  }, []);
  return (
    <details ref={ref} className="relative">
      <summary
        aria-label={`Menu do usuário: ${user.name}`}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600 [&::-webkit-details-marker]:hidden"
      >
        <Avatar src={user.avatarUrl} name={user.name} />
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.name}</span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-64 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
        <div className="px-2 py-1.5">
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
        <hr className="my-1 border-slate-200" />
        {sees(user.userType, "family") ? (
          <Link to="/family" className="block rounded px-2 py-1.5 text-sm hover:bg-slate-100">
            Minha família
          </Link>
        ) : (
          <Link to="/" className="block rounded px-2 py-1.5 text-sm hover:bg-slate-100">
            Dashboard
          </Link>
        )}
        <Form method="post" action="/logout">
          <button type="submit" className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100">
            Sair
          </button>
        </Form>
      </div>
    </details>
  );
}
