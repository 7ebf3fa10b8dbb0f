import { isIPv6 } from "node:net";

/**
 * The address a login limit counts against. IPv4 as it is (an IPv4-mapped IPv6
 * address is its IPv4); IPv6 by its /64 prefix, since one subscriber usually
 * holds a whole /64 and could otherwise change address on every attempt.
 */
export function ipBucket(ip: string): string {
  const value = ip.trim().toLowerCase().split("%")[0];
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value) ?? /^::(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1];
  if (!isIPv6(value)) return value.slice(0, 64) || "unknown";
  return `${expandIPv6(value).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(value: string): string[] {
  let text = value;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const first = head ? head.split(":") : [];
  const last = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - first.length - last.length)).fill("0");
  return [...first, ...zeros, ...last].map((group) => parseInt(group || "0", 16).toString(16));
}
