// The geocoding interface, apart from its providers (geocoder.ts picks one; each provider implements it).

export type AddressSuggestion = {
  /** Street line: "1100 Congress Ave" (empty for a postal-code result). */
  address: string;
  county: string | null;
  /** One line for a list: "1100 Congress Ave, Austin, TX 78701". */
  label: string;
  latitude: number;
  longitude: number;
  city: string | null;
  /** State or province code, "TX". */
  state: string | null;
  postalCode: string | null;
};

export type AutocompleteRequest = {
  branchId: string;
  query: string;
  /** Rank results near this point (e.g. the branch's area or the browser's position). */
  latitude?: number | null;
  longitude?: number | null;
  limit: number;
};

export interface Geocoder {
  readonly name: string;
  autocomplete(request: AutocompleteRequest): Promise<AddressSuggestion[]>;
}
