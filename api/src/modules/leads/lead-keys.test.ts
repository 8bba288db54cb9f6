import { describe, expect, test } from "bun:test";
import { addressKey, emailKey, phoneKey } from "./lead-keys.ts";

describe("phone key", () => {
  test("one number however it is typed", () => {
    for (const typed of [
      "(512) 555-0123",
      "512.555.0123",
      "512 555 0123",
      "+1 512 555 0123",
      "1-512-555-0123",
      "5125550123",
      "512-555-0123 x12",
      "512-555-0123 ext. 4",
    ])
      expect(phoneKey(typed)).toBe("+15125550123");
  });
  test("international numbers with their country code", () => {
    expect(phoneKey("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneKey("0044 20 7946 0958")).toBe("+442079460958");
  });
  test("what is not a phone number has no key", () => {
    for (const typed of ["", "555-0123", "1-800-FLOWERS", "123 555 0123", "512 155 0123", "+1 512", "n/a"])
      expect(phoneKey(typed)).toBe("");
  });
});

describe("email key", () => {
  test("trimmed and lower-cased", () => {
    expect(emailKey(" Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
  });
  test("what is not an email address has no key", () => {
    for (const typed of ["", "ann", "ann@", "@example.com", "ann@example", "a b@example.com"])
      expect(emailKey(typed)).toBe("");
  });
});

describe("address key", () => {
  test("directions, suffixes and units written any way are one address", () => {
    const key = "123 N MAIN ST UNIT 4|78701";
    expect(addressKey("123 North Main Street Apt 4", "78701")).toBe(key);
    expect(addressKey("123 N. Main St. #4", "78701-1234")).toBe(key);
    expect(addressKey("123 n main st", "78701", "Unit 4")).toBe(key);
    expect(addressKey("123 North Main Street, Suite 4", "78701")).toBe(key);
  });
  test("a street named after a direction keeps its name", () => {
    expect(addressKey("45 North Street", "78701")).toBe("45 NORTH ST|78701");
    expect(addressKey("45 West Avenue", "78701")).toBe("45 WEST AVE|78701");
  });
  test("a direction after the street", () => {
    expect(addressKey("9 Lamar Boulevard South", "78704")).toBe("9 LAMAR BLVD S|78704");
  });
  test("no house number or no street: no key", () => {
    expect(addressKey("Main Street", "78701")).toBe("");
    expect(addressKey("123", "78701")).toBe("");
    expect(addressKey("", "")).toBe("");
  });
});
