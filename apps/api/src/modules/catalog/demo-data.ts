/**
 * Deterministic, realistic catalogue data: stores and products with fitment, naira prices and part numbers.
 * Used by the demo seeder (2,000+ products) and by `npm run seed -- --products N` (up to millions).
 */

import { GENERATED_VARIANTS } from '../images/service.ts';
import { carTakes, fitRule, rimSpec } from './fitment.ts';

/** mulberry32: a small, fast, seeded PRNG so every run builds the same catalogue. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export interface StoreSeed {
  name: string;
  state: string;
  city: string;
  address: string;
  verified: boolean;
  feeIn: number;
  feeOut: number;
}

/** 34 stores in 16 states, named the way Nigerian spare-parts dealers name their shops. */
export const STORES: StoreSeed[] = [
  {
    name: 'Ladipo Genuine Parts',
    state: 'Lagos',
    city: 'Ladipo',
    address: '14 Ladipo Market Road, Mushin',
    verified: true,
    feeIn: 2500,
    feeOut: 7500,
  },
  {
    name: 'Mushin Auto Spares',
    state: 'Lagos',
    city: 'Mushin',
    address: '3 Olateju Street, Mushin',
    verified: false,
    feeIn: 2000,
    feeOut: 8000,
  },
  {
    name: 'Trade Fair Motors Ltd',
    state: 'Lagos',
    city: 'Trade Fair',
    address: 'Block C, Shop 21, ASPAMDA Plaza, Trade Fair Complex',
    verified: true,
    feeIn: 3000,
    feeOut: 7000,
  },
  {
    name: 'Ikeja Toyota Parts Centre',
    state: 'Lagos',
    city: 'Ikeja',
    address: '22 Obafemi Awolowo Way, Ikeja',
    verified: true,
    feeIn: 2500,
    feeOut: 6500,
  },
  {
    name: 'Lekki Auto Hub',
    state: 'Lagos',
    city: 'Lekki',
    address: 'Plot 5 Admiralty Way, Lekki Phase 1',
    verified: false,
    feeIn: 3500,
    feeOut: 9000,
  },
  {
    name: 'Oshodi Tokunbo Parts',
    state: 'Lagos',
    city: 'Oshodi',
    address: '41 Agege Motor Road, Oshodi',
    verified: false,
    feeIn: 2000,
    feeOut: 8500,
  },
  {
    name: 'Mile 12 Benz Specialist',
    state: 'Lagos',
    city: 'Mile 12',
    address: '9 Ikorodu Road, Mile 12',
    verified: true,
    feeIn: 3000,
    feeOut: 8000,
  },
  {
    name: 'Nnewi Auto Parts Hub',
    state: 'Anambra',
    city: 'Nnewi',
    address: '17 Nkwo Nnewi Motor Parts Market',
    verified: true,
    feeIn: 2000,
    feeOut: 6000,
  },
  {
    name: 'Onitsha Main Market Spares',
    state: 'Anambra',
    city: 'Onitsha',
    address: 'Line 4, Shop 12, Ochanja Spare Parts Market',
    verified: false,
    feeIn: 1500,
    feeOut: 6500,
  },
  {
    name: 'Chukwudi & Sons Motors',
    state: 'Anambra',
    city: 'Nkpor',
    address: '5 Old Road, Nkpor Junction',
    verified: false,
    feeIn: 2000,
    feeOut: 7000,
  },
  {
    name: 'Apo Mechanic Village Spares',
    state: 'Federal Capital Territory',
    city: 'Apo',
    address: 'Shop 33, Apo Mechanic Village',
    verified: true,
    feeIn: 3000,
    feeOut: 8000,
  },
  {
    name: 'Wuse Auto Parts',
    state: 'Federal Capital Territory',
    city: 'Wuse',
    address: '12 Aminu Kano Crescent, Wuse 2',
    verified: false,
    feeIn: 3500,
    feeOut: 9000,
  },
  {
    name: 'Kubwa Motor Spares',
    state: 'Federal Capital Territory',
    city: 'Kubwa',
    address: 'Byazhin Road, Kubwa',
    verified: false,
    feeIn: 3000,
    feeOut: 8500,
  },
  {
    name: 'Sabon Gari Motors Kano',
    state: 'Kano',
    city: 'Sabon Gari',
    address: '8 Enugu Road, Sabon Gari',
    verified: true,
    feeIn: 2000,
    feeOut: 9000,
  },
  {
    name: 'Bompai Auto Spares',
    state: 'Kano',
    city: 'Bompai',
    address: '21 Bompai Road',
    verified: false,
    feeIn: 2000,
    feeOut: 9500,
  },
  {
    name: 'Kakuri Auto Parts',
    state: 'Kaduna',
    city: 'Kakuri',
    address: '4 Kachia Road, Kakuri',
    verified: false,
    feeIn: 2000,
    feeOut: 8500,
  },
  {
    name: 'Ariaria Auto Spares',
    state: 'Abia',
    city: 'Ariaria',
    address: 'Zone B, Ariaria International Market, Aba',
    verified: true,
    feeIn: 1500,
    feeOut: 6500,
  },
  {
    name: 'Aba Honda Parts',
    state: 'Abia',
    city: 'Aba',
    address: '62 Faulks Road, Aba',
    verified: false,
    feeIn: 1500,
    feeOut: 7000,
  },
  {
    name: 'Mile 3 Motor Parts',
    state: 'Rivers',
    city: 'Mile 3',
    address: '11 Ikwerre Road, Mile 3, Port Harcourt',
    verified: true,
    feeIn: 2500,
    feeOut: 8000,
  },
  {
    name: 'Trans-Amadi Spares',
    state: 'Rivers',
    city: 'Trans-Amadi',
    address: '7 Trans-Amadi Industrial Layout',
    verified: false,
    feeIn: 3000,
    feeOut: 8500,
  },
  {
    name: 'Iwo Road Auto Parts',
    state: 'Oyo',
    city: 'Iwo Road',
    address: '30 Iwo Road, Ibadan',
    verified: true,
    feeIn: 2000,
    feeOut: 7000,
  },
  {
    name: 'Dugbe Spare Parts Centre',
    state: 'Oyo',
    city: 'Dugbe',
    address: '2 Jimoh Odutola Road, Dugbe, Ibadan',
    verified: false,
    feeIn: 2000,
    feeOut: 7500,
  },
  {
    name: 'Uselu Auto Parts',
    state: 'Edo',
    city: 'Uselu',
    address: '19 Uselu-Lagos Road, Benin City',
    verified: false,
    feeIn: 2000,
    feeOut: 7500,
  },
  {
    name: 'Benin Lexus Specialist',
    state: 'Edo',
    city: 'Benin City',
    address: '45 Sapele Road, Benin City',
    verified: true,
    feeIn: 2500,
    feeOut: 8000,
  },
  {
    name: 'Owerri Auto Parts Market',
    state: 'Imo',
    city: 'Owerri',
    address: 'Relief Market Road, Owerri',
    verified: false,
    feeIn: 2000,
    feeOut: 7000,
  },
  {
    name: 'Coal Camp Motor Spares',
    state: 'Enugu',
    city: 'Coal Camp',
    address: '3 Ogbete Street, Coal Camp',
    verified: true,
    feeIn: 2000,
    feeOut: 7000,
  },
  {
    name: 'Effurun Auto Spares',
    state: 'Delta',
    city: 'Effurun',
    address: '28 DSC Expressway, Effurun',
    verified: false,
    feeIn: 2500,
    feeOut: 8000,
  },
  {
    name: 'Asaba Genuine Parts',
    state: 'Delta',
    city: 'Asaba',
    address: '10 Nnebisi Road, Asaba',
    verified: false,
    feeIn: 2500,
    feeOut: 7500,
  },
  {
    name: 'Abeokuta Motors & Spares',
    state: 'Ogun',
    city: 'Abeokuta',
    address: '14 Lalubu Street, Oke-Ilewo, Abeokuta',
    verified: false,
    feeIn: 2000,
    feeOut: 6500,
  },
  {
    name: 'Sango-Ota Auto Parts',
    state: 'Ogun',
    city: 'Sango-Ota',
    address: 'Idiroko Road, Sango-Ota',
    verified: true,
    feeIn: 2000,
    feeOut: 6000,
  },
  {
    name: 'Jos Auto Spares',
    state: 'Plateau',
    city: 'Jos',
    address: '6 Bauchi Road, Jos',
    verified: false,
    feeIn: 2000,
    feeOut: 9000,
  },
  {
    name: 'Tanke Motor Parts',
    state: 'Kwara',
    city: 'Tanke',
    address: 'Tanke Road, Ilorin',
    verified: false,
    feeIn: 2000,
    feeOut: 8000,
  },
  {
    name: 'Calabar Auto Hub',
    state: 'Cross River',
    city: 'Calabar',
    address: '40 Marian Road, Calabar',
    verified: true,
    feeIn: 2500,
    feeOut: 9000,
  },
  {
    name: 'Akure Spare Parts Depot',
    state: 'Ondo',
    city: 'Akure',
    address: '15 Oyemekun Road, Akure',
    verified: false,
    feeIn: 2000,
    feeOut: 7500,
  },
];

