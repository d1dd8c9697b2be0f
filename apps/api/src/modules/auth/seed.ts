import { eq } from 'drizzle-orm';
import { schema as s, type Db } from '@sf/db';
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
    businessName: 'Musa Auto Workshop, Wuse',
  },
  {
    email: 'towvan@demo.ng',
    name: 'Ngozi Eze',
    phone: '+2348099876543',
    role: 'Tow Van',
    businessName: 'Eze Rescue Towing, Lekki',
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
