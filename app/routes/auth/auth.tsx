import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, FormErrors, inputClass } from "~/components/ui/field";
import { useAppName } from "~/hooks/use-app-name";
import { useHydrated } from "~/hooks/use-hydrated";
import { useResettableState } from "~/hooks/use-resettable-state";
import { cn } from "~/lib/cn";
import { userTypeLabel } from "~/domain/access/roles";
import { loginSchema, registerSchema, selfRegisterSchema } from "~/domain/users/schema";
import { register } from "~/domain/auth/service.server";
import { REGISTRATION_CLOSED, registrationPolicy } from "~/domain/auth/queries.server";
import { ForbiddenError } from "~/domain/errors";
import { authenticateForm, clientIp } from "~/server/auth.server";
import { HttpError, readTextLimited } from "~/server/api.server";
import { AUTH_FORM_LIMIT } from "~/server/body.server";
import { replyInvalid, replyWithError } from "~/server/forms.server";
import { getUser, safeRedirect, startSession } from "~/server/session.server";
import { afterSignIn, homePath } from "~/server/home.server";

type Mode = "login" | "register";

/** The sign-in and register forms are a few short fields. */

function modeOf(value: unknown): Mode {
  return value === "register" ? "register" : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = await getUser(context);
  if (signedIn) throw redirect(homePath(signedIn));
  const url = new URL(request.url);
  const policy = await registrationPolicy();
  // What REGISTRATION forbids is not shown: without registration there is only the sign-in form.
  const mode = policy.allowed ? modeOf(url.searchParams.get("mode")) : "login";
  return {
    mode,
    redirectTo: url.searchParams.get("redirectTo") ?? "",
    registration: { allowed: policy.allowed, fixedType: policy.fixedType, firstAccount: policy.firstAccount },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await getUser(context)) throw redirect("/");
  // Anyone may post here: the body is capped while it is read (413), like the JSON API's.
  const body = await readTextLimited(request, AUTH_FORM_LIMIT).catch((error: unknown) => {
    if (error instanceof HttpError) throw new Response(error.message, { status: error.status });
    throw error;
  });
  const posted = new Request(request.url, {
    method: "POST",
    headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
    body,
  });
  const formData = await posted
    .clone()
    .formData()
    .catch(() => {
      throw new Response("Formulário inválido", { status: 400 });
    });
  const mode = modeOf(formData.get("mode"));
  // Checked before any session row is written: a refused value falls back to "/".
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/", request.url);

  if (mode === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["password"] });
    try {
      const { user, remember } = await authenticateForm(posted, clientIp(context));
      const cookie = await startSession(request, user.id, remember);
      return redirect(afterSignIn(redirectTo, user), { headers: { "Set-Cookie": cookie } });
    } catch (error) {
      return replyWithError(submission, error, "Falha no login", { hideFields: ["password"] });
    }
  }

  // The service decides what REGISTRATION allows (403 otherwise); the form only omits the type when it is fixed.
  const policy = await registrationPolicy();
  const submission = parseWithZod(formData, { schema: policy.allowed && !policy.fixedType ? registerSchema : selfRegisterSchema });
  if (!policy.allowed) {
    return replyWithError(submission, new ForbiddenError(REGISTRATION_CLOSED), "Falha no cadastro", { hideFields: ["password"] });
  }
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["password"] });
  try {
    const user = await register(submission.value);
    const cookie = await startSession(request, user.id, false);
    return redirect(afterSignIn(redirectTo, user), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return replyWithError(submission, error, "Falha no cadastro", { hideFields: ["password"] });
  }
}

export default function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  const appName = useAppName();
  const { mode, redirectTo, registration } = loaderData;
  const suffix = redirectTo ? `&${new URLSearchParams({ redirectTo })}` : "";

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-violet-50 to-slate-100 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <img src="/logo.svg" alt={appName} width={64} height={64} className="h-16 w-16" />
          <h1 className="text-xl font-bold">{mode === "login" ? "Entrar" : "Criar Conta"}</h1>
        </div>
        {registration.allowed ? (
          <nav aria-label="Modo de acesso" className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm font-medium">
            <ModeLink to={`/auth?mode=login${suffix}`} active={mode === "login"}>
              Entrar
            </ModeLink>
            <ModeLink to={`/auth?mode=register${suffix}`} active={mode === "register"}>
              Criar Conta
            </ModeLink>
          </nav>
        ) : null}
        {/* The key resets the form state when the mode changes. */}
        <AuthForm
          key={mode}
          mode={mode}
          redirectTo={redirectTo}
          fixedType={registration.fixedType}
          firstAccount={registration.firstAccount}
          lastResult={actionData?.result}
        />
        {!registration.allowed ? (
          <p className="mt-6 text-center text-sm text-slate-700">Para criar uma conta, fale com um administrador.</p>
        ) : null}
      </div>
    </main>
  );
}

function ModeLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      replace
      aria-current={active ? "page" : undefined}
      className={cn(
        "rounded-md px-3 py-2 text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600",
        active ? "bg-white text-slate-900 shadow-sm" : "text-slate-700 hover:text-slate-900",
      )}
    >
      {children}
    </Link>
  );
}

