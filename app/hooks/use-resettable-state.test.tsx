// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useResettableState } from "./use-resettable-state";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

/** Shows the state; its button changes it as the user would. */
function Probe({ initial, resetKey }: { initial: string; resetKey: unknown }) {
  const [value, setValue] = useResettableState(initial, resetKey);
  return (
    <>
      <output>{value}</output>
      <button onClick={() => setValue("edited")}>edit</button>
    </>
  );
}

/** The sign-in form's case: a new Set on every render, and no action result yet. */
function Edited({ lastResult }: { lastResult?: object }) {
  const [edited, setEdited] = useResettableState(new Set<string>(), lastResult);
  return (
    <>
      <output>{[...edited].join(",")}</output>
      <button onClick={() => setEdited(new Set([...edited, "email"]))}>edit</button>
    </>
  );
}

const shown = () => container.querySelector("output")?.textContent;
const edit = () => act(() => container.querySelector("button")?.click());

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("useResettableState", () => {
  it("keeps the user's change while the key stays, and starts over when the key changes", () => {
    const first = { result: 1 };
    act(() => root.render(<Probe initial="a" resetKey={first} />));
    expect(shown()).toBe("a");
    edit();
    expect(shown()).toBe("edited");
    act(() => root.render(<Probe initial="a" resetKey={first} />));
    expect(shown()).toBe("edited");
    act(() => root.render(<Probe initial="b" resetKey={{ result: 2 }} />));
    expect(shown()).toBe("b");
  });

  it("takes an absent key (undefined) as a key like any other, even when the initial value is made anew on each render", () => {
    act(() => root.render(<Edited />));
    edit();
    act(() => root.render(<Edited />));
    expect(shown()).toBe("email");
    act(() => root.render(<Edited lastResult={{ error: {} }} />));
    expect(shown()).toBe("");
  });
});
