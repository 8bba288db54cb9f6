// The keys duplicates are found by. A lead keeps what was typed; beside it these normalised forms, so
// "(512) 555-0123", "512.555.0123" and "+1 512 555 0123" are one phone, "Ann@Example.com " and
// "ann@example.com" one email, and "123 North Main Street Apt 4" and "123 N Main St #4" one address.

/** E.164 ("+15125550123") for what was typed, or "" when it is not a phone number. North American
 * numbers may be typed without the country code; an extension ("x12", "ext. 12") is not part of it. */
export function phoneKey(typed: string): string {
  const main = typed.split(/\s*(?:x|ext\.?|extension|#)\s*\d+\s*$/i)[0] ?? "";
  if (/[a-z]/i.test(main)) return "";
  const plus = main.trim().startsWith("+") || main.trim().startsWith("00");
  let digits = main.replace(/\D/g, "");
  if (main.trim().startsWith("00")) digits = digits.slice(2);
  if (!plus) {
    if (digits.length === 10) return validNanp(digits) ? `+1${digits}` : "";
    if (digits.length === 11 && digits.startsWith("1")) return validNanp(digits.slice(1)) ? `+${digits}` : "";
    return "";
  }
  if (digits.startsWith("1")) return digits.length === 11 && validNanp(digits.slice(1)) ? `+${digits}` : "";
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : "";
}

/** A North American number: area code and exchange each start with 2-9. */
const validNanp = (ten: string) => /^[2-9]\d{2}[2-9]\d{6}$/.test(ten);

/** The email as compared: trimmed and lower-cased; "" when it is not an email address. */
export function emailKey(typed: string): string {
  const email = typed.trim().toLowerCase();
  return /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[a-z]{2,}$/.test(email) ? email : "";
}

const DIRECTIONS: Record<string, string> = {
  NORTH: "N",
  SOUTH: "S",
  EAST: "E",
  WEST: "W",
  NORTHEAST: "NE",
  NORTHWEST: "NW",
  SOUTHEAST: "SE",
  SOUTHWEST: "SW",
};
const DIRECTION_ABBREVIATIONS = new Set(Object.values(DIRECTIONS));

// Street suffixes as the postal service abbreviates them (the common ones).
const SUFFIXES: Record<string, string> = {
  ALLEY: "ALY",
  AVENUE: "AVE",
  AV: "AVE",
  AVEN: "AVE",
  BEND: "BND",
  BOULEVARD: "BLVD",
  BOUL: "BLVD",
  CIRCLE: "CIR",
  CIRC: "CIR",
  COURT: "CT",
  COVE: "CV",
  CREEK: "CRK",
  CROSSING: "XING",
  DRIVE: "DR",
  DRV: "DR",
  EXPRESSWAY: "EXPY",
  FREEWAY: "FWY",
  GROVE: "GRV",
  HEIGHTS: "HTS",
  HIGHWAY: "HWY",
  HILL: "HL",
  HOLLOW: "HOLW",
  JUNCTION: "JCT",
  LANE: "LN",
  LOOP: "LOOP",
  MEADOW: "MDW",
  MEADOWS: "MDWS",
  PARKWAY: "PKWY",
  PASS: "PASS",
  PATH: "PATH",
  PIKE: "PIKE",
  PLACE: "PL",
  PLAZA: "PLZ",
  POINT: "PT",
  RIDGE: "RDG",
  ROAD: "RD",
  ROUTE: "RTE",
  RUN: "RUN",
  SQUARE: "SQ",
  STREET: "ST",
  STR: "ST",
  TERRACE: "TER",
  TRACE: "TRCE",
  TRAIL: "TRL",
  TURNPIKE: "TPKE",
  VALLEY: "VLY",
  VIEW: "VW",
  VILLAGE: "VLG",
  VISTA: "VIS",
  WAY: "WAY",
};
const UNIT_WORDS = new Set([
  "APT",
  "APARTMENT",
  "UNIT",
  "STE",
  "SUITE",
  "BLDG",
  "BUILDING",
  "FL",
  "FLOOR",
  "RM",
  "ROOM",
  "LOT",
  "SPC",
  "SPACE",
  "#",
]);

/**
 * The standardised street address and postal code ("123 N MAIN ST UNIT 4|78701"): house number, the
 * street with its directions and suffix abbreviated, the unit; "" without a house number and street.
 * `unit` is a separate second address line when there is one.
 */
export function addressKey(street: string, postalCode: string, unit = ""): string {
  const words = `${street} ${unit}`
    .toUpperCase()
    .replace(/#/g, " # ")
    .replace(/[.,;:'"()]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const number = words.shift();
  if (!number || !/^\d+[A-Z]?(-\d+)?$/.test(number) || !words.length) return "";
  const unitAt = words.findIndex((w) => UNIT_WORDS.has(w));
  const streetWords = unitAt < 0 ? words : words.slice(0, unitAt);
  const unitValue =
    unitAt < 0
      ? ""
      : words
          .slice(unitAt + 1)
          .filter((w) => !UNIT_WORDS.has(w))
          .join(" ");
  const last = streetWords.length - 1;
  const standard = streetWords.map((w, i) => {
    const direction = DIRECTIONS[w];
    // A direction before or after the street's name ("North Main St", "Main St North"); a street named
    // North ("123 North St") keeps its name.
    if (direction && (i === 0 || i === last) && streetWords.length > 2) return direction;
    if (
      i === last ||
      (i === last - 1 && DIRECTION_ABBREVIATIONS.has(DIRECTIONS[streetWords[last]!] ?? streetWords[last]!))
    )
      return SUFFIXES[w] ?? w;
    return w;
  });
  if (!standard.length) return "";
  const postal = postalCode.replace(/\D/g, "").slice(0, 5);
  return `${number} ${standard.join(" ")}${unitValue ? ` UNIT ${unitValue}` : ""}|${postal}`;
}
