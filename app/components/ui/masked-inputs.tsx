import type { InputHTMLAttributes } from "react";
import { formatPhone, maskCpfInput } from "~/lib/format";
import { inputClass } from "./field";

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A CPF field's input, in dotted format while typing (at most 14 characters). Spread conform's `getInputProps` into it. */
export function CpfInput(props: InputProps) {
  return (
    <input
      inputMode="numeric"
      maxLength={14}
      placeholder="000.000.000-00"
      autoComplete="off"
      {...props}
      className={inputClass}
      onInput={(e) => {
        e.currentTarget.value = maskCpfInput(e.currentTarget.value);
      }}
    />
  );
}

/** A phone field's input, formatted while typing (at most 15 characters). Spread conform's `getInputProps` into it. */
export function PhoneInput(props: InputProps) {
  return (
    <input
      maxLength={15}
      placeholder="(00) 00000-0000"
      autoComplete="off"
      {...props}
      className={inputClass}
      onInput={(e) => {
        e.currentTarget.value = formatPhone(e.currentTarget.value);
      }}
    />
  );
}
