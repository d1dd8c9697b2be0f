import * as icons from 'lucide-static';

/**
 * The picture on each top category's tile: a line icon (Lucide, ISC licence) that says what the
 * category holds, so a buyer who reads little English still finds brakes or batteries by sight.
 * A category staff add later without an icon here keeps the initials tile.
 */
const ICON_OF: Record<string, keyof typeof icons> = {
  body: 'CarFront',
  filters: 'Filter',
  engine: 'Cog',
  tyres: 'LifeBuoy',
  wheels: 'Aperture',
  brakes: 'Disc',
  suspension: 'ChevronsUpDown',
  steering: 'ShipWheel',
  electrical: 'Zap',
  lighting: 'Lightbulb',
  cooling: 'ThermometerSnowflake',
  exhaust: 'Wind',
  transmission: 'Settings',
  clutch: 'CircleDot',
  interior: 'Armchair',
  accessories: 'Package',
  'air-conditioning': 'AirVent',
  'fuel-system': 'Fuel',
  ignition: 'Flame',
  'belts-and-chains': 'Link',
  bearings: 'Target',
  batteries: 'Battery',
  'oils-and-fluids': 'Droplet',
  'wipers-and-washers': 'Droplets',
  mirrors: 'FlipHorizontal',
  glass: 'AppWindow',
  sensors: 'Activity',
  'gaskets-and-seals': 'Layers',
  'drivetrain-and-axles': 'Axis3d',
  'engine-cooling-fans': 'Fan',
  horns: 'Megaphone',
  'car-care': 'SprayCan',
  'tools-and-garage': 'Wrench',
  'safety-and-security': 'ShieldCheck',
  'car-electronics': 'Radio',
  'turbo-and-superchargers': 'Tornado',
  lubrication: 'Pipette',
  'hoses-and-pipes': 'Cable',
};

/** The shapes inside a Lucide icon's <svg> (24 x 24, drawn with strokes), or null. */
export function categoryIcon(slug: string): string | null {
  const name = ICON_OF[slug];
  const svg = name ? (icons[name] as unknown) : undefined;
  if (typeof svg !== 'string') return null;
  const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
  return inner.replace(/\s*\n\s*/g, '');
}

export const CATEGORY_ICON_SLUGS = Object.keys(ICON_OF);
