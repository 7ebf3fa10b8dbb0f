import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation } from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { ToastProvider, useToastChannel } from "./components/ui/toaster";
import { env } from "./platform/env.server";
import { readToast } from "./server/toast.server";
import { sessionMiddleware } from "./server/session.server";
import "./app.css";

/**
 * The session of any request is looked up once, on first use, and renewed on
 * the way out. The API's read lane, which answers list GETs before React
 * Router, does the same with the same functions (app/server/api-lane.server.ts):
 * a middleware added here that must run for every request goes there too.
 */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clear } = await readToast(request);
  return data({ toast, appName: env().APP_NAME }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Marks the document once the client has taken over (tests and CSS can tell the enhanced page).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The one toast channel: the flash toast (Post/Redirect/Get) and the toasts of action and fetcher answers.
  const toasts = useToastChannel(loaderData.toast);
  return (
    <ToastProvider incoming={toasts}>
      <ProgressBar />
      <Outlet />
    </ToastProvider>
  );
}

/** A thin bar at the top while a navigation or a submission is pending. */
function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={`fixed inset-x-0 top-0 z-[200] h-0.5 origin-left bg-violet-600 transition-transform duration-500 ${
        busy ? "scale-x-75" : "scale-x-0"
      }`}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Erro";
  let details = "Ocorreu um erro inesperado. Tente novamente.";
  let notFound = false;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      notFound = true;
      title = "404 Page Not Found";
      details = "Did you forget to add the page to the router?";
    } else {
      title = `Erro ${error.status}`;
      details = typeof error.data === "string" && error.data ? error.data : error.statusText || details;
    }
  }
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      {notFound ? <p className="mb-2 font-semibold text-slate-800">Página não encontrada</p> : null}
      <h1 className="text-2xl font-bold" lang={notFound ? "en" : undefined}>
        {title}
      </h1>
      <p className="mt-2 text-slate-700" lang={notFound ? "en" : undefined}>
        {details}
      </p>
      <a href="/" className="mt-6 inline-block text-violet-700 underline">
        Voltar ao início
      </a>
    </main>
  );
}