type FieldName = "name" | "email" | "password" | "remember" | "userType";

function AuthForm({
  mode,
  redirectTo,
  fixedType,
  firstAccount,
  lastResult,
}: {
  mode: Mode;
  redirectTo: string;
  /** The type a new account gets when REGISTRATION (or the first account) fixes it: no select then. */
  fixedType: string | null;
  firstAccount: boolean;
  lastResult: Route.ComponentProps["actionData"] extends infer A ? (A extends { result: infer R } ? R : undefined) : undefined;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [showPassword, setShowPassword] = useState(false);
  // Validation is the server's (one schema, one place), so this screen ships no
  // validation library; the browser only clears a field's error once it is edited (§2).
  const [edited, setEdited] = useResettableState<Set<string>>(new Set(), lastResult);
  const pending = navigation.state === "submitting" && navigation.formAction?.startsWith("/auth");
  const values = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const errorsOf = (name: FieldName) => (edited.has(name) ? undefined : (lastResult?.error?.[name] ?? undefined));
  const formErrors = lastResult?.error?.[""] ?? undefined;
  const id = (name: FieldName) => `auth-${mode}-${name}`;
  const control = (name: FieldName) => {
    const errors = errorsOf(name);
    return {
      id: id(name),
      name,
      "aria-invalid": errors?.length ? true : undefined,
      "aria-describedby": errors?.length ? `${id(name)}-error` : undefined,
    };
  };
  const text = (name: FieldName) => (typeof values[name] === "string" ? (values[name] as string) : undefined);

  return (
    <Form
      method="post"
      action={`/auth?mode=${mode}`}
      noValidate
      onInput={(e) => {
        const name = (e.target as HTMLInputElement).name;
        if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
      }}
      className="space-y-4"
    >
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <ErrorSummary
        id={`auth-${mode}-summary`}
        errors={Object.fromEntries(Object.keys(lastResult?.error ?? {}).map((name) => [name, errorsOf(name as FieldName)]))}
        fieldId={(name) => id(name as FieldName)}
        focusKey={lastResult}
      />
      <FormErrors errors={formErrors} />
      <fieldset disabled={pending} className="space-y-4">
        {mode === "register" ? (
          <Field label="Nome Completo" htmlFor={id("name")} errors={errorsOf("name")} errorId={`${id("name")}-error`}>
            <input {...control("name")} type="text" defaultValue={text("name")} autoComplete="name" className={inputClass} />
          </Field>
        ) : null}
        <Field label="E-mail" htmlFor={id("email")} errors={errorsOf("email")} errorId={`${id("email")}-error`}>
          <input
            {...control("email")}
            type="email"
            defaultValue={text("email")}
            autoComplete="email"
            placeholder="seu@email.com"
            className={inputClass}
          />
        </Field>
        <Field label="Senha" htmlFor={id("password")} errors={errorsOf("password")} errorId={`${id("password")}-error`}>
          <div className="relative">
            <input
              {...control("password")}
              type={showPassword ? "text" : "password"}
              autoComplete={mode === "login" ? "current-password" : "new-password"}
              className={cn(inputClass, hydrated && "pr-24")}
            />
            {hydrated ? (
              <button
                type="button"
                onClick={() => setShowPassword((v) => !v)}
                aria-pressed={showPassword}
                aria-controls={id("password")}
                className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-violet-800 hover:bg-violet-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
              >
                {showPassword ? "Ocultar" : "Mostrar"}
                <span className="sr-only"> senha</span>
              </button>
            ) : null}
          </div>
        </Field>
        {mode === "login" ? (
          <div className="flex items-center gap-2">
            <input
              id={id("remember")}
              name="remember"
              type="checkbox"
              defaultChecked={values.remember === "on"}
              className="h-4 w-4 rounded border-slate-400 text-violet-700 focus-visible:ring-2 focus-visible:ring-violet-600"
            />
            <label htmlFor={id("remember")} className="text-sm text-slate-800">
              Lembrar-me neste dispositivo
            </label>
          </div>
        ) : fixedType ? (
          <p className="rounded-md bg-violet-50 px-3 py-2 text-sm text-slate-800">
            {firstAccount && fixedType === "Administrator"
              ? "Esta é a primeira conta do sistema: ela será criada como Administrador."
              : `A conta será criada com o tipo ${userTypeLabel(fixedType)}.`}
          </p>
        ) : (
          <Field label="Tipo de Usuário" htmlFor={id("userType")} errors={errorsOf("userType")} errorId={`${id("userType")}-error`}>
            <select {...control("userType")} defaultValue={text("userType") ?? ""} className={inputClass}>
              <option value="">Selecione o tipo de usuário</option>
              <option value="Team">Equipe</option>
              <option value="Client">Cliente</option>
              <option value="Administrator">Administrador</option>
            </select>
          </Field>
        )}
      </fieldset>
      <Button type="submit" className="w-full" disabled={pending}>
        {mode === "login" ? (pending ? "Entrando..." : "Entrar") : pending ? "Criando conta..." : "Criar Conta"}
      </Button>
    </Form>
  );
}

export function meta({ data }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: data?.mode === "register" ? "Criar Conta" : "Entrar" }];
}
