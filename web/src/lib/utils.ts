import { formatMoney } from "@shared/money";
import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Merge class names; later Tailwind classes win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** An account balance as a customer reads it: what is owed, or "$432.34 credit" when they are ahead. */
export function formatBalance(cents: number): string {
  return cents < 0 ? `${formatMoney(-cents)} credit` : formatMoney(cents);
}

export { formatMoney };

/** 1 -> "1st", 2 -> "2nd", 3 -> "3rd", 11 -> "11th", 22 -> "22nd", 103 -> "103rd". */
export function ordinal(n: number): string {
  const abs = Math.abs(Math.trunc(n));
  const lastTwo = abs % 100;
  let suffix = "th";
  if (lastTwo < 11 || lastTwo > 13) {
    const last = abs % 10;
    if (last === 1) suffix = "st";
    else if (last === 2) suffix = "nd";
    else if (last === 3) suffix = "rd";
  }
  return `${Math.trunc(n)}${suffix}`;
}

/** Order id for display: "#" + number, blank when the number contains "*" (or is empty). */
export function formatOrderId(number: string | number | null | undefined): string {
  if (number === null || number === undefined) return "";
  const text = String(number).trim();
  if (text === "" || text.includes("*")) return "";
  return `#${text}`;
}
