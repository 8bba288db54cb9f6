// The state selector of the address forms: 50 US states, DC, 13 Canadian provinces and territories, and
// N/A with an empty code. The web keeps the same list (web/src/features/account/states.ts).
export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "DC",
] as const;
export const CANADIAN_PROVINCES = [
  "AB",
  "BC",
  "MB",
  "NB",
  "NL",
  "NS",
  "NT",
  "NU",
  "ON",
  "PE",
  "QC",
  "SK",
  "YT",
] as const;

/** Country of a state code ("" is N/A: taken as the US). */
export function countryOfState(code: string): "US" | "CA" {
  return (CANADIAN_PROVINCES as readonly string[]).includes(code) ? "CA" : "US";
}

export function isStateCode(code: string) {
  return (
    code === "" ||
    (US_STATES as readonly string[]).includes(code) ||
    (CANADIAN_PROVINCES as readonly string[]).includes(code)
  );
}

/** US ZIP (12345 or 12345-6789) or Canadian postal code (A1A 1A1). */
export function normalizePostalCode(input: string): string | null {
  const s = input.trim().toUpperCase();
  if (/^\d{5}(-\d{4})?$/.test(s)) return s;
  const ca = s.replace(/\s+/g, "");
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(ca)) return `${ca.slice(0, 3)} ${ca.slice(3)}`;
  return null;
}
