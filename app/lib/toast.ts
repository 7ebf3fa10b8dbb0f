export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** §9: toasts stay 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000;

/** A toast with its own id: the toaster shows each id once. */
export function newToast(toast: Omit<Toast, "id">): Toast {
  return { id: crypto.randomUUID(), ...toast };
}
