export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** §9: toasts stay 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000;
