import { useEffect, useRef } from "react";

/**
 * After a failed submit, the list of what to fix, at the top of the form, each
 * message a link to its field (the GOV.UK error summary). The page lands on
 * it: without JavaScript through `autofocus` in the server's answer; with
 * JavaScript it takes the focus again at each failed submit (`focusKey`
 * changes), after the form library has moved it to the first field.
 */
export function ErrorSummary({
  id,
  errors,
  fieldId,
  focusKey,
}: {
  /** The summary's own id (its heading is `${id}-title`). */
  id: string;
  /** Each field's messages, by field name; empty and form-level ('') entries are left out. */
  errors: Record<string, string[] | undefined>;
  /** The id of the control a field name stands for (the link's target). */
  fieldId: (name: string) => string;
  /** A value that changes at every failed submit (the answer, a submit count). */
  focusKey: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const items = Object.entries(errors).flatMap(([name, messages]) =>
    name && messages?.length ? messages.map((message) => ({ name, message })) : [],
  );
  const shown = items.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, focusKey]);
  if (!shown) return null;
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      // Only after a failed submit, and to the message that says what to fix (GOV.UK's
      // pattern): without JavaScript nothing else would bring the page to it.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      role="alert"
      aria-labelledby={`${id}-title`}
      className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        Há um problema
      </h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {items.map(({ name, message }) => (
          <li key={`${name}:${message}`}>
            <a
              href={`#${fieldId(name)}`}
              className="underline underline-offset-2 hover:text-red-700"
              onClick={(event) => {
                const target = document.getElementById(fieldId(name));
                if (!target) return;
                // Focus the control itself (a plain jump scrolls but leaves the focus on the link);
                // a group or a wrapper gives the focus to its first control.
                const control = target.matches("input, select, textarea")
                  ? target
                  : (target.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea") ?? target);
                event.preventDefault();
                control.focus();
                control.scrollIntoView({ block: "center" });
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
