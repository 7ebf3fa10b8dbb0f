import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field, inputClass } from "~/components/ui/field";
import { CpfInput, PhoneInput } from "~/components/ui/masked-inputs";

type PersonField = "fullName" | "cpf" | "email" | "birthDate" | "phone";

/**
 * The fields of a guardian's person ('Novo Responsável' and 'Editar Pessoa'):
 * name, CPF (masked while typing), e-mail, birth date and phone (masked).
 */
export function PersonFields({ fields }: { fields: Record<PersonField, FieldMetadata<string | undefined, Record<string, unknown>, string[]>> }) {
  const { fullName, cpf, email, birthDate, phone } = fields;
  return (
    <>
      <Field label="Nome completo" htmlFor={fullName.id} errors={fullName.errors} errorId={fullName.errorId} required>
        <input {...getInputProps(fullName, { type: "text" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="CPF" htmlFor={cpf.id} errors={cpf.errors} errorId={cpf.errorId} required>
        <CpfInput {...getInputProps(cpf, { type: "text" })} />
      </Field>
      <Field label="E-mail" htmlFor={email.id} errors={email.errors} errorId={email.errorId} required>
        <input {...getInputProps(email, { type: "email" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="Data de nascimento" htmlFor={birthDate.id} errors={birthDate.errors} errorId={birthDate.errorId}>
        <input {...getInputProps(birthDate, { type: "date" })} className={inputClass} />
      </Field>
      <Field label="Telefone" htmlFor={phone.id} errors={phone.errors} errorId={phone.errorId}>
        <PhoneInput {...getInputProps(phone, { type: "tel" })} />
      </Field>
    </>
  );
}
