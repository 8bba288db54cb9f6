// Card number checks both sides make: the web's payment forms before anything is sent, the API's
// sandbox tokenizer again on what arrives. A card's brand comes from its leading digits.

export const CARD_BRANDS = ["VISA", "MASTERCARD", "AMEX", "DISCOVER"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number] | "OTHER";

export const brandLabels: Record<string, string> = {
  VISA: "Visa",
  MASTERCARD: "Mastercard",
  AMEX: "American Express",
  DISCOVER: "Discover",
  OTHER: "Card",
};

/** A number as typed, without its spaces and dashes. */
export const digitsOnly = (s: string) => s.replace(/[\s-]/g, "");

/** 12 to 19 digits passing the Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = number.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The brand of a card number (digits only). */
export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return "VISA";
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMEX";
  if (/^(6011|65|64[4-9]|622)/.test(number)) return "DISCOVER";
  return "OTHER";
}
