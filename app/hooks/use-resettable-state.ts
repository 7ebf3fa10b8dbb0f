import { useState } from "react";

/**
 * State that starts from `initial` and starts over from it whenever `resetKey`
 * changes (by identity): a value from the loader or the action that the user can
 * then change on the page. Pass `initial` itself as the key when it is what
 * changes. The reset happens while rendering, as React advises for "adjusting state
 * when a prop changes", not in an effect (which would paint the stale value first
 * and render twice). The key is required: an absent one (`undefined`) is a value
 * like any other, and a key made anew on every render would render forever.
 */
export function useResettableState<T>(initial: T, resetKey: unknown) {
  const [state, setState] = useState(initial);
  const [key, setKey] = useState(resetKey);
  if (!Object.is(key, resetKey)) {
    setKey(resetKey);
    setState(initial);
  }
  return [state, setState] as const;
}
