// The state selector of the address forms: 50 US states, DC, 13 Canadian provinces and territories, and
// N/A with an empty code. One list for both sides: the web's selector shows it, the API accepts only
// its codes.
export type StateOption = { code: string; name: string };

export const US_STATES: StateOption[] = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
].map(([code, name]) => ({ code: code!, name: name! }));

export const CANADIAN_PROVINCES: StateOption[] = [
  ["AB", "Alberta"],
  ["BC", "British Columbia"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NS", "Nova Scotia"],
  ["NT", "Northwest Territories"],
  ["NU", "Nunavut"],
  ["ON", "Ontario"],
  ["PE", "Prince Edward Island"],
  ["QC", "Quebec"],
  ["SK", "Saskatchewan"],
  ["YT", "Yukon"],
].map(([code, name]) => ({ code: code!, name: name! }));

/** N/A: an explicit "no state" choice, sent as an empty code. */
export const NOT_APPLICABLE: StateOption = { code: "", name: "N/A" };

const US_CODES = new Set(US_STATES.map((s) => s.code));
const CANADIAN_CODES = new Set(CANADIAN_PROVINCES.map((s) => s.code));

/** Country of a state code ("" is N/A: taken as the US). */
export function countryOfState(code: string): "US" | "CA" {
  return CANADIAN_CODES.has(code) ? "CA" : "US";
}

export function isStateCode(code: string) {
  return code === "" || US_CODES.has(code) || CANADIAN_CODES.has(code);
}

/** US ZIP (12345 or 12345-6789) or Canadian postal code (A1A 1A1). */
export function normalizePostalCode(input: string): string | null {
  const s = input.trim().toUpperCase();
  if (/^\d{5}(-\d{4})?$/.test(s)) return s;
  const ca = s.replace(/\s+/g, "");
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(ca)) return `${ca.slice(0, 3)} ${ca.slice(3)}`;
  return null;
}
