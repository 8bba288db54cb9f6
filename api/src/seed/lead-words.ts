// The words the demo leads are made of (seed/leads.ts): Texas names, streets, the cities around Austin
// the branch sells in and a few beyond, what prospects write and what the sales people note.

const words = (list: string) => list.split("|");
export const FIRST = words(
  "James|Maria|Robert|Sofia|Michael|Ana|David|Jennifer|Jose|Linda|Carlos|Patricia|Daniel|Elizabeth|Juan|Sarah|Luis|" +
    "Jessica|Travis|Ashley|Cody|Brittany|Wyatt|Kayla|Miguel|Amanda|Dustin|Veronica|Hector|Emily|Ray|Lupe|Bobby|" +
    "Crystal|Jesse|Rosa|Clint|Megan|Tomas|Tammy|Garrett|Yolanda|Colt|Brenda|Ramon|Holly|Austin|Alejandra|Wade|Darlene",
);
export const LAST = words(
  "Garcia|Martinez|Hernandez|Lopez|Gonzalez|Rodriguez|Perez|Sanchez|Ramirez|Flores|Smith|Johnson|Williams|Brown|" +
    "Jones|Miller|Davis|Wilson|Anderson|Taylor|Moore|Jackson|Thompson|White|Harris|Clark|Lewis|Walker|Hall|Young|King|" +
    "Wright|Hill|Scott|Green|Baker|Nelson|Carter|Mitchell|Roberts|Villarreal|Trevino|Guerrero|Castillo|Cavazos|" +
    "Salinas|Pruitt|Whitaker|McAllister|Boone",
);
export const STREETS = words(
  "Live Oak|Pecan|Mesquite|Bluebonnet|Cypress Creek|Hackberry|Redbud|Lantana|Agave|Prairie Dog|Limestone|Caliche|" +
    "Brazos|Llano|San Gabriel|Pedernales|Blanco|Guadalupe|Mockingbird|Roadrunner|Whitetail|Longhorn|Armadillo|" +
    "Cedar Elm|Post Oak|Windmill|Stagecoach|Chisholm|Bastrop|Lone Star|Comal|Bee Cave|Dessau|Wells Branch|" +
    "Palm Valley|Gattis School|Kenney Fort|Ronald Reagan|Crystal Falls|Anderson Mill",
);
export const SUFFIXES = words("Dr|Dr|Dr|Ln|Ln|St|St|Trl|Cv|Rd|Ct|Way|Loop|Pass");
// Where the branch sells (city, ZIP codes, county, a point near its center, how many leads come from
// it), and beyond it.
type Area = [string, string, string, number, number, number];
export const AREA: Area[] = [
  ["Austin", "78704 78723 78745 78748 78749 78757 78759", "Travis", 30.27, -97.74, 30],
  ["Round Rock", "78664 78665 78681", "Williamson", 30.51, -97.68, 12],
  ["Pflugerville", "78660", "Travis", 30.44, -97.62, 10],
  ["Cedar Park", "78613", "Williamson", 30.51, -97.82, 9],
  ["Georgetown", "78626 78628", "Williamson", 30.63, -97.68, 8],
  ["Leander", "78641", "Williamson", 30.58, -97.85, 7],
  ["Kyle", "78640", "Hays", 29.99, -97.88, 6],
  ["Buda", "78610", "Hays", 30.08, -97.84, 5],
  ["Hutto", "78634", "Williamson", 30.54, -97.55, 5],
  ["Manor", "78653", "Travis", 30.34, -97.56, 4],
  ["Lakeway", "78734", "Travis", 30.36, -97.98, 4],
];
export const OUT_OF_AREA = [
  ["San Antonio", "78209 78249", "Bexar"],
  ["Waco", "76710", "McLennan"],
  ["Killeen", "76542", "Bell"],
  ["New Braunfels", "78130", "Comal"],
] as const;
export const AREA_CODES = words("512|512|512|512|512|512|512|737|737|254|830");
export const DOMAINS = words("example.com|example.net|example.org");
export const COMMENTS = words(
  "Interested in a water softener.|Hard water spots on everything, wants a quote.|" +
    "Has well water; asked about iron and sulfur.|Wants a reverse osmosis system under the sink.|" +
    "Asked about bottled water delivery for the office.|Call after 5 pm.|Renting; landlord has to approve.|" +
    "Saw us at the Costco road show.|New construction, moving in next month.|Wants a water test first.",
);
export const NOTES = words(
  "Left a voicemail.|Texted, no answer yet.|Set a water test for next week.|" +
    "Spoke with the homeowner; wants a quote by mail.|Asked to call back after the holidays.|" +
    "Quoted a softener and RO combo.|Number rings busy; will try again tomorrow.|Sent the brochure by email.",
);
