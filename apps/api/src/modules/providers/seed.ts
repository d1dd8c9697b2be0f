import { sql } from 'drizzle-orm';
import { inArray } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { DAYS } from '@sf/shared';
import { invalidateProviderLists } from './service.ts';
import { DEMO_ACCOUNTS } from '../auth/seed.ts';

// Demo mechanics and tow vans: real places (cities table), real reference ids, valid numbers.
// [company, state, city, street, speciality or capacity ids, vehicle type ids, days, verified]
type Row = [string, string, string, string, number[], number[], keyof typeof DAY_SETS, boolean];

const DAY_SETS = {
  ms: [1, 2, 3, 4, 5, 6], // Monday to Saturday
  all: [0, 1, 2, 3, 4, 5, 6],
  wk: [1, 2, 3, 4, 5],
  ts: [2, 3, 4, 5, 6, 0], // closed Mondays
  fri: [6, 0, 1, 2, 3, 4], // closed Fridays (Jumat)
} as const;

const FCT = 'Federal Capital Territory';

const MECHANICS: Row[] = [
  ['Ladipo Auto Clinic', 'Lagos', 'Ladipo', 'Ladipo Street', [1, 7, 18], [1, 2, 4], 'ms', true],
  ['Mama Nkechi Rewire Centre', 'Lagos', 'Ojota', 'Ogudu Road', [2, 21, 3], [1, 2, 3], 'ms', true],
  [
    'Alhaji Musa Diesel Works',
    'Lagos',
    'Mile 12',
    'Ikorodu Road',
    [23, 1, 17],
    [6, 4, 7],
    'fri',
    false,
  ],
  ['Gbagada Precision Motors', 'Lagos', 'Gbagada', 'Diya Street', [3, 1, 15], [1, 2], 'ms', true],
  [
    'Oga Tunde Panel Beating & Spraying',
    'Lagos',
    'Surulere',
    'Adeniran Ogunsanya Street',
    [4, 5],
    [1, 2, 3, 5],
    'ms',
    false,
  ],
  [
    'Ikeja GRA Auto Diagnostics',
    'Lagos',
    'Ikeja GRA',
    'Isaac John Street',
    [3, 2, 22],
    [1, 2],
    'wk',
    true,
  ],
  ['Lekki Pro Car Care', 'Lagos', 'Lekki', 'Admiralty Way', [18, 14, 8], [1, 2], 'all', true],
  [
    'Festac Toyota Specialist Garage',
    'Lagos',
    'Festac Town',
    '2nd Avenue',
    [1, 7, 9],
    [1, 2, 4],
    'ms',
    false,
  ],
  [
    'Egbeda Brake & Clutch Centre',
    'Lagos',
    'Egbeda',
    'Idimu Road',
    [8, 7, 9],
    [1, 2, 3],
    'ms',
    false,
  ],
  ['Yaba Honda Experts', 'Lagos', 'Yaba', 'Herbert Macaulay Way', [1, 3, 18], [1, 2], 'ms', true],
  [
    'Abule Egba Vulcanizer & Wheel Alignment',
    'Lagos',
    'Abule Egba',
    'Lagos-Abeokuta Expressway',
    [10, 11],
    [1, 2, 3, 4, 5],
    'all',
    false,
  ],
  ['Ajah Cool Breeze Car AC', 'Lagos', 'Ajah', 'Addo Road', [6, 16], [1, 2, 4], 'ts', false],
  ['Wuse Benz Clinic', FCT, 'Wuse', 'Aminu Kano Crescent', [1, 3, 2, 6], [1, 2], 'ms', true],
  ['Kubwa Auto Masters', FCT, 'Kubwa', 'Gado Nasko Road', [1, 8, 9, 18], [1, 2, 3], 'ms', false],
  ['Garki Key Programming Hub', FCT, 'Garki', 'Ahmadu Bello Way', [15, 2], [1, 2], 'wk', true],
  ['Lugbe Hybrid & Lexus Care', FCT, 'Lugbe', 'Airport Road', [22, 3, 1], [1, 2], 'ms', false],
  [
    'Nyanya Okada and Keke Repairs',
    FCT,
    'Nyanya',
    'Nyanya-Keffi Road',
    [24, 21],
    [9, 10],
    'all',
    false,
  ],
  [
    'Trans-Amadi Heavy Duty Workshop',
    'Rivers',
    'Trans-Amadi',
    'Trans-Amadi Industrial Layout',
    [23, 7, 12],
    [6, 7, 8],
    'ms',
    true,
  ],
  [
    'Rumuokoro Gearbox Specialists',
    'Rivers',
    'Rumuokoro',
    'Ikwerre Road',
    [7, 1],
    [1, 2, 3],
    'ms',
    false,
  ],
  [
    'Brother Ebi Auto Electrical',
    'Rivers',
    'D-Line',
    'Olu Obasanjo Road',
    [2, 21, 6],
    [1, 2, 4],
    'ms',
    false,
  ],
  [
    'Bodija Motors and Diagnostics',
    'Oyo',
    'Bodija',
    'Awolowo Avenue',
    [3, 1, 18],
    [1, 2],
    'ms',
    true,
  ],
  [
    'Iwo Road Peugeot Specialist',
    'Oyo',
    'Iwo Road',
    'Iwo Road Interchange',
    [1, 7, 16],
    [1, 5],
    'ms',
    false,
  ],
  ['Baba Ayo Radiator Works', 'Oyo', 'Challenge', 'Ring Road', [16, 6], [1, 2, 4, 6], 'fri', false],
  [
    'Sabon Gari Auto Workshop',
    'Kano',
    'Sabon Gari',
    'Church Road',
    [1, 8, 9],
    [1, 2, 3],
    'ts',
    true,
  ],
  [
    'Malam Sani Tyre & Alignment',
    'Kano',
    'Bompai',
    'Bompai Road',
    [10, 11],
    [1, 2, 3, 6],
    'fri',
    false,
  ],
  [
    'Hotoro CNG Conversion Centre',
    'Kano',
    'Hotoro',
    'Maiduguri Road',
    [20, 17],
    [1, 4, 5],
    'ms',
    false,
  ],
  [
    'Nnewi Genuine Parts & Repairs',
    'Anambra',
    'Nnewi',
    'Old Nnewi Road',
    [1, 7, 8],
    [1, 2, 9, 10],
    'ms',
    true,
  ],
  [
    'Onitsha Upper Iweka Mechanic Village',
    'Anambra',
    'Onitsha',
    'Upper Iweka Road',
    [1, 4, 5, 12],
    [1, 2, 4, 5],
    'ms',
    false,
  ],
  ['Awka Sure Diagnostics', 'Anambra', 'Awka', 'Zik Avenue', [3, 2], [1, 2], 'wk', false],
  [
    'Emene Mechanic Village Experts',
    'Enugu',
    'Emene',
    'Enugu-Abakaliki Road',
    [1, 7, 9, 23],
    [1, 2, 6],
    'ms',
    true,
  ],
  ['Ogui Road Injector Clinic', 'Enugu', 'Ogui', 'Ogui Road', [17, 3], [1, 2, 4], 'ms', false],
  [
    'Kakuri Truck and Bus Services',
    'Kaduna',
    'Kakuri',
    'Kachia Road',
    [23, 8, 9],
    [4, 6, 7],
    'fri',
    false,
  ],
  [
    'Barnawa Car Wash & Detailing',
    'Kaduna',
    'Barnawa',
    'Katuru Road',
    [14, 13],
    [1, 2, 3, 4],
    'all',
    false,
  ],
  [
    'Effurun Roundabout Motors',
    'Delta',
    'Effurun',
    'Effurun-Sapele Road',
    [1, 3, 6],
    [1, 2],
    'ms',
    true,
  ],
  ['Asaba Windscreen & Glass', 'Delta', 'Asaba', 'Nnebisi Road', [19], [1, 2, 4, 5], 'ms', false],
  [
    'Uselu Upholstery and Seat Covers',
    'Edo',
    'Uselu',
    'Uselu-Lagos Road',
    [13, 14],
    [1, 2, 4],
    'ms',
    false,
  ],
  [
    'Ring Road Benin Auto Clinic',
    'Edo',
    'Benin City',
    'Akpakpava Road',
    [1, 2, 3],
    [1, 2],
    'ms',
    true,
  ],
  [
    'Sango-Ota Service Centre',
    'Ogun',
    'Sango-Ota',
    'Idiroko Road',
    [18, 8, 21],
    [1, 2, 3],
    'all',
    false,
  ],
  [
    'Mowe Express Oil Change',
    'Ogun',
    'Mowe',
    'Lagos-Ibadan Expressway',
    [18, 11],
    [1, 2],
    'ts',
    false,
  ],
  ['Ariaria Auto Technicians', 'Abia', 'Ariaria', 'Faulks Road', [1, 4, 5], [1, 2, 5], 'ms', false],
  ['Tanke Ilorin Auto Care', 'Kwara', 'Tanke', 'Tanke Road', [1, 18, 2], [1, 2], 'ms', true],
  [
    'Rayfield Jos Motors',
    'Plateau',
    'Rayfield',
    'Rayfield Road',
    [1, 9, 16],
    [1, 2, 3],
    'ms',
    false,
  ],
];

