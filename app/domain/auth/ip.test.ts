import { describe, expect, it } from "vitest";
import { ipBucket } from "./ip";

describe("ipBucket", () => {
  it("keeps IPv4 addresses and unwraps IPv4-mapped IPv6", () => {
    expect(ipBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(ipBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ipBucket("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const bucket = "2001:db8:85a3:0::/64";
    expect(ipBucket("2001:db8:85a3::1")).toBe(bucket);
    expect(ipBucket("2001:0db8:85a3:0000:ffff:ffff:ffff:ffff")).toBe(bucket);
    expect(ipBucket("2001:DB8:85A3:0:1:2:3:4%eth0")).toBe(bucket);
    expect(ipBucket("2001:db8:85a4::1")).not.toBe(bucket);
    expect(ipBucket("::1")).toBe("0:0:0:0::/64");
  });

  it("keeps anything else short", () => {
    expect(ipBucket("unknown")).toBe("unknown");
    expect(ipBucket("x".repeat(500))).toHaveLength(64);
    expect(ipBucket("")).toBe("unknown");
  });
});
