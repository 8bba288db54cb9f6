import { describe, expect, test } from "bun:test";
import { ConfigError, parseConfig } from "./config.ts";

describe("config", () => {
  test("defaults give the embedded mode", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: "./data", DEFAULT_BRANCH_HOST: "demo", LOG_LEVEL: "info" });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.APP_VERSION).toBe("1.2.1061");
  });

  test("a wrong value stops with one line naming the variable", () => {
    expect(() => parseConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "abc" })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      "Invalid environment variable DATABASE_URL: must be a postgresql:// URL",
    );
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  test("CORS_ORIGINS: comma-separated origins, none by default; no wildcard, no paths", () => {
    expect(parseConfig({}).CORS_ORIGINS).toEqual([]);
    expect(parseConfig({ CORS_ORIGINS: "https://a.example, http://b.example:8080/" }).CORS_ORIGINS).toEqual([
      "https://a.example",
      "http://b.example:8080",
    ]);
    for (const wrong of ["*", "https://a.example/path", "a.example", "ftp://a.example"])
      expect(() => parseConfig({ CORS_ORIGINS: wrong })).toThrow(
        "Invalid environment variable CORS_ORIGINS: must be comma-separated origins like https://shop.example.com",
      );
  });

  test("password work factor: unset by default; production refuses less than 19 MiB and 2 passes", () => {
    expect(parseConfig({}).PASSWORD_HASH_MEMORY_KIB).toBeUndefined();
    expect(parseConfig({ PASSWORD_HASH_MEMORY_KIB: "1024", PASSWORD_HASH_TIME_COST: "1" })).toMatchObject({
      PASSWORD_HASH_MEMORY_KIB: 1024,
      PASSWORD_HASH_TIME_COST: 1,
    });
    const prod = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) };
    expect(() => parseConfig({ ...prod, PASSWORD_HASH_MEMORY_KIB: "1024" })).toThrow(
      "Invalid environment variable PASSWORD_HASH_MEMORY_KIB: at least 19456 in production",
    );
    expect(() => parseConfig({ ...prod, PASSWORD_HASH_TIME_COST: "1" })).toThrow(
      "Invalid environment variable PASSWORD_HASH_TIME_COST: at least 2 in production",
    );
    expect(parseConfig({ ...prod, PASSWORD_HASH_MEMORY_KIB: "19456" }).PASSWORD_HASH_MEMORY_KIB).toBe(19_456);
  });

  test("empty values count as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });
});