const TOWVANS: Row[] = [
  [
    'Third Mainland Tow & Recovery',
    'Lagos',
    'Oworonshoki',
    'Oworonshoki Expressway',
    [1, 2],
    [1, 2, 3],
    'all',
    true,
  ],
  [
    'Lekki Rescue Towing',
    'Lagos',
    'Lekki',
    'Lekki-Epe Expressway',
    [1, 2],
    [1, 2, 3, 5],
    'all',
    true,
  ],
  [
    'Berger Breakdown Services',
    'Lagos',
    'Berger',
    'Ojodu-Berger Road',
    [1, 3],
    [1, 2, 4, 5],
    'all',
    false,
  ],
  ['Apapa Heavy Haulage Recovery', 'Lagos', 'Apapa', 'Wharf Road', [4, 5], [6, 7, 8], 'all', true],
  ['Ikorodu Road Flatbed Towing', 'Lagos', 'Ikorodu', 'Ikorodu Road', [2], [1, 2, 3], 'ms', false],
  [
    'Mile 2 Wreckers',
    'Lagos',
    'Mile 2',
    'Badagry Expressway',
    [3, 4, 5],
    [4, 6, 7, 8],
    'all',
    false,
  ],
  [
    'Ikeja Flatbed Express',
    'Lagos',
    'Ikeja',
    'Obafemi Awolowo Way',
    [1, 2],
    [1, 2, 3],
    'all',
    false,
  ],
  ['Abuja City Tow', FCT, 'Jabi', 'Obafemi Awolowo Way', [1, 2], [1, 2, 3], 'all', true],
  ['Airport Road Recovery', FCT, 'Lugbe', 'Airport Road', [2, 3], [1, 2, 4, 5], 'all', false],
  [
    'Zuba Highway Rescue',
    FCT,
    'Zuba',
    'Abuja-Kaduna Expressway',
    [3, 4, 5],
    [4, 6, 7],
    'all',
    false,
  ],
  [
    'East-West Road Towing',
    'Rivers',
    'Eleme',
    'East-West Road',
    [2, 3, 4],
    [1, 4, 6],
    'all',
    false,
  ],
  [
    'Port Harcourt Crane & Recovery',
    'Rivers',
    'Trans-Amadi',
    'Trans-Amadi Road',
    [5, 6],
    [6, 7, 8],
    'ms',
    true,
  ],
  [
    'Ibadan Expressway Tow Services',
    'Oyo',
    'Ojoo',
    'Ojoo Interchange',
    [1, 2, 3],
    [1, 2, 4],
    'all',
    false,
  ],
  ['Ogbomoso Recovery Services', 'Oyo', 'Ogbomoso', 'Ilorin Road', [2, 4], [1, 6], 'ms', false],
  [
    'Kano Northern Haulage Wreckers',
    'Kano',
    'Kano',
    'Zaria Road',
    [4, 5, 6],
    [6, 7, 8],
    'all',
    true,
  ],
  [
    'Onitsha Bridgehead Towing',
    'Anambra',
    'Onitsha',
    'Bridgehead Market Road',
    [1, 3, 4],
    [1, 4, 6],
    'all',
    false,
  ],
  [
    'Enugu 9th Mile Rescue',
    'Enugu',
    'Ninth Mile',
    'Enugu-Onitsha Expressway',
    [2, 3, 4],
    [1, 4, 6],
    'all',
    false,
  ],
  [
    'Kaduna-Abuja Expressway Recovery',
    'Kaduna',
    'Kaduna',
    'Kaduna Bypass',
    [2, 4, 5],
    [1, 6, 7],
    'all',
    true,
  ],
  ['Warri Refinery Road Tow', 'Delta', 'Warri', 'Refinery Road', [3, 5], [6, 8], 'ms', false],
  [
    'Asaba Niger Bridge Rescue',
    'Delta',
    'Asaba',
    'Benin-Asaba Expressway',
    [1, 2],
    [1, 2, 3],
    'all',
    false,
  ],
  [
    'Benin-Ore Road Breakdown',
    'Edo',
    'Benin City',
    'Benin-Ore Road',
    [2, 3, 4],
    [1, 4, 6],
    'all',
    false,
  ],
  [
    'Sagamu Interchange Towing',
    'Ogun',
    'Shagamu',
    'Sagamu Interchange',
    [3, 4, 5],
    [4, 6, 7, 8],
    'all',
    true,
  ],
  [
    'Mowe-Ibafo Rescue Trucks',
    'Ogun',
    'Ibafo',
    'Lagos-Ibadan Expressway',
    [1, 2],
    [1, 2, 3],
    'all',
    false,
  ],
  ['Aba Expressway Towing', 'Abia', 'Aba', 'Port Harcourt Road', [1, 2, 3], [1, 4, 5], 'ms', false],
  [
    'Ilorin Breakdown Services',
    'Kwara',
    'Ilorin',
    'Ibrahim Taiwo Road',
    [1, 2],
    [1, 2],
    'ms',
    false,
  ],
  ['Jos Plateau Recovery', 'Plateau', 'Jos', 'Ahmadu Bello Way', [2, 3], [1, 4, 6], 'all', false],
];

