// The lead fields a CSV column may be mapped to, and the guess from a header's words ("First Name",
// "first_name", "E-mail", "Phone Number", "Zip"...). Both sides use it: the web guesses while the file is
// still on the person's computer, the API checks the mapping it is sent.

export const LEAD_IMPORT_FIELDS = [
  "FIRST_NAME",
  "LAST_NAME",
  "EMAIL",
  "PHONE",
  "PHONE2",
  "ADDRESS",
  "UNIT",
  "CITY",
  "COUNTY",
  "STATE_CODE",
  "POSTAL_CODE",
  "COMMENTS",
] as const;
export type LeadImportField = (typeof LEAD_IMPORT_FIELDS)[number];

export const leadImportFieldLabels: Record<LeadImportField, string> = {
  FIRST_NAME: "First name",
  LAST_NAME: "Last name",
  EMAIL: "Email",
  PHONE: "Phone",
  PHONE2: "Phone 2",
  ADDRESS: "Address",
  UNIT: "Unit",
  CITY: "City",
  COUNTY: "County",
  STATE_CODE: "State",
  POSTAL_CODE: "Postal code",
  COMMENTS: "Comments",
};

/** Header words (lower-cased, letters and digits only) each field is known by. */
const WORDS: Record<LeadImportField, string[]> = {
  FIRST_NAME: ["firstname", "first", "fname", "givenname", "forename"],
  LAST_NAME: ["lastname", "last", "lname", "surname", "familyname"],
  EMAIL: ["email", "emailaddress", "mail"],
  PHONE: ["phone", "phonenumber", "phone1", "telephone", "tel", "mobile", "cell", "cellphone", "homephone"],
  PHONE2: ["phone2", "otherphone", "alternatephone", "altphone", "secondphone", "workphone", "phonenumber2"],
  ADDRESS: ["address", "address1", "street", "streetaddress", "addressline1", "serviceaddress"],
  UNIT: ["unit", "address2", "apt", "apartment", "suite", "addressline2"],
  CITY: ["city", "town", "locality"],
  COUNTY: ["county"],
  STATE_CODE: ["state", "statecode", "province", "region", "st"],
  POSTAL_CODE: ["zip", "zipcode", "postalcode", "postcode", "postal"],
  COMMENTS: ["comments", "comment", "notes", "note", "remarks"],
};

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The field a header names, if any. */
export function guessLeadField(header: string): LeadImportField | null {
  const s = squash(header);
  if (!s) return null;
  for (const f of LEAD_IMPORT_FIELDS) if (WORDS[f].includes(s)) return f;
  return null;
}

export type LeadImportMapping = { column: string; field: LeadImportField }[];

/**
 * A mapping for these headers: the one remembered for the source where its columns are in the file,
 * then guesses from the headers' words; each field at most once.
 */
export function guessLeadMapping(headers: readonly string[], remembered: LeadImportMapping = []): LeadImportMapping {
  const out: LeadImportMapping = [];
  const used = new Set<LeadImportField>();
  const present = new Set(headers);
  for (const m of remembered)
    if (present.has(m.column) && !used.has(m.field) && !out.some((o) => o.column === m.column)) {
      out.push(m);
      used.add(m.field);
    }
  for (const h of headers) {
    if (out.some((o) => o.column === h)) continue;
    const f = guessLeadField(h);
    if (f && !used.has(f)) {
      out.push({ column: h, field: f });
      used.add(f);
    }
  }
  return out;
}
