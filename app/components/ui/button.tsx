import { forwardRef, type ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";
import { cn } from "~/lib/cn";

type Variant = "default" | "outline" | "destructive" | "ghost" | "secondary";
type Size = "default" | "sm" | "icon";

// The looks live in app.css (.btn, .btn-<variant>, .btn-md/-sm/-icon): one short class
// list per button instead of the utilities spelled out in every list row.
export function buttonClass(variant: Variant = "default", size: Size = "default", className?: string) {
  return cn("btn", `btn-${variant}`, size === "default" ? "btn-md" : `btn-${size}`, className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, size, className)} {...props} />;
});

export function LinkButton({ variant, size, className, ...props }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}

/**
 * 'Exportar CSV': a plain link to the list's `?format=csv` with the screen's
 * filters (a download, so it works without JavaScript and never navigates).
 */
export function ExportCsvLink({ href, className }: { href: string; className?: string }) {
  return (
    <a href={href} download className={buttonClass("outline", "default", className)}>
      Exportar CSV
    </a>
  );
}