const PREFIXES = [
  '0803',
  '0806',
  '0813',
  '0816',
  '0703',
  '0706',
  '0810',
  '0814',
  '0905',
  '0903',
  '0802',
  '0808',
  '0812',
  '0701',
  '0902',
  '0807',
];

/** A deterministic, valid 11-digit Nigerian mobile number for the n-th demo number. */
export function demoPhone(n: number): string {
  const prefix = PREFIXES[n % PREFIXES.length];
  const rest = String((n * 7_919_423 + 1_234_567) % 10_000_000).padStart(7, '0');
  return prefix + rest;
}

const YEARS = [4, 6, 9, 12, 15, 18, 21, 25];

function describe(
  kind: 'mechanic' | 'towvan',
  name: string,
  city: string,
  tags: string[],
  vehicles: string[],
  i: number,
): string {
  const years = YEARS[i % YEARS.length];
  const list = (xs: string[]) => xs.map((x) => x.replace(/ \(.*\)$/, '')).join(', ');
  if (kind === 'mechanic') {
    return (
      `${name} has served motorists in ${city} for ${years} years. We handle ${list(tags)} on ${list(vehicles)}. ` +
      (i % 3 === 0
        ? 'Genuine and Tokunbo parts sourced on request; we show you the old part before we fit the new one.'
        : i % 3 === 1
          ? 'Free inspection and a written estimate before any work starts. Home service available nearby.'
          : 'Trained technicians, modern scan tools and a clean waiting area. Call or WhatsApp to book a slot.')
    );
  }
  return (
    `${name} recovers broken-down and accident vehicles in and around ${city}, ${years} years on the road. ` +
    `Capacity: ${list(tags)}. We tow ${list(vehicles)}. ` +
    (i % 2 === 0
      ? 'Fast response on the expressway; price agreed on the phone before we move.'
      : 'Day and night dispatch; police report and insurance paperwork support.')
  );
}

