import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState, type ReactNode } from "react";
import { Form, useActionData, useLocation } from "react-router";
import type { z } from "zod";
import { LinkButton } from "./button";
import { DialogFooter, RouteDialog } from "./dialog";
import { ErrorSummary } from "./error-summary";
import { FormErrors } from "./field";
import { SubmitButton, useIsSubmitting } from "./form-controls";

/** The submit button's words and its pending words (SPEC §8), per kind of dialog. */
export const SUBMIT_LABELS = {
  create: { label: "Criar", pending: "Criando..." },
  update: { label: "Atualizar", pending: "Atualizando..." },
  register: { label: "Cadastrar", pending: "Cadastrando..." },
  enroll: { label: "Matricular", pending: "Matriculando..." },
  cancelEnrollment: { label: "Cancelar matrícula", pending: "Salvando..." },
  waitlist: { label: "Entrar na lista de espera", pending: "Salvando..." },
  bookMakeup: { label: "Agendar reposição", pending: "Agendando..." },
  anonymize: { label: "Anonimizar família", pending: "Anonimizando..." },
  lose: { label: "Marcar como perdido", pending: "Salvando..." },
  reopen: { label: "Reabrir", pending: "Reabrindo..." },
  warnAbsence: { label: "Avisar falta", pending: "Avisando..." },
  linkPix: { label: "Vincular", pending: "Vinculando..." },
  refundPix: { label: "Devolver o Pix", pending: "Devolvendo..." },
} as const;

/** True while this dialog's form (posting to the dialog's own URL) is being submitted. */
export function useDialogSubmitting(): boolean {
  return useIsSubmitting(useLocation().pathname);
}

/**
 * The conform form of a dialog: the action's last answer (field errors, values
 * kept), validated on submit, then on input, with the same schema as the server.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own bound for a form's shape
type FormShape = Record<string, any>;

export function useDialogForm<Schema extends z.ZodType<FormShape, FormShape>>(options: {
  id: string;
  schema: Schema;
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const answer = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const { schema } = options;
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: answer?.result,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * A create-or-edit dialog: the route dialog (a URL; without JavaScript a
 * server-rendered `<dialog open>` whose form posts and redirects), the form,
 * the messages not tied to a field, the fields in a fieldset disabled while
 * submitting, and the footer ('Cancelar' + the submit button with its pending
 * words). Toasts reach the user through the root's channel.
 */
export function FormDialog<Shape extends FormShape>({
  form,
  title,
  description,
  closeTo,
  size,
  nested,
  submit,
  action,
  encType,
  noValidate,
  fieldsetClassName = "space-y-4",
  before,
  footerStart,
  closeLabel = "Cancelar",
  destructive = false,
  children,
}: {
  form: FormMetadata<Shape, string[]>;
  title: string;
  description?: ReactNode;
  closeTo: string;
  size?: "sm" | "md" | "lg" | "xl";
  /** Opened over another route dialog (see RouteDialog). */
  nested?: boolean;
  submit: keyof typeof SUBMIT_LABELS;
  /** Where the form posts (default: the dialog's own URL). */
  action?: string;
  encType?: "multipart/form-data";
  /** Leave every check to the schema, also without JavaScript (no native browser validation). */
  noValidate?: boolean;
  fieldsetClassName?: string;
  /** Inside the form, above the fields' fieldset (a control with its own pending state). */
  before?: ReactNode;
  /** A footer action before 'Cancelar' (e.g. 'Excluir'). */
  footerStart?: ReactNode;
  /** The words of the link that closes the dialog ('Voltar' where the submit itself says 'Cancelar …'). */
  closeLabel?: string;
  /** The submit button undoes something (red). */
  destructive?: boolean;
  children: ReactNode;
}) {
  const pending = useDialogSubmitting();
  const labels = SUBMIT_LABELS[submit];
  const answer = useActionData();
  const [refused, setRefused] = useState(0);
  // A new value at each failed submit: the server's answer (JS on or off) or a refusal in the browser.
  const attempt = useMemo(() => ({ answer, refused }), [answer, refused]);
  const formProps = getFormProps(form);
  return (
    <RouteDialog title={title} description={description} closeTo={closeTo} size={size} nested={nested}>
      <Form
        method="post"
        encType={encType}
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          // Refused in the browser (the schema's checks): the summary takes the focus again.
          if (event.defaultPrevented) setRefused((n) => n + 1);
        }}
        {...(action ? { action } : {})}
        {...(noValidate ? { noValidate } : {})}
        preventScrollReset
        className="space-y-4"
      >
        {form.status === "error" ? (
          <ErrorSummary id={`${form.id}-summary`} errors={form.allErrors} fieldId={(name) => `${form.id}-${name}`} focusKey={attempt} />
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        {before}
        <fieldset disabled={pending} className={fieldsetClassName}>
          {children}
        </fieldset>
        <DialogFooter>
          {footerStart}
          <LinkButton to={closeTo} variant="outline" preventScrollReset>
            {closeLabel}
          </LinkButton>
          <SubmitButton
            pending={pending}
            label={labels.label}
            pendingLabel={labels.pending}
            variant={destructive ? "destructive" : undefined}
          />
        </DialogFooter>
      </Form>
    </RouteDialog>
  );
}
