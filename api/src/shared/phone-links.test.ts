import { describe, expect, test } from "bun:test";
import { linkPhoneNumbers } from "./phone-links.ts";

describe("phone numbers in staff HTML", () => {
  test("each number in the text becomes a tel: link, in every written form", () => {
    expect(linkPhoneNumbers("<p>Call (512) 555-0100 or 512.555.0199</p>")).toBe(
      '<p>Call <a href="tel:5125550100">(512) 555-0100</a> or <a href="tel:5125550199">512.555.0199</a></p>',
    );
    expect(linkPhoneNumbers("+1 512 555 0100")).toBe('<a href="tel:+15125550100">+1 512 555 0100</a>');
  });

  test("attributes are never touched, even a quoted value holding '>' and a number", () => {
    const html = `<p title="office > 512-555-0100">Hours</p><img alt='a > (512) 555-0100' src="/x.png">`;
    expect(linkPhoneNumbers(html)).toBe(html);
  });

  test("numbers already inside a link, or in a comment, stay as they are", () => {
    const html = '<a href="/contact"><b>512-555-0100</b></a><!-- 512-555-0100 --> then 512-555-0101';
    expect(linkPhoneNumbers(html)).toBe(
      '<a href="/contact"><b>512-555-0100</b></a><!-- 512-555-0100 --> then <a href="tel:5125550101">512-555-0101</a>',
    );
  });

  test("text that merely contains '<' is still text", () => {
    expect(linkPhoneNumbers("1 < 2, call 512-555-0100")).toBe('1 < 2, call <a href="tel:5125550100">512-555-0100</a>');
  });
});