async function insertRows(
  db: Db,
  kind: 'mechanic' | 'towvan',
  list: Row[],
  start: number,
  owner: { id: string; phone: string } | null,
  /** Numbers of the demo accounts (0803…): never another business's, or a call reaches them. */
  taken: Set<string>,
) {
  const number = (n: number) => {
    let m = demoPhone(n);
    for (let k = 1; taken.has(m); k++) m = demoPhone(n + 997 * k);
    return m;
  };
  const cities = await rows<{ id: number; state_id: number; state: string; name: string }>(
    db,
    sql`
    select c.id, c.state_id, st.name as state, c.name from cities c join states st on st.id = c.state_id`,
  );
  const byName = new Map(cities.map((c) => [`${c.state}|${c.name.toLowerCase()}`, c]));
  const firstOfState = new Map<string, (typeof cities)[number]>();
  for (const c of cities) if (!firstOfState.has(c.state)) firstOfState.set(c.state, c);
  const tagNames = new Map(
    (kind === 'mechanic'
      ? await db.select().from(s.mechanicSpecialities)
      : await db.select().from(s.towCapacities)
    ).map((t) => [t.id, t.name]),
  );
  const vehicleNames = new Map((await db.select().from(s.vehicleTypes)).map((t) => [t.id, t.name]));

  for (const [
    i,
    [name, state, cityName, street, tagIds, vehicleIds, days, verified],
  ] of list.entries()) {
    const city = byName.get(`${state}|${cityName.toLowerCase()}`) ?? firstOfState.get(state);
    if (!city) throw new Error(`Demo provider ${name}: no city ${cityName} in ${state}`);
    const n = start + i;
    const [p] = await db
      .insert(s.serviceProviders)
      .values({
        kind,
        ownerUserId: i === 0 ? (owner?.id ?? null) : null,
        companyName: name,
        // The listing a demo account owns answers on that account's number.
        mobileNumber: i === 0 && owner ? owner.phone : number(n),
        phoneNumber: n % 3 === 0 ? null : number(n + 101),
        stateId: city.state_id,
        cityId: city.id,
        address: `${((n * 7) % 120) + 1} ${street}, ${city.name}`,
        description: describe(
          kind,
          name,
          city.name,
          tagIds.map((t) => tagNames.get(t) ?? ''),
          vehicleIds.map((v) => vehicleNames.get(v) ?? ''),
          n,
        ),
        verified,
        availableDays: DAY_SETS[days].reduce<number>((m, d) => m | (1 << d), 0),
      })
      .returning({ spId: s.serviceProviders.spId });
    if (kind === 'mechanic')
      await db
        .insert(s.providerSpecialities)
        .values(tagIds.map((specialityId) => ({ spId: p.spId, specialityId })));
    else
      await db
        .insert(s.providerTowCapacities)
        .values(tagIds.map((capacityId) => ({ spId: p.spId, capacityId })));
    await db
      .insert(s.providerVehicleTypes)
      .values(vehicleIds.map((vehicleTypeId) => ({ spId: p.spId, vehicleTypeId })));
  }
}

