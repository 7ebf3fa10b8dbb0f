import { data } from "react-router";
import type { Route } from "./+types/not-found";

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-700">Did you forget to add the page to the router?</p>
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "404 Page Not Found" }];
