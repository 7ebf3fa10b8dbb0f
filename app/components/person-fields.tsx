import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field, inputClass } from "~/components/ui/field";
import { CpfInput, PhoneInput } from "~/components/ui/masked-inputs";

type PersonField = "fullName" | "cpf" | "email" | "birthDate" | "phone";

/**
 * The fields of a guardian's person ('Novo Responsável' and 'Editar Pessoa'):
 * name, CPF (masked while typing), e-mail, birth date and phone (masked), each
 * required (the schema refuses a person without any of them), so each is marked.
 */
export function PersonFields({
  fields,
}: {
  fields: Record<PersonField, FieldMetadata<string | undefined, Record<string, unknown>, string[]>>;
}) {
  const { fullName, cpf, email, birthDate, phone } = fields;
  return (
    <>
      <Field label="Nome completo" field={fullName} required>
        <input {...getInputProps(fullName, { type: "text" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="CPF" field={cpf} required>
        <CpfInput {...getInputProps(cpf, { type: "text" })} />
      </Field>
      <Field label="E-mail" field={email} required>
        <input {...getInputProps(email, { type: "email" })} className={inputClass} autoComplete="off" />
      </Field>
      <Field label="Data de nascimento" field={birthDate} required>
        <input {...getInputProps(birthDate, { type: "date" })} className={inputClass} />
      </Field>
      <Field label="Telefone" field={phone} required>
        <PhoneInput {...getInputProps(phone, { type: "tel" })} />
      </Field>
    </>
  );
}