/** Demo mechanics and tow vans; skipped when any provider exists. */
export async function seedProviders(db: Db) {
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from service_providers`,
  );
  if (n > 0) return;
  const owners = await db
    .select({ id: s.users.id, email: s.users.email, phone: s.users.phone })
    .from(s.users)
    .where(inArray(s.users.email, ['mechanic@demo.ng', 'towvan@demo.ng']));
  // +2348065551234 → 08065551234, the form listings show.
  const local = (phone: string) => (phone.startsWith('+234') ? `0${phone.slice(4)}` : phone);
  const owner = (e: string) => {
    const o = owners.find((x) => x.email === e);
    return o ? { id: o.id, phone: local(o.phone) } : null;
  };
  const taken = new Set(DEMO_ACCOUNTS.map((a) => local(a.phone)));
  await insertRows(db, 'mechanic', MECHANICS, 0, owner('mechanic@demo.ng'), taken);
  await insertRows(db, 'towvan', TOWVANS, MECHANICS.length, owner('towvan@demo.ng'), taken);
  invalidateProviderLists(db);
}

export const DEMO_COUNTS = {
  mechanics: MECHANICS.length,
  towvans: TOWVANS.length,
  days: DAYS.length,
};

/**
 * Bench data: `count` more providers (60 % mechanics, 40 % tow vans) spread over every city,
 * with 1-3 specialities or capacities, 1-3 vehicle types and realistic opening days, in a few
 * set-based statements (10,000 rows in well under a minute on PGlite, seconds on a server).
 */
export async function seedBenchProviders(db: Db, count: number) {
  const [{ first }] = await rows<{ first: number }>(
    db,
    sql`select coalesce(max(sp_id), 0) + 1 as first from service_providers`,
  );
  await db.execute(sql`
    with c as (select array_agg(id order by id) as ids, array_agg(state_id order by id) as sids, count(*)::int as n from cities)
    insert into service_providers (kind, company_name, mobile_number, phone_number, state_id, city_id, address, description, verified, rank_boost, available_days)
    select case when g % 5 < 3 then 'mechanic' else 'towvan' end,
      (array['Bright','Sure','Royal','Divine','Unity','Golden','Prime','Mega','Trust','Grace'])[1 + g % 10] || ' ' ||
      (array['Auto','Motors','Autos','Car Care','Rescue','Towing','Garage','Works'])[1 + (g / 10) % 8] || ' ' || g,
      (array['0803','0806','0813','0703','0905','0816'])[1 + g % 6] || lpad(((g * 7919) % 10000000)::text, 7, '0'),
      case when g % 3 = 0 then null else '0810' || lpad(((g * 104729) % 10000000)::text, 7, '0') end,
      c.sids[1 + (g * 7919) % c.n], c.ids[1 + (g * 7919) % c.n],
      (1 + g % 150) || ' Bench Road', 'Bench listing for load tests.',
      g % 7 = 0, case when g % 97 = 0 then 10 else 0 end,
      (array[126, 127, 62, 125, 111])[1 + g % 5]
    from generate_series(${first}::int, ${first + count - 1}::int) g, c`);
  await db.execute(sql`
    insert into provider_specialities (sp_id, speciality_id)
    select p.sp_id, 1 + (p.sp_id * k * 31) % 24 from service_providers p, generate_series(1, 3) k
    where p.kind = 'mechanic' and p.sp_id >= ${first} and k <= 1 + p.sp_id % 3
    on conflict do nothing`);
  await db.execute(sql`
    insert into provider_tow_capacities (sp_id, capacity_id)
    select p.sp_id, 1 + (p.sp_id * k * 7) % 6 from service_providers p, generate_series(1, 3) k
    where p.kind = 'towvan' and p.sp_id >= ${first} and k <= 1 + p.sp_id % 3
    on conflict do nothing`);
  await db.execute(sql`
    insert into provider_vehicle_types (sp_id, vehicle_type_id)
    select p.sp_id, 1 + (p.sp_id * k * 13) % 10 from service_providers p, generate_series(1, 3) k
    where p.sp_id >= ${first} and k <= 1 + p.sp_id % 3
    on conflict do nothing`);
  await db.execute(sql`analyze service_providers`);
  await db.execute(sql`analyze provider_specialities`);
  await db.execute(sql`analyze provider_tow_capacities`);
  await db.execute(sql`analyze provider_vehicle_types`);
  invalidateProviderLists(db);
}
