import { faker } from "@faker-js/faker";

// Where the demo customers live: approximate ZIP code centroids of the three branches' cities, points
// scattered around them, US-style street names and 555 phone numbers.

export type Zip = { zip: string; city: string; state: string; lat: number; lng: number };

// Approximate ZIP code centroids.
export const AUSTIN_ZIPS: Zip[] = [
  ["78701", 30.2713, -97.7426],
  ["78702", 30.2634, -97.716],
  ["78703", 30.2937, -97.7649],
  ["78704", 30.2429, -97.7659],
  ["78705", 30.2951, -97.7397],
  ["78721", 30.271, -97.683],
  ["78722", 30.2894, -97.715],
  ["78723", 30.3049, -97.6856],
  ["78727", 30.4258, -97.7189],
  ["78731", 30.3472, -97.7688],
  ["78745", 30.2074, -97.7963],
  ["78746", 30.2969, -97.8109],
  ["78748", 30.1642, -97.8231],
  ["78749", 30.2162, -97.8506],
  ["78750", 30.4227, -97.7965],
  ["78751", 30.3093, -97.7239],
  ["78756", 30.3222, -97.7393],
  ["78757", 30.3516, -97.7323],
  ["78758", 30.388, -97.706],
  ["78759", 30.4034, -97.7526],
].map(([zip, lat, lng]) => ({
  zip: zip as string,
  city: zip === "78746" ? "West Lake Hills" : "Austin",
  state: "TX",
  lat: lat as number,
  lng: lng as number,
}));

export const MINNEAPOLIS_ZIPS: Zip[] = [
  ["55401", 44.9848, -93.2696],
  ["55403", 44.9706, -93.2856],
  ["55404", 44.9619, -93.264],
  ["55405", 44.9693, -93.303],
  ["55406", 44.9384, -93.2214],
  ["55407", 44.9379, -93.2536],
  ["55408", 44.9466, -93.2864],
  ["55409", 44.9262, -93.2813],
  ["55410", 44.9124, -93.318],
  ["55411", 44.9994, -93.3004],
  ["55412", 45.0243, -93.3019],
  ["55413", 44.9981, -93.2556],
  ["55414", 44.9776, -93.2198],
  ["55417", 44.9053, -93.2361],
  ["55418", 45.019, -93.2404],
  ["55419", 44.9055, -93.2888],
].map(([zip, lat, lng]) => ({
  zip: zip as string,
  city: "Minneapolis",
  state: "MN",
  lat: lat as number,
  lng: lng as number,
}));

export const BOULDER_ZIPS: Zip[] = [
  ["80301", 40.0497, -105.2143],
  ["80302", 40.0176, -105.2797],
  ["80303", 39.9918, -105.2273],
  ["80304", 40.0375, -105.2776],
].map(([zip, lat, lng]) => ({
  zip: zip as string,
  city: "Boulder",
  state: "CO",
  lat: lat as number,
  lng: lng as number,
}));

/** A point uniformly within `radiusKm` of the centroid. */
export function jitter(z: Zip, radiusKm = 1.5): { latitude: number; longitude: number } {
  const r = radiusKm * Math.sqrt(faker.number.float({ min: 0, max: 1 }));
  const theta = faker.number.float({ min: 0, max: 2 * Math.PI });
  const dLat = (r * Math.cos(theta)) / 111.32;
  const dLng = (r * Math.sin(theta)) / (111.32 * Math.cos((z.lat * Math.PI) / 180));
  return { latitude: round6(z.lat + dLat), longitude: round6(z.lng + dLng) };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export const BUSINESS_TYPES = [
  "Dental",
  "Family Medicine",
  "Law Group",
  "Auto Repair",
  "Yoga Studio",
  "Veterinary Clinic",
  "Realty",
  "Coffee Co.",
  "Insurance Agency",
  "Fitness",
  "Architects",
  "Chiropractic",
  "Montessori School",
  "Salon & Spa",
  "Print Shop",
  "Brewing Co.",
  "Pediatrics",
  "Accounting",
  "Title Company",
  "Physical Therapy",
];

const STREET_SUFFIXES = [
  { weight: 20, value: "St" },
  { weight: 20, value: "Dr" },
  { weight: 15, value: "Ave" },
  { weight: 15, value: "Ln" },
  { weight: 10, value: "Rd" },
  { weight: 8, value: "Ct" },
  { weight: 8, value: "Cv" },
  { weight: 6, value: "Trl" },
  { weight: 6, value: "Way" },
  { weight: 4, value: "Blvd" },
  { weight: 4, value: "Pass" },
  { weight: 3, value: "Pkwy" },
  { weight: 3, value: "Loop" },
];

const STREET_STEMS = [
  "Live Oak",
  "Pecan",
  "Cedar",
  "Mesquite",
  "Bluebonnet",
  "Magnolia",
  "Cypress",
  "Willow",
  "Sycamore",
  "Juniper",
  "Hackberry",
  "Redbud",
  "Persimmon",
  "Primrose",
  "Lantana",
  "Agave",
  "Yucca",
  "Sagebrush",
  "Prairie",
  "Meadow",
  "Ridge",
  "Canyon",
  "Creek",
  "Spring",
  "River",
  "Hill",
  "Valley",
  "Bluff",
  "Mesa",
  "Sunset",
  "Windsor",
  "Oxford",
  "Cambridge",
  "Lexington",
  "Franklin",
  "Jefferson",
  "Madison",
  "Lamar",
  "Houston",
  "Austin",
  "Travis",
  "Bowie",
  "Crockett",
  "Brazos",
  "Llano",
  "Pedernales",
  "San Saba",
  "Guadalupe",
  "Colorado",
  "Shady",
  "Rolling",
  "Quail",
  "Mockingbird",
  "Cardinal",
  "Hummingbird",
  "Whitetail",
  "Longhorn",
  "Stonegate",
  "Fox Run",
  "Wildflower",
];

/** A US-style street name: a common stem or a faker surname, with a US suffix. */
export function streetNameFor(): string {
  let stem = faker.helpers.arrayElement(STREET_STEMS);
  if (faker.datatype.boolean(0.45)) {
    const surname = faker.person.lastName();
    if (/^[A-Za-z]+$/.test(surname)) stem = surname;
  }
  return `${stem} ${faker.helpers.weightedArrayElement(STREET_SUFFIXES)}`;
}

export function phoneNumber(areaCode: string, last4?: string): string {
  return `(${areaCode}) 555-${last4 ?? faker.string.numeric(4)}`;
}
