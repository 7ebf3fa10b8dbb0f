import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { FragmentCacheContext, ServerCached } from "../components/server-cached";
import { createFragmentCache } from "./fragment-cache.server";

describe("fragment cache", () => {
  it("renders once per distinct data, and again as soon as the data changes", () => {
    const cache = createFragmentCache(2);
    let renders = 0;
    const Row = ({ name }: { name: string }) => {
      renders++;
      return <li>{name}</li>;
    };
    const page = (names: string[]) =>
      renderToString(
        <FragmentCacheContext.Provider value={cache}>
          <ServerCached as="ul" name="rows" deps={names} className="list">
            {names.map((n) => (
              <Row key={n} name={n} />
            ))}
          </ServerCached>
        </FragmentCacheContext.Provider>,
      );
    const plain = (names: string[]) =>
      renderToString(
        <ul className="list">
          {names.map((n) => (
            <Row key={n} name={n} />
          ))}
        </ul>,
      );

    const first = page(["Ana", "Bia"]);
    expect(first).toBe(plain(["Ana", "Bia"]));
    renders = 0;
    expect(page(["Ana", "Bia"])).toBe(first);
    expect(renders).toBe(0);
    expect(page(["Ana", "Bia", "Cris"])).toBe(plain(["Ana", "Bia", "Cris"]));
    expect(cache.size()).toBe(2);
    page(["Duda"]);
    expect(cache.size()).toBe(2);
    renders = 0;
    page(["Ana", "Bia"]); // evicted (least recently used): rendered again
    expect(renders).toBe(2);
  });

  it("calls a children function only on a miss", () => {
    const cache = createFragmentCache();
    let calls = 0;
    const page = (deps: string) =>
      renderToString(
        <FragmentCacheContext.Provider value={cache}>
          <ServerCached as="ul" name="lazy" deps={deps}>
            {() => {
              calls++;
              return (JSON.parse(deps) as string[]).map((n) => <li key={n}>{n}</li>);
            }}
          </ServerCached>
        </FragmentCacheContext.Provider>,
      );
    expect(page('["Ana"]')).toBe("<ul><li>Ana</li></ul>");
    expect(page('["Ana"]')).toBe("<ul><li>Ana</li></ul>");
    expect(calls).toBe(1);
    expect(page('["Bia"]')).toBe("<ul><li>Bia</li></ul>");
    expect(calls).toBe(2);
    expect(
      renderToString(
        <ServerCached as="ul" name="lazy" deps={0}>
          {() => <li>oi</li>}
        </ServerCached>,
      ),
    ).toBe("<ul><li>oi</li></ul>");
  });

  it("renders the children as usual without a cache (the browser)", () => {
    expect(
      renderToString(
        <ServerCached as="div" name="x" deps={1}>
          <b>oi</b>
        </ServerCached>,
      ),
    ).toBe("<div><b>oi</b></div>");
  });
});
