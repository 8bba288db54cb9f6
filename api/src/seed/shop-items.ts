// The demo shop's items: catalogue parts (existing ones get their shop titles and descriptions, new
// ones are created), their status, sale prices, photos and stock (seeded by shop.ts).

export type Status = "LISTED_AND_PURCHASABLE" | "LISTED_BUT_NOT_PURCHASABLE" | "NOT_LISTED";

export type ShopItem = {
  part: string;
  /** Only for items the main seed does not create. */
  create?: { description: string; price: number; taxable: boolean };
  status: Status;
  title?: string;
  text?: string;
  salePrice?: number | null;
  /** Photos: slugs of web/public/shop-assets/<slug>.svg, first one is the main photo. */
  images?: string[];
  /** Stock in the main warehouse and at the depot. */
  stock?: [number, number];
};

export const SHOP_ITEMS: ShopItem[] = [
  {
    part: "5G-SPRING",
    status: "LISTED_AND_PURCHASABLE",
    title: "5 Gallon Spring Water",
    text: "Naturally filtered Texas Hill Country spring water in a reusable, BPA-free 5 gallon bottle. Crisp, clean taste with naturally occurring minerals. Fits every top-load and bottom-load dispenser. The refundable bottle deposit is billed separately.",
    images: ["5g-spring-water", "5g-spring-water-pair"],
    stock: [240, 96],
  },
  {
    part: "5G-DISTILLED",
    status: "LISTED_AND_PURCHASABLE",
    title: "5 Gallon Distilled Water",
    text: "Steam-distilled water with the minerals removed: the right choice for CPAP machines, humidifiers, irons, aquariums and baby formula.",
    images: ["5g-distilled-water"],
    stock: [80, 30],
  },
  {
    part: "3G-SPRING",
    status: "LISTED_AND_PURCHASABLE",
    title: "3 Gallon Spring Water",
    text: "The same spring water in a lighter 3 gallon bottle that is easier to lift onto a top-load dispenser.",
    images: ["3g-spring-water"],
    stock: [60, 24],
  },
  {
    part: "5G-ALKALINE",
    status: "LISTED_AND_PURCHASABLE",
    title: "5 Gallon Alkaline Water",
    text: "Purified water with added electrolytes for a smooth taste, pH 9.5.",
    images: ["5g-alkaline-water"],
    stock: [45, 12],
  },
  {
    part: "CASE-16OZ",
    status: "LISTED_AND_PURCHASABLE",
    title: "Spring Water 16.9 oz, Case of 24",
    text: "Twenty-four 16.9 oz bottles of our spring water for the car, the gym bag and the office fridge.",
    salePrice: 799,
    images: ["spring-water-case"],
    stock: [150, 60],
  },
  {
    part: "CUP-SLEEVE",
    status: "LISTED_AND_PURCHASABLE",
    title: "Paper Cups, 7 oz (50)",
    text: "A sleeve of fifty 7 oz paper cups that fit the cup holder on our dispensers.",
    images: ["paper-cups"],
    stock: [300, 120],
  },
  {
    part: "CUP-CONE",
    create: { description: "Cone Cups, 4 oz (200)", price: 595, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Cone Cups, 4 oz (200)",
    text: "Two hundred classic paper cone cups for cone-cup dispensers at the office cooler.",
    images: ["cone-cups"],
    stock: [90, 40],
  },
  {
    part: "DISP-HC-SALE",
    status: "LISTED_AND_PURCHASABLE",
    title: "Hot & Cold Water Dispenser",
    text: "Top-load dispenser with piping hot water for tea and cold water on tap. Child-safety lock on the hot tap, removable drip tray, energy-saving switches. One-year warranty; our drivers set it up on delivery.",
    salePrice: 16900,
    images: ["hot-cold-dispenser", "hot-cold-dispenser-taps"],
    stock: [8, 3],
  },
  {
    part: "DISP-BL-SALE",
    create: { description: "Bottom-Load Water Dispenser", price: 27900, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Bottom-Load Water Dispenser",
    text: "No more lifting: the bottle sits in the cabinet at the bottom. Hot, cold and room-temperature taps, night light, stainless steel front.",
    images: ["bottom-load-dispenser"],
    stock: [4, 2],
  },
  {
    part: "DISP-CROCK",
    create: { description: "Ceramic Crock Dispenser", price: 3995, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Ceramic Crock Dispenser",
    text: "A glazed ceramic crock with a wooden stand for room-temperature water. No electricity needed.",
    images: ["crock-dispenser"],
    stock: [12, 0],
  },
  {
    part: "RACK-3",
    create: { description: "3-Bottle Storage Rack", price: 4995, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "3-Bottle Storage Rack",
    text: "Powder-coated steel rack that keeps three full bottles off the floor and out of the way.",
    images: ["bottle-rack"],
    stock: [10, 5],
  },
  {
    part: "BOTTLE-20OZ",
    create: { description: "Insulated Bottle 20 oz", price: 2495, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Insulated Water Bottle, 20 oz",
    text: "Double-wall stainless steel bottle that keeps water cold for 24 hours. Fill it at your dispenser.",
    images: ["insulated-bottle"],
    stock: [0, 0],
  },
  {
    part: "COFFEE-HOUSE",
    status: "LISTED_AND_PURCHASABLE",
    title: "Coffee, House Blend 2 lb",
    text: "Medium roast whole-bean house blend from a local Austin roaster: chocolate, toasted nut and a clean finish.",
    images: ["coffee-house-blend"],
    stock: [40, 16],
  },
  {
    part: "COFFEE-DECAF",
    create: { description: "Coffee, Decaf Blend 2 lb", price: 2695, taxable: false },
    status: "LISTED_AND_PURCHASABLE",
    title: "Coffee, Decaf Blend 2 lb",
    text: "Swiss Water Process decaf with all the flavor of our house blend.",
    images: ["coffee-decaf"],
    stock: [18, 6],
  },
  {
    part: "COFFEE-FILTER",
    status: "LISTED_AND_PURCHASABLE",
    title: "Coffee Filters (500)",
    text: "Commercial basket coffee filters for 10-12 cup brewers, 500 count.",
    images: ["coffee-filters"],
    stock: [70, 25],
  },
  {
    part: "TEA-ASSORT",
    create: { description: "Tea Assortment (48 bags)", price: 1195, taxable: false },
    status: "LISTED_AND_PURCHASABLE",
    title: "Tea Assortment (48 bags)",
    text: "Black, green, chamomile and peppermint teas, individually wrapped. Perfect with hot water from your dispenser.",
    images: ["tea-assortment"],
    stock: [35, 10],
  },
  {
    part: "SALT-40",
    status: "LISTED_AND_PURCHASABLE",
    title: "Softener Salt Pellets, 40 lb",
    text: "High-purity solar salt pellets for water softeners. Delivered and poured into your brine tank on request.",
    images: ["softener-salt"],
    stock: [200, 80],
  },
  {
    part: "SALT-KCL-40",
    status: "LISTED_AND_PURCHASABLE",
    title: "Potassium Chloride Pellets, 40 lb",
    text: "Sodium-free softener pellets for low-sodium diets.",
    images: ["potassium-salt"],
    stock: [40, 15],
  },
  {
    part: "FLT-SED-10",
    status: "LISTED_AND_PURCHASABLE",
    title: "Sediment Filter, 10 in.",
    text: "5 micron pleated sediment cartridge for standard 10 inch housings. Replace every 3 to 6 months.",
    images: ["sediment-filter"],
    stock: [60, 20],
  },
  {
    part: "FLT-CARB-10",
    status: "LISTED_AND_PURCHASABLE",
    title: "Carbon Block Filter, 10 in.",
    text: "Carbon block cartridge that reduces chlorine taste and odor. Fits standard 10 inch housings.",
    images: ["carbon-filter"],
    stock: [50, 18],
  },
  {
    part: "FLT-FRIDGE",
    create: { description: "Refrigerator Water Filter", price: 3995, taxable: true },
    status: "LISTED_AND_PURCHASABLE",
    title: "Refrigerator Water Filter",
    text: "Replacement filter for most side-by-side refrigerators. Tell us your model on the order and we'll bring the right one.",
    images: ["fridge-filter"],
    stock: [14, 4],
  },
  {
    part: "RO-SYSTEM",
    create: { description: "Under-Sink Reverse Osmosis System", price: 49900, taxable: true },
    status: "LISTED_BUT_NOT_PURCHASABLE",
    title: "Under-Sink Reverse Osmosis System",
    text: "Four-stage reverse osmosis with a 3 gallon tank and a brushed nickel faucet. Installed by our water treatment technicians: call us to schedule a free water test and installation.",
    images: ["ro-system"],
    stock: [3, 0],
  },
  // Back-office items that are not sold online.
  { part: "BTL-DEPOSIT", status: "NOT_LISTED" },
  { part: "DISP-HC-RENT", status: "NOT_LISTED" },
  { part: "DISP-BL-RENT", status: "NOT_LISTED" },
  { part: "RO-MEMBRANE", status: "NOT_LISTED" },
  { part: "SANITIZE", status: "NOT_LISTED" },
  { part: "FUEL-SURCHARGE", status: "NOT_LISTED" },
  {
    part: "INSTALL-RO",
    create: { description: "Reverse Osmosis Installation", price: 14900, taxable: true },
    status: "NOT_LISTED",
  },
];
