/**
 * What the generated inventory of each kind of business looks like: categories (with the price range,
 * the size of a typical receipt and the reorder point of their goods), the words names are made of,
 * warehouses, the SKU scheme and the barcode prefix. The generator (inventory-generator.ts) draws from
 * these; the demo partners and the scale partners of `gen:data` each get one.
 */
export interface CategoryProfile {
  /** The category as the list shows and filters it. */
  name: string;
  /** Three letters, for SKU schemes that carry the category. */
  code: string;
  /** Relative share of the partner's items. */
  weight: number;
  /** Unit value range, minor units of the partner's currency. */
  unitValue: readonly [number, number];
  /** Units of a typical receipt: every other movement's size is scaled on it. */
  receiptSize: number;
  /** Typical reorder point. */
  reorderPoint: number;
  /** Product lines ("Trailhead"), each combined with a noun ("Tent") and maybe a variant. */
  lines: readonly string[];
  nouns: readonly string[];
  variants: readonly string[];
}

export interface InventoryProfile {
  categories: readonly CategoryProfile[];
  warehouses: readonly string[];
  /** The SKU of the item with this 1-based serial number (unique per partner by construction). */
  sku(category: CategoryProfile, serial: number): string;
  /** GS1 prefix of the barcodes (the country of the brand owner); a 13-digit EAN is completed from it. */
  barcodePrefix: string;
  /** Share of items with a barcode. */
  barcodeShare: number;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

const OUTDOOR: readonly CategoryProfile[] = [
  {
    name: 'Tents',
    code: 'TEN',
    weight: 8,
    unitValue: [8_900, 64_900],
    receiptSize: 40,
    reorderPoint: 8,
    lines: ['Trailhead', 'Ridgeline', 'Basecamp', 'Alpenglow', 'Nordwand', 'Tundra'],
    nouns: ['Tent', 'Dome Tent', 'Tunnel Tent', 'Ultralight Tent'],
    variants: ['1-Person', '2-Person', '3-Person', '4-Person'],
  },
  {
    name: 'Sleeping Bags',
    code: 'SLP',
    weight: 7,
    unitValue: [4_900, 34_900],
    receiptSize: 60,
    reorderPoint: 10,
    lines: ['Alpine', 'Cocoon', 'Polar', 'Summer Breeze', 'Hütte'],
    nouns: ['Down Sleeping Bag', 'Synthetic Sleeping Bag', 'Sleeping Bag Liner', 'Quilt'],
    variants: ['+5 °C', '0 °C', '-5 °C', '-10 °C', '-18 °C'],
  },
  {
    name: 'Backpacks',
    code: 'BAG',
    weight: 10,
    unitValue: [2_900, 27_900],
    receiptSize: 80,
    reorderPoint: 12,
    lines: ['Ridge', 'Cairn', 'Wanderer', 'Gipfel', 'Switchback', 'Daypack Pro'],
    nouns: ['Backpack', 'Trekking Pack', 'Daypack', 'Hydration Pack'],
    variants: ['20 L', '30 L', '45 L', '65 L', 'Slate', 'Moss', 'Ember'],
  },
  {
    name: 'Footwear',
    code: 'BOT',
    weight: 12,
    unitValue: [5_900, 24_900],
    receiptSize: 48,
    reorderPoint: 10,
    lines: ['Cairn', 'Scree', 'Talus', 'Waldweg', 'Trailrunner'],
    nouns: ['Hiking Boots', 'Approach Shoes', 'Trail Shoes', 'Winter Boots', 'Sandals'],
    variants: [
      'Size 38',
      'Size 39',
      'Size 40',
      'Size 41',
      'Size 42',
      'Size 43',
      'Size 44',
      'Size 45',
    ],
  },
  {
    name: 'Jackets',
    code: 'JKT',
    weight: 12,
    unitValue: [6_900, 44_900],
    receiptSize: 60,
    reorderPoint: 10,
    lines: ['Storm', 'Föhn', 'Glacier', 'Windbreak', 'Thermal'],
    nouns: ['Shell Jacket', 'Down Jacket', 'Fleece Jacket', 'Softshell', 'Rain Jacket'],
    variants: ['S', 'M', 'L', 'XL', 'Red, M', 'Navy, L', 'Black, S'],
  },
  {
    name: 'Cooking',
    code: 'CKG',
    weight: 8,
    unitValue: [990, 14_900],
    receiptSize: 120,
    reorderPoint: 20,
    lines: ['Summit', 'Campfire', 'Titan', 'Feldküche'],
    nouns: ['Gas Stove', 'Cook Set', 'Titanium Mug', 'Spork', 'Gas Canister 230 g', 'Kettle'],
    variants: ['', '', 'Set of 2', '1 L', '0.75 L'],
  },
  {
    name: 'Lighting',
    code: 'LGT',
    weight: 6,
    unitValue: [1_490, 8_990],
    receiptSize: 150,
    reorderPoint: 25,
    lines: ['Glowworm', 'Lumen', 'Polaris', 'Nachtfalter'],
    nouns: ['Headlamp', 'Lantern', 'Torch', 'Camp Light'],
    variants: ['200 lm', '400 lm', '800 lm', 'Rechargeable'],
  },
  {
    name: 'Climbing',
    code: 'CLB',
    weight: 7,
    unitValue: [890, 29_900],
    receiptSize: 90,
    reorderPoint: 15,
    lines: ['Crux', 'Überhang', 'Pitch', 'Belay'],
    nouns: ['Harness', 'Carabiner', 'Dynamic Rope', 'Chalk Bag', 'Helmet', 'Quickdraw Set'],
    variants: ['', '60 m', '70 m', 'S/M', 'L/XL', 'Set of 6'],
  },
  {
    name: 'Accessories',
    code: 'ACC',
    weight: 10,
    unitValue: [490, 5_990],
    receiptSize: 200,
    reorderPoint: 30,
    lines: ['Trail', 'Merino', 'Kompass', 'Drybag'],
    nouns: ['Trekking Poles', 'Hiking Socks', 'Beanie', 'Gloves', 'Dry Bag', 'Water Filter'],
    variants: ['', 'S', 'M', 'L', '10 L', '20 L', 'Pair'],
  },
];

const GENERAL_GOODS: readonly CategoryProfile[] = [
  {
    name: 'Kitchen',
    code: 'KIT',
    weight: 12,
    unitValue: [399, 8_999],
    receiptSize: 144,
    reorderPoint: 24,
    lines: ['Everyday', 'Harbor', 'Prairie', 'Classic', 'Chef’s Choice'],
    nouns: [
      'Ceramic Mug',
      'Chef Knife',
      'Cutting Board',
      'Mixing Bowl Set',
      'Skillet',
      'Measuring Cups',
    ],
    variants: ['', '12 oz', '16 oz', '8 in', '10 in', 'White', 'Slate Blue'],
  },
  {
    name: 'Home Office',
    code: 'OFF',
    weight: 9,
    unitValue: [299, 24_999],
    receiptSize: 120,
    reorderPoint: 20,
    lines: ['Northwind', 'Focus', 'Ledger', 'Summit'],
    nouns: [
      'Desk Lamp',
      'Notebook',
      'Monitor Stand',
      'Desk Organizer',
      'Ergonomic Chair',
      'Gel Pens',
    ],
    variants: ['', 'Black', 'Walnut', 'Pack of 12', 'A5'],
  },
  {
    name: 'Cleaning',
    code: 'CLN',
    weight: 8,
    unitValue: [249, 3_999],
    receiptSize: 240,
    reorderPoint: 48,
    lines: ['Fresh', 'Sparkle', 'Green Leaf', 'Pro'],
    nouns: ['All-Purpose Cleaner', 'Microfiber Cloths', 'Dish Soap', 'Mop Refill', 'Sponges'],
    variants: ['32 fl oz', '64 fl oz', 'Pack of 6', 'Pack of 24', 'Lemon', 'Unscented'],
  },
  {
    name: 'Pet Supplies',
    code: 'PET',
    weight: 7,
    unitValue: [499, 12_999],
    receiptSize: 96,
    reorderPoint: 18,
    lines: ['Happy Tails', 'Whisker', 'Trailmate', 'Cozy'],
    nouns: ['Dog Leash', 'Cat Tree', 'Pet Bed', 'Chew Toy', 'Food Bowl', 'Litter Scoop'],
    variants: ['', 'Small', 'Medium', 'Large', 'Red', 'Gray'],
  },
  {
    name: 'Garden',
    code: 'GRD',
    weight: 7,
    unitValue: [599, 19_999],
    receiptSize: 72,
    reorderPoint: 12,
    lines: ['Greenthumb', 'Meadow', 'Backyard', 'Heritage'],
    nouns: ['Garden Hose', 'Pruning Shears', 'Planter', 'Watering Can', 'Seed Starter Kit'],
    variants: ['', '50 ft', '100 ft', '12 in', 'Terracotta'],
  },
  {
    name: 'Storage',
    code: 'STO',
    weight: 8,
    unitValue: [499, 7_999],
    receiptSize: 100,
    reorderPoint: 16,
    lines: ['Stackable', 'Clearview', 'Basics', 'Heritage'],
    nouns: ['Storage Bin', 'Shelf Unit', 'Vacuum Bags', 'Drawer Organizer', 'Shoe Rack'],
    variants: ['', '12 qt', '32 qt', '64 qt', 'Pack of 4'],
  },
  {
    name: 'Personal Care',
    code: 'PRC',
    weight: 7,
    unitValue: [299, 9_999],
    receiptSize: 180,
    reorderPoint: 36,
    lines: ['Pure', 'Daily', 'Coastline', 'Botanic'],
    nouns: ['Shampoo', 'Hand Cream', 'Electric Toothbrush', 'Razor', 'Body Wash'],
    variants: ['8 fl oz', '16 fl oz', 'Travel Size', 'Refill', ''],
  },
  {
    name: 'Toys',
    code: 'TOY',
    weight: 6,
    unitValue: [599, 14_999],
    receiptSize: 60,
    reorderPoint: 10,
    lines: ['Tinker', 'Rocket', 'Meadow', 'Brainy'],
    nouns: ['Building Blocks', 'Puzzle', 'Plush Bear', 'Board Game', 'RC Car'],
    variants: ['', '500 pieces', '1000 pieces', 'Ages 3+', 'Ages 8+'],
  },
];

const RETAIL: readonly CategoryProfile[] = [
  {
    name: 'Womenswear',
    code: 'WMN',
    weight: 12,
    unitValue: [1_200, 12_000],
    receiptSize: 72,
    reorderPoint: 12,
    lines: ['Harper', 'Mayfair', 'Cotswold', 'Linen Edit'],
    nouns: ['Knit Jumper', 'Midi Dress', 'Trench Coat', 'Silk Blouse', 'Wide-Leg Trousers'],
    variants: ['UK 8', 'UK 10', 'UK 12', 'UK 14', 'UK 16', 'Camel', 'Navy'],
  },
  {
    name: 'Menswear',
    code: 'MEN',
    weight: 10,
    unitValue: [1_500, 15_000],
    receiptSize: 72,
    reorderPoint: 12,
    lines: ['Savile', 'Harbour', 'Oxford', 'Weekend'],
    nouns: ['Oxford Shirt', 'Chinos', 'Wool Blazer', 'Crew Neck Tee', 'Waxed Jacket'],
    variants: ['S', 'M', 'L', 'XL', '32R', '34R', 'Olive'],
  },
  {
    name: 'Homeware',
    code: 'HOM',
    weight: 10,
    unitValue: [800, 18_000],
    receiptSize: 60,
    reorderPoint: 10,
    lines: ['Hearth', 'Thistle', 'Portobello', 'Albion'],
    nouns: ['Throw', 'Scented Candle', 'Cushion Cover', 'Teapot', 'Table Lamp', 'Towel Bale'],
    variants: ['', 'Ochre', 'Sage', 'Large', 'Set of 4'],
  },
  {
    name: 'Beauty',
    code: 'BTY',
    weight: 9,
    unitValue: [450, 6_500],
    receiptSize: 150,
    reorderPoint: 30,
    lines: ['Rosehip', 'Botanica', 'Seaglass', 'Velvet'],
    nouns: ['Face Serum', 'Lip Balm', 'Body Lotion', 'Eau de Toilette', 'Hand Wash'],
    variants: ['30 ml', '50 ml', '100 ml', '250 ml', 'Gift Set'],
  },
  {
    name: 'Electronics',
    code: 'ELE',
    weight: 7,
    unitValue: [1_500, 49_900],
    receiptSize: 40,
    reorderPoint: 8,
    lines: ['Globex', 'Sonic', 'Volt', 'Pixel'],
    nouns: ['Wireless Earbuds', 'Bluetooth Speaker', 'Smart Plug', 'Power Bank', 'USB-C Charger'],
    variants: ['', 'Black', 'White', '10000 mAh', '20000 mAh', 'UK plug'],
  },
  {
    name: 'Stationery',
    code: 'STA',
    weight: 6,
    unitValue: [250, 3_500],
    receiptSize: 200,
    reorderPoint: 40,
    lines: ['Quill', 'Ledger', 'Bloomsbury', 'Scribe'],
    nouns: ['Notebook', 'Fountain Pen', 'Greeting Cards', 'Planner', 'Washi Tape'],
    variants: ['', 'A5', 'A4', 'Pack of 10', 'Dotted'],
  },
  {
    name: 'Gifts',
    code: 'GFT',
    weight: 6,
    unitValue: [600, 9_000],
    receiptSize: 80,
    reorderPoint: 15,
    lines: ['Keepsake', 'Festive', 'Curio', 'Hamper'],
    nouns: ['Gift Box', 'Hamper', 'Photo Frame', 'Jigsaw', 'Tea Selection'],
    variants: ['', 'Small', 'Large', 'Christmas', 'Birthday'],
  },
];

export const DEMO_INVENTORY_PROFILES = {
  'acme-outdoor': {
    categories: OUTDOOR,
    warehouses: ['Berlin-Tempelhof', 'Hamburg-Billbrook', 'Leipzig-Schkeuditz', 'München-Allach'],
    sku: (category, serial) => `ACM-${category.code}-${pad(serial, 5)}`,
    barcodePrefix: '42601234',
    barcodeShare: 0.88,
  },
  northwind: {
    categories: GENERAL_GOODS,
    warehouses: ['Newark, NJ', 'Columbus, OH', 'Dallas, TX', 'Reno, NV', 'Atlanta, GA'],
    sku: (_category, serial) => `NW-${100_000 + serial}`,
    barcodePrefix: '0845671',
    barcodeShare: 0.92,
  },
  globex: {
    categories: RETAIL,
    warehouses: ['Daventry DC', 'Manchester Trafford Park', 'Bristol Avonmouth'],
    sku: (category, serial) => `GX${pad(serial, 6)}-${category.code}`,
    barcodePrefix: '5012345',
    barcodeShare: 0.8,
  },
} satisfies Record<string, InventoryProfile>;

/** The scale partners of `gen:data`: every kind of goods, in warehouses on both sides of the Atlantic. */
export function scaleInventoryProfile(partnerNumber: number): InventoryProfile {
  const prefix = `S${pad(partnerNumber, 2)}`;
  return {
    categories: [...OUTDOOR, ...GENERAL_GOODS, ...RETAIL],
    warehouses: [
      ...DEMO_INVENTORY_PROFILES['acme-outdoor'].warehouses,
      ...DEMO_INVENTORY_PROFILES.northwind.warehouses,
      ...DEMO_INVENTORY_PROFILES.globex.warehouses,
    ],
    sku: (_category, serial) => `${prefix}-${pad(serial, 7)}`,
    barcodePrefix: `20${pad(partnerNumber % 100, 2)}`,
    barcodeShare: 0.85,
  };
}
