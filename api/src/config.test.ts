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

  test("empty values count as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).PORT).toBe(3000);
  });
});