export const DEMO_SELLER_STORE = 'Ladipo Genuine Parts';

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const PREFIXES = [
  '0803',
  '0806',
  '0813',
  '0816',
  '0703',
  '0706',
  '0805',
  '0807',
  '0815',
  '0905',
  '0802',
  '0808',
  '0812',
  '0701',
  '0902',
  '0809',
  '0817',
  '0909',
];
/** A valid Nigerian mobile number in local format (11 digits). */
export const phone = (r: Rng) => r.pick(PREFIXES) + String(r.int(0, 9_999_999)).padStart(7, '0');

/** Popular makes and models in Nigeria, with a weight for how often parts are listed for them. */
export const POPULAR: { make: string; weight: number; models: string[] }[] = [
  {
    make: 'Toyota',
    weight: 30,
    models: [
      'Corolla',
      'Camry',
      'RAV4',
      'Highlander',
      'Sienna',
      'Hilux',
      'Land Cruiser',
      'Yaris',
      'Venza',
      '4Runner',
      'Avensis',
      'Matrix',
      'Tacoma',
      'Land Cruiser Prado',
    ],
  },
  { make: 'Honda', weight: 12, models: ['Accord', 'Civic', 'CR-V', 'Pilot', 'Odyssey', 'City'] },
  { make: 'Lexus', weight: 9, models: ['ES', 'RX', 'GX', 'LX', 'IS'] },
  {
    make: 'Nissan',
    weight: 7,
    models: ['Altima', 'Almera', 'Pathfinder', 'Sentra', 'Primera', 'Murano', 'X-Trail'],
  },
  { make: 'Hyundai', weight: 6, models: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe', 'Accent'] },
  { make: 'Kia', weight: 5, models: ['Rio', 'Sorento', 'Sportage', 'Cerato', 'Picanto'] },
  {
    make: 'Mercedes-Benz',
    weight: 7,
    models: ['C-Class', 'E-Class', 'ML-Class', 'GLK-Class', 'GLE-Class', 'Sprinter'],
  },
  { make: 'Ford', weight: 4, models: ['Explorer', 'Escape', 'Focus', 'Ranger', 'Edge'] },
  { make: 'Peugeot', weight: 4, models: ['406', '307', '301', '508', '3008'] },
  { make: 'Volkswagen', weight: 3, models: ['Golf', 'Passat', 'Jetta', 'Touareg'] },
  { make: 'Mitsubishi', weight: 3, models: ['Pajero', 'Lancer', 'L200'] },
  { make: 'Mazda', weight: 2, models: ['626', 'CX-5', 'CX-7', 'Tribute'] },
  { make: 'Innoson', weight: 1, models: ['IVM Fox', 'IVM G5', 'IVM Umu'] },
  { make: 'Acura', weight: 2, models: ['MDX', 'RDX', 'TL', 'TSX'] },
  {
    make: 'Land Rover',
    weight: 2,
    models: ['Range Rover', 'Range Rover Sport', 'Discovery', 'Defender'],
  },
  { make: 'Infiniti', weight: 1, models: ['FX35', 'QX56', 'G35'] },
  { make: 'BMW', weight: 2, models: ['X5', 'X3', '328i', '530i'] },
  { make: 'Jeep', weight: 1, models: ['Grand Cherokee', 'Wrangler', 'Cherokee'] },
];

/** Naira price ranges per top category path; a few children override. */
const PRICE: Record<string, [number, number]> = {
  body: [25_000, 280_000],
  filters: [2_500, 18_000],
  engine: [15_000, 450_000],
  tyres: [35_000, 220_000],
  wheels: [8_000, 380_000],
  brakes: [8_000, 95_000],
  suspension: [12_000, 150_000],
  steering: [15_000, 320_000],
  electrical: [4_000, 180_000],
  lighting: [6_000, 250_000],
  cooling: [5_000, 120_000],
  exhaust: [10_000, 350_000],
  transmission: [20_000, 650_000],
  clutch: [15_000, 160_000],
  interior: [8_000, 180_000],
  accessories: [5_000, 250_000],
  'air-conditioning': [15_000, 320_000],
  'fuel-system': [8_000, 250_000],
  ignition: [3_000, 85_000],
  'belts-and-chains': [4_000, 95_000],
  bearings: [6_000, 70_000],
  batteries: [25_000, 180_000],
  'oils-and-fluids': [3_500, 65_000],
  'wipers-and-washers': [2_500, 45_000],
  mirrors: [8_000, 150_000],
  glass: [20_000, 250_000],
  sensors: [6_000, 120_000],
  'gaskets-and-seals': [1_500, 60_000],
  'drivetrain-and-axles': [18_000, 350_000],
  'engine-cooling-fans': [12_000, 150_000],
  horns: [3_500, 35_000],
  'car-care': [2_000, 25_000],
  'tools-and-garage': [5_000, 350_000],
  'safety-and-security': [4_000, 280_000],
  'car-electronics': [8_000, 320_000],
  'turbo-and-superchargers': [45_000, 850_000],
  lubrication: [3_000, 120_000],
  'hoses-and-pipes': [2_000, 45_000],
};
const CHILD_PRICE: Record<string, [number, number]> = {
  'complete-engines': [650_000, 3_800_000],
  'automatic-transmissions': [380_000, 1_800_000],
  'manual-gearboxes': [250_000, 950_000],
  'hybrid-batteries': [450_000, 1_500_000],
  'ac-compressors': [85_000, 420_000],
  turbochargers: [180_000, 950_000],
  'catalytic-converters': [90_000, 650_000],
  'steering-racks': [90_000, 480_000],
  'headlamp-bulbs': [2_500, 25_000],
  'led-bulbs': [5_000, 45_000],
  'number-plate-lamps': [2_500, 15_000],
  'fuses-and-fuse-boxes': [1_500, 45_000],
  relays: [2_000, 15_000],
  'spark-plugs': [2_500, 18_000],
  'wiper-blades': [2_500, 15_000],
  'o-rings': [500, 5_000],
  'android-head-units': [45_000, 320_000],
  'diagnostic-scanners': [25_000, 650_000],
};

const BRANDS: Record<string, string[]> = {
  filters: ['Toyota Genuine', 'Denso', 'Bosch', 'Mann-Filter', 'Sakura', 'Vic', 'Mahle'],
  brakes: ['Akebono', 'Brembo', 'TRW', 'Bosch', 'Toyota Genuine', 'Ferodo', 'Textar'],
  ignition: ['NGK', 'Denso', 'Bosch', 'Champion'],
  'oils-and-fluids': [
    'Mobil 1',
    'Total Quartz',
    'Shell Helix',
    'Castrol GTX',
    'Oando',
    'Conoil',
    'Mobil Super',
  ],
  tyres: [
    'Michelin',
    'Bridgestone',
    'Dunlop',
    'Hankook',
    'Westlake',
    'Linglong',
    'Continental',
    'Maxxis',
  ],
  batteries: ['Exide', 'Varta', 'Bosch', 'Chloride', 'Amaron', 'Quanta'],
  suspension: ['KYB', 'Monroe', 'Sachs', '555', 'CTR', 'Moog'],
  steering: ['555', 'CTR', 'Koyo', 'JTEKT', 'TRW'],
  electrical: ['Denso', 'Bosch', 'Valeo', 'Mitsubishi Electric', 'Hella'],
  lighting: ['Depo', 'TYC', 'Philips', 'Osram', 'Koito', 'Hella'],
  sensors: ['Denso', 'Bosch', 'NTK', 'Delphi', 'Hitachi'],
  bearings: ['Koyo', 'NSK', 'SKF', 'NTN', 'Timken'],
  'belts-and-chains': ['Gates', 'Bando', 'Mitsuboshi', 'Dayco', 'Contitech'],
  'car-electronics': ['Pioneer', 'Kenwood', 'Sony', 'JVC', 'Teyes', 'Blaupunkt'],
  'car-care': ['Turtle Wax', "Meguiar's", 'Armor All', 'Sonax', 'Simoniz'],
  'tools-and-garage': ['Tolsen', 'Ingco', 'Stanley', 'Launch', 'Autel', 'Total Tools'],
};
const DEFAULT_BRANDS = [
  'OEM',
  'Genuine',
  'Aisin',
  'Valeo',
  'Febi Bilstein',
  'Dorman',
  'Sankei',
  'Yamato',
];
const SIDES: Record<string, string[]> = {
  body: ['Front', 'Rear', 'Left', 'Right'],
  brakes: ['Front', 'Rear'],
  suspension: ['Front', 'Rear', 'Front Left', 'Front Right'],
  lighting: ['Left', 'Right', 'Pair of'],
  mirrors: ['Left', 'Right'],
  glass: ['Front', 'Rear', 'Left', 'Right'],
  'drivetrain-and-axles': ['Front', 'Rear', 'Left', 'Right'],
  bearings: ['Front', 'Rear'],
};
const SPECS: Record<string, string[]> = {
  'oils-and-fluids': [
    '4 Litres',
    '5 Litres',
    '1 Litre',
    '5W-30 4L',
    '10W-40 5L',
    '20W-50 4L',
    '0W-20 4L',
  ],
  'car-electronics': ['7 inch', '9 inch', '10 inch', '2 Din', '1 Din', '6.5 inch'],
  'tools-and-garage': ['2 Ton', '3 Ton', '46 Piece', '108 Piece', 'Heavy Duty'],
};
/** Sizes of parts that are not for cars, by child category. */
const NOT_A_CAR_SPECS: Record<number, string[]> = {
  403: ['315/80 R22.5', '295/80 R22.5', '12.00 R20', '11.00 R20'],
  404: ['2.75-18', '3.00-17', '90/90-18', '3.00-18'],
  405: ['4.00-8', '4.50-10', '4.00-12'],
  406: ['2.75-18', '3.00-17', '4.00-8'],
  2202: ['N150 150Ah', 'N200 200Ah', 'N120 120Ah'],
  2203: ['12V 5Ah', '12V 7Ah', '12V 9Ah'],
};
/** Capacity printed with each battery group. */
const GROUP_AH: Record<string, number> = {
  NS40: 35,
  NS60: 45,
  '55D23': 60,
  '80D26': 70,
  '105D31': 90,
  DIN60: 60,
  DIN74: 74,
  DIN80: 80,
  DIN90: 90,
  DIN100: 100,
};
/** The parts most listed, for the cars most driven: every fourth demo product is one of these. */
const COMMON_PARTS = [601, 602, 1001, 1002, 701, 2501, 201, 1901, 401, 2201, 901, 1101, 2301, 1902];
const COMMON_CARS: [string, string][] = [
  ['Toyota', 'Corolla'],
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Honda', 'Accord'],
  ['Toyota', 'RAV4'],
  ['Toyota', 'Sienna'],
  ['Toyota', 'Highlander'],
  ['Lexus', 'ES'],
  ['Lexus', 'RX'],
  ['Nissan', 'Altima'],
  ['Hyundai', 'Elantra'],
  ['Honda', 'CR-V'],
];
/** Models built on the same platform: a part of one often fits the other (the only second fitments). */
const SISTERS: Record<string, string> = {
  Corolla: 'Matrix',
  Matrix: 'Corolla',
  Camry: 'Venza',
  Venza: 'Camry',
  '4Runner': 'Land Cruiser Prado',
  'Land Cruiser Prado': '4Runner',
  Sentra: 'Almera',
  Almera: 'Sentra',
  Elantra: 'Cerato',
  Cerato: 'Elantra',
  Tucson: 'Sportage',
  Sportage: 'Tucson',
};
const SEDAN_TYRES = ['175/70 R13', '185/65 R14', '195/65 R15', '205/55 R16', '215/60 R16'];
const SUV_TYRES = ['225/65 R17', '235/60 R18', '245/65 R17', '265/65 R17', '265/70 R17'];
const width = (size: string) => Number(size.split('/')[0]);

const PHRASES = [
  'Original quality, tested before dispatch.',
  'Fits perfectly, no modification needed.',
  'Comes with 3 months warranty on manufacturer defects.',
  'Same-day pickup at our shop; nationwide delivery available.',
  'Call or WhatsApp to confirm fitment with your VIN before paying.',
  'Bulk prices for mechanics and fleet owners.',
  'Imported directly; sealed in original packaging.',
  'Installation can be arranged with a trusted mechanic.',
  'Quantity discounts available.',
  'Inspect before you pay when you pick up.',
];
const USED_PHRASES = [
  'Clean Tokunbo (foreign used) part from Belgium/USA.',
  'Foreign used, in good working condition, tested.',
  'Tokunbo: removed from a low-mileage car.',
];

export interface Cat {
  catId: number;
  parentId: number;
  name: string;
  path: string;
  keywords: string[];
}
export interface Make {
  id: number;
  name: string;
}
export interface Model {
  id: number;
  makeId: number;
  name: string;
  yearFrom: number;
  yearTo: number;
}

/** Singular-ish part name from a plural category name: 'Brake Pads' stays, 'Radiators' → 'Radiator'. */
function partName(child: Cat): string {
  const n = child.name.replace(/\s*\/.*$/, '');
  if (
    /(Pads|Plugs|Shoes|Kits|Springs|Bearings|Belts|Wipers|Rings|Rods|Mats|Covers|Cables|Hoses|Caps|Nuts and Bolts|Studs|Spacers|Flaps|Visors|Racks|Ends|Links|Bushings|Mounts|Boots)$/.test(
      n,
    )
  )
    return n;
  if (/ies$/.test(n)) return n.replace(/ies$/, 'y');
  if (/(sses|ches|shes|xes)$/.test(n)) return n.replace(/es$/, '');
  if (/s$/.test(n) && !/(ss|us|Gas|Fluid|Oil|Grease|Polish|Water)$/.test(n))
    return n.replace(/s$/, '');
  return n;
}

function partNumber(r: Rng, make: string, brand: string, topPath: string): string {
  const d = (n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
  const A = (n: number) =>
    Array.from({ length: n }, () => 'ABCDEFGHJKLMNPRSTUVWXYZ'[r.int(0, 22)]).join('');
  if (brand === 'NGK') return `${A(3)}${r.int(5, 7)}${A(1)}-${d(2)}`;
  if (brand === 'Bosch') return `0 ${d(3)} ${d(3)} ${d(3)}`;
  if (brand === 'Denso') return `${d(3)}${d(3)}-${d(4)}`;
  switch (make) {
    case 'Toyota':
    case 'Lexus':
      return `${d(5)}-${d(5)}`;
    case 'Honda':
    case 'Acura':
      return `${d(5)}-${A(3)}-${A(1)}${d(2)}`;
    case 'Nissan':
    case 'Infiniti':
      return `${d(5)}-${d(1)}${A(2)}${d(1)}${A(1)}`;
    case 'Mercedes-Benz':
      return `A ${d(3)} ${d(3)} ${d(2)} ${d(2)}`;
    case 'Hyundai':
    case 'Kia':
      return `${d(5)}-${d(1)}${A(1)}${d(3)}`;
    case 'Ford':
      return `${A(2)}${d(1)}Z-${d(4)}-${A(1)}`;
    case 'Peugeot':
      return `${d(4)}.${A(1)}${d(1)}`;
    case 'Volkswagen':
      return `${d(1)}${A(1)}${d(1)} ${d(3)} ${d(3)} ${A(1)}`;
    default:
      return topPath === 'tyres' ? '' : `${A(2)}-${d(5)}`;
  }
}

export interface ProductSeed {
  storeIndex: number;
  catId: number;
  topCatId: number;
  name: string;
  title: string;
  description: string;
  priceKobo: number;
  salesKobo: number | null;
  condition: 1 | 2;
  stock: number;
  partNumber: string | null;
  searchTerms: string;
  imageKey: string;
  fitments: { makeId: number; modelId: number | null; yearFrom: number; yearTo: number }[];
}

export interface CatalogueRefs {
  cats: Cat[];
  makes: Make[];
  models: Model[];
  storeCount: number;
}

/** A generator of products: call next(i) for the i-th product (deterministic for a given seed and i order). */
export function productGenerator(refs: CatalogueRefs, seed = 20261122) {
  const r = rng(seed);
  const top = new Map(refs.cats.filter((c) => c.parentId === 0).map((c) => [c.catId, c]));
  const children = refs.cats.filter((c) => c.parentId !== 0);
  const makeByName = new Map(refs.makes.map((m) => [m.name, m]));
  const modelsByMake = new Map<number, Model[]>();
  for (const m of refs.models)
    (modelsByMake.get(m.makeId) ?? modelsByMake.set(m.makeId, []).get(m.makeId)!).push(m);
  const popular = POPULAR.flatMap((p) => {
    const make = makeByName.get(p.make);
    if (!make) return [];
    const ms = (modelsByMake.get(make.id) ?? []).filter((m) => p.models.includes(m.name));
    return ms.length ? [{ make, models: ms, weight: p.weight }] : [];
  });
  const weighted = popular.flatMap((p) => Array(p.weight).fill(p) as (typeof popular)[number][]);
  const makeNames = new Map(refs.makes.map((m) => [m.id, m.name]));
  const modelNames = new Map(refs.models.map((m) => [m.id, m.name]));
  const nameOf = (id: number) => makeNames.get(id) ?? '';
  const byId = new Map(refs.cats.map((c) => [c.catId, c]));

  return (i: number): ProductSeed => {
    // Cycle through children so every category (and every top category) is covered early.
    const common = i >= children.length * 2 && i % 4 === 3;
    const child = common
      ? byId.get(r.pick(COMMON_PARTS))!
      : i < children.length * 2
        ? children[i % children.length]
        : r.pick(children);
    const parent = top.get(child.parentId)!;
    const rule = fitRule(child.catId, parent.catId);
    const universal = rule !== 'model';
    const picked = r.pick(BRANDS[parent.path] ?? DEFAULT_BRANDS);
    const commonCar = common ? r.pick(COMMON_CARS) : undefined;
    const p =
      (commonCar && popular.find((x) => x.make.name === commonCar[0])) ||
      r.pick(
        weighted.length
          ? weighted
          : [{ make: refs.makes[0], models: modelsByMake.get(refs.makes[0].id) ?? [], weight: 1 }],
      );
    // Genuine (maker's own) parts carry the car's maker, not Toyota's, on a Honda or a Passat.
    const brand = picked === 'Toyota Genuine' ? `${p.make.name} Genuine` : picked;
    const model = (commonCar && p.models.find((m) => m.name === commonCar[1])) || r.pick(p.models);
    // Common parts are for the years most seen on Nigerian roads (2003-2015).
    const lo = Math.max(model.yearFrom, common ? 2003 : 1995);
    const hi = Math.min(model.yearTo, common ? 2018 : 2025);
    const yFrom = r.int(lo, Math.max(lo, hi - 3));
    const yTo = Math.min(hi, yFrom + r.int(common ? 4 : 2, 7));
    const side = SIDES[parent.path] && r.chance(0.6) ? r.pick(SIDES[parent.path]) + ' ' : '';
    const part = side === 'Pair of ' ? child.name : partName(child);
    // Tyres, wheels and batteries carry the size or group of the car the listing was made for (what it fits is that size).
    const takes = carTakes(p.make.name, model.name);
    let sized = '';
    if (rule === 'tyre') {
      const suv = child.catId === 402;
      const own = (takes?.tyres ?? []).filter((t) => width(t) >= 225 === suv);
      sized = r.pick(own.length ? own : suv ? SUV_TYRES : SEDAN_TYRES);
    } else if (rule === 'rim') {
      sized = `${rimSpec(r.pick(takes?.tyres ?? SEDAN_TYRES)).slice(1)} inch`;
    } else if (rule === 'battery') {
      const group = r.pick(takes?.battery ?? ['NS60']);
      sized = `${group} ${GROUP_AH[group] ?? 60}Ah`;
    } else if (rule === 'not-a-car') sized = r.pick(NOT_A_CAR_SPECS[child.catId] ?? ['']);
    const spec = sized ? ' ' + sized : SPECS[parent.path] ? ' ' + r.pick(SPECS[parent.path]) : '';
    const used = r.chance(universal ? 0.1 : 0.35);
    const fitments: ProductSeed['fitments'] = [];
    let name: string;
    let title: string;
    if (universal) {
      // No fitment rows: the category says what it fits (fitment.ts).
      name = `${brand} ${part}${spec}`;
      title =
        rule === 'universal'
          ? `${brand} ${part}${spec}, fits most cars`
          : rule === 'not-a-car'
            ? `${brand} ${part}${spec}`
            : `${brand} ${part}${spec} for cars that take ${sized}`;
    } else {
      name = `${p.make.name} ${model.name} ${side}${part}`;
      title = `${brand} ${side}${part} for ${p.make.name} ${model.name} ${yFrom}-${yTo}${used ? ' (Tokunbo)' : ''}`;
      fitments.push({ makeId: p.make.id, modelId: model.id, yearFrom: yFrom, yearTo: yTo });
      const m2 = p.models.find((m) => m.name === SISTERS[model.name]);
      if (m2 && r.chance(0.35)) {
        {
          const a = Math.max(m2.yearFrom, 1995);
          const b = Math.min(m2.yearTo, 2025);
          const f = r.int(a, Math.max(a, b - 3));
          fitments.push({
            makeId: p.make.id,
            modelId: m2.id,
            yearFrom: f,
            yearTo: Math.min(b, f + r.int(2, 6)),
          });
        }
      }
    }
    const [pmin, pmax] = CHILD_PRICE[child.path.split('/').pop()!] ??
      PRICE[parent.path] ?? [5_000, 100_000];
    let price = pmin + Math.pow(r.next(), 1.6) * (pmax - pmin);
    if (used) price *= 0.55 + r.next() * 0.2;
    price = Math.max(500, Math.round(price / 500) * 500);
    const onSale = r.chance(0.2);
    const sales = onSale
      ? Math.max(400, Math.round((price * (0.8 + r.next() * 0.15)) / 100) * 100)
      : null;
    const pn = partNumber(r, p.make.name, brand, parent.path) || null;
    const fitText = universal
      ? rule === 'universal'
        ? 'most cars'
        : rule === 'not-a-car'
          ? ''
          : `cars that take ${sized}`
      : fitments
          .map((f) =>
            f.modelId
              ? `${nameOf(f.makeId)} ${(f.modelId ? modelNames.get(f.modelId) : '') ?? ''} ${f.yearFrom}-${f.yearTo}`
              : `${nameOf(f.makeId)} (all models)`,
          )
          .join(', ');
    const sentences = [
      `${brand} ${part.toLowerCase()}${spec} ${used ? 'foreign used (Tokunbo)' : 'brand new'}.`,
      fitText ? `Fits ${fitText}.` : '',
      pn ? `Part number ${pn}.` : '',
      used ? r.pick(USED_PHRASES) : '',
      r.pick(PHRASES),
      r.pick(PHRASES),
    ];
    // Two picks can be the same phrase: say it once (dropping it keeps the random sequence, so the data stays the same).
    const description = [...new Set(sentences.filter(Boolean))].join(' ');
    const fitNames = fitments
      .map((f) => `${nameOf(f.makeId)} ${(f.modelId ? modelNames.get(f.modelId) : '') ?? ''}`)
      .join(' ');
    const searchTerms = [
      child.name,
      parent.name,
      ...child.keywords,
      ...parent.keywords,
      fitNames,
      brand,
    ].join(' ');
    return {
      storeIndex: r.int(0, refs.storeCount - 1),
      catId: child.catId,
      topCatId: parent.catId,
      name,
      title,
      description,
      priceKobo: price * 100,
      salesKobo: sales === null ? null : sales * 100,
      condition: used ? 2 : 1,
      stock: r.int(0, 40),
      partNumber: pn,
      searchTerms,
      // Products of a child category share its few generated pictures.
      imageKey: `g-${child.catId}-${r.int(1, GENERATED_VARIANTS)}`,
      fitments,
    };
  };
}
