import { schema as s } from '@sf/db';
import type { TestApp } from '../../test/helper.ts';

/** A mechanic or tow van listing owned by a new user, with its tags (tests only). */
export async function listing(
  t: TestApp,
  kind: 'mechanic' | 'towvan',
  place: { stateId: number; cityId: number },
  tags: { specialities?: number[]; vehicleTypes?: number[]; capacities?: number[]; days?: number },
) {
  const db = t.handle.db;
  const owner = await t.signIn(kind === 'mechanic' ? 'Mechanic' : 'Tow Van');
  const [sp] = await db
    .insert(s.serviceProviders)
    .values({
      kind,
      ownerUserId: owner.user.id,
      companyName: `${kind} of ${owner.user.name}`,
      mobileNumber: '08039998877',
      ...place,
      availableDays: tags.days ?? 0b1111111,
    })
    .returning();
  for (const id of tags.specialities ?? [])
    await db.insert(s.providerSpecialities).values({ spId: sp.spId, specialityId: id });
  for (const id of tags.vehicleTypes ?? [])
    await db.insert(s.providerVehicleTypes).values({ spId: sp.spId, vehicleTypeId: id });
  for (const id of tags.capacities ?? [])
    await db.insert(s.providerTowCapacities).values({ spId: sp.spId, capacityId: id });
  return { ...owner, sp };
}
