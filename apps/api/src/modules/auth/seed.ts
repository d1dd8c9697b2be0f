import { eq, sql } from 'drizzle-orm';
import { rows, schema as s, type Db } from '@sf/db';
import { transaction } from '../../lib/tx.ts';
import { hashPassword } from './passwords.ts';

/**
 * Demo accounts (demo data only, README "Demo accounts"). Their password demo1234 is a
 * documented exception to the common-password rule: it could not be registered through the
 * API, which refuses it, and the accounts never exist unless demo data is asked for.
 */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS = [
  {
    email: 'buyer@demo.ng',
    name: 'Chinedu Okafor',
    phone: '+2348031234567',
    role: 'Buyer',
    businessName: null,
  },
  {
    email: 'seller@demo.ng',
    name: 'Adebayo Ogunleye',
    phone: '+2348023456789',
    role: 'Seller',
    businessName: 'Ladipo Genuine Parts',
  },
  {
    email: 'mechanic@demo.ng',
    name: 'Musa Ibrahim',
    phone: '+2348065551234',
    role: 'Mechanic',
    // The workshop and tow van these accounts own in the demo data (providers/seed.ts).
    businessName: 'Ladipo Auto Clinic',
  },
  {
    email: 'towvan@demo.ng',
    name: 'Ngozi Eze',
    phone: '+2348099876543',
    role: 'Tow Van',
    businessName: 'Third Mainland Tow & Recovery',
  },
  {
    email: 'admin@demo.ng',
    name: 'Funmilayo Adeyemi',
    phone: '+2347012345678',
    role: 'Admin',
    businessName: null,
  },
] as const;

export async function seedDemoAccounts(db: Db) {
  let hash: string | null = null;
  for (const a of DEMO_ACCOUNTS) {
    const [exists] = await db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, a.email));
    if (exists) continue;
    hash ??= await hashPassword(DEMO_PASSWORD);
    await db
      .insert(s.users)
      .values({ ...a, passwordHash: hash })
      .onConflictDoNothing();
  }
}

export const authSeeder = { name: 'auth', run: seedDemoAccounts };

/**
 * Every demo store, workshop and garage gets an owner account, as a real business on the site
 * has (demo data only): admin lists and public lists then name the same people. Owners sign in
 * with their e-mail (owner-<kind>-<id>@demo.ng) and demo1234. Idempotent: only unowned ones.
 */
export async function seedDemoOwners(db: Db) {
  const orphans = await rows<{ kind: string; id: number; name: string; phone: string }>(
    db,
    sql`select 'store' as kind, id, name, '' as phone from stores where owner_user_id is null
        union all
        select kind, sp_id as id, company_name as name, mobile_number as phone
          from service_providers where owner_user_id is null
        order by kind, id`,
  );
  if (!orphans.length) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  const ROLE: Record<string, string> = { store: 'Seller', mechanic: 'Mechanic', towvan: 'Tow Van' };
  // Numbers of their own (+234 81x for stores, +234 90x for providers), never a real customer's.
  const phoneOf = (kind: string, id: number) =>
    `+234${kind === 'store' ? '81' : kind === 'mechanic' ? '90' : '91'}${String(10_000_000 + id).slice(-8)}`;
  await transaction(db, async (tx) => {
    for (const o of orphans) {
      const email = `owner-${o.kind}-${o.id}@demo.ng`;
      const [u] = await tx
        .insert(s.users)
        .values({
          email,
          name: `${o.name} (owner)`.slice(0, 100),
          phone: phoneOf(o.kind, o.id),
          role: ROLE[o.kind],
          businessName: o.name,
          passwordHash: hash,
        })
        .onConflictDoUpdate({ target: s.users.email, set: { businessName: o.name } })
        .returning({ id: s.users.id });
      await tx.execute(
        o.kind === 'store'
          ? sql`update stores set owner_user_id = ${u.id} where id = ${o.id} and owner_user_id is null`
          : sql`update service_providers set owner_user_id = ${u.id} where sp_id = ${o.id} and owner_user_id is null`,
      );
    }
  });
}
