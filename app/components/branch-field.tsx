import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field, inputClass, Options } from "~/components/ui/field";

/** A branch as the dialogs' select shows it. */
export interface BranchChoice {
  id: string;
  name: string;
  isDefault: boolean;
}

/** A dialog's required 'Unidade' select: 'Selecione a unidade', then each branch, '(Padrão)' on the default one. */
export function BranchField({ field, branches }: { field: FieldMetadata<string>; branches: readonly BranchChoice[] }) {
  return (
    <Field label="Unidade" field={field} required>
      <select {...getSelectProps(field)} className={inputClass}>
        <option value="">Selecione a unidade</option>
        <Options
          items={branches}
          label={(b) => (
            <>
              {b.name}
              {b.isDefault ? " (Padrão)" : ""}
            </>
          )}
        />
      </select>
    </Field>
  );
}
