import type { FastifyInstance } from 'fastify';
import type { Db } from '@sf/db';
import { normalisePhone } from '@sf/shared';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/time.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { PROVIDER_LISTS_CLEAR, providerPath } from '../providers/service.ts';
import type { ProviderKind } from '../providers/repository.ts';
import { catalogChanged, page, requireConfirm } from './common.ts';
import { adminProvidersRepository, type ProviderRow } from './providers-repository.ts';
import type { AdminProvider, AdminProviderEdit, AdminProvidersQuery } from './types.ts';

// Mechanics and tow vans for staff: verify (the public badge), suspend (off every list and
// page: active = false) and edit the business details.

const NOUN: Record<string, string> = { mechanic: 'workshop', towvan: 'tow van' };

const toProvider = (r: ProviderRow): AdminProvider & { id: number } => ({
  id: r.sp_id,
  kind: r.kind,
  companyName: r.company_name,
  mobileNumber: r.mobile_number,
  phoneNumber: r.phone_number,
  address: r.address,
  description: r.description,
  owner: r.owner_id ? { id: r.owner_id, name: r.owner_name!, email: r.owner_email! } : null,
  state: r.state,
  city: r.city,
  verified: r.verified,
  // Hidden while its owner's account is locked is not a suspension (admin/holds.ts).
  suspended: !r.active && r.held_by === null,
  url: providerPath(r.kind as ProviderKind, r.sp_id),
  createdAt: iso(r.created_at)!,
});

export function adminProvidersService(app: FastifyInstance) {
  const db = app.db;
  const bell = notificationsService(app);

  async function one(id: number, tx: Db = db) {
    const [r] = await adminProvidersRepository(tx).providers({ id }, 1);
    if (!r) throw notFound(`No mechanic or tow van with id ${id}`);
    return toProvider(r);
  }

  async function changed() {
    await catalogChanged(app);
    await app.bus.publish(PROVIDER_LISTS_CLEAR, { type: 'cache.clear' });
  }

  /** Runs `fn` with the provider's row locked, then answers the provider as it is now. */
  async function write(
    id: number,
    fn: (tx: Db, before: AdminProvider) => Promise<Notice | undefined | void>,
  ) {
    const notices: Notice[] = [];
    const item = await transaction(db, async (tx) => {
      await adminProvidersRepository(tx).lock(id);
      const notice = await fn(tx, await one(id, tx));
      if (notice) {
        await bell.record(tx, [notice]);
        notices.push(notice);
      }
      return one(id, tx);
    });
    await changed();
    await bell.announce(notices);
    return item;
  }

  return {
    one,
    async list(qy: AdminProvidersQuery) {
      const { pagesize, ...filter } = qy;
      const size = pagesize ?? 50;
      const list = await adminProvidersRepository(db).providers(
        { ...filter, q: qy.q?.trim() || undefined },
        size + 1,
      );
      return { status: true as const, ...page(list.map(toProvider), size) };
    },

    async verify(actorId: string, id: number, verified: boolean, note: string) {
      const item = await write(id, async (tx, before) => {
        if (before.verified === verified)
          throw conflict(`This listing is already ${verified ? 'verified' : 'not verified'}`);
        await adminProvidersRepository(tx).setVerified(id, verified);
        await recordAudit(tx, {
          actorId,
          action: verified ? 'provider.verify' : 'provider.unverify',
          targetType: 'provider',
          targetId: id,
          before: { verified: before.verified },
          after: { verified },
          note,
        });
      });
      return {
        status: true as const,
        message: `${item.companyName} is ${verified ? 'verified: its badge shows publicly' : 'no longer verified'}`,
        item,
      };
    },

    async suspend(actorId: string, id: number, suspended: boolean, note: string, confirm: unknown) {
      if (suspended) requireConfirm(confirm, 'suspend this listing');
      const item = await write(id, async (tx, before) => {
        if (before.suspended === suspended)
          throw conflict(`This listing is already ${suspended ? 'suspended' : 'shown'}`);
        // A staff suspension outlasts a lock; lifting it while the owner is locked leaves the
        // listing held by the lock until the account is unlocked.
        const repo = adminProvidersRepository(tx);
        await (suspended ? repo.suspend(id) : repo.unsuspend(id));
        await recordAudit(tx, {
          actorId,
          action: suspended ? 'provider.suspend' : 'provider.unsuspend',
          targetType: 'provider',
          targetId: id,
          before: { suspended: before.suspended },
          after: { suspended },
          note,
        });
        if (!before.owner) return;
        const noun = NOUN[before.kind] ?? 'listing';
        return {
          userId: before.owner.id,
          type: suspended ? 'listing.suspended' : 'listing.unsuspended',
          title: suspended
            ? `Your ${noun} ${before.companyName} is suspended: it no longer shows to customers. Reason: ${note}`
            : `Your ${noun} ${before.companyName} shows to customers again`,
          link: before.kind === 'towvan' ? '/user/garage' : '/user/workshop',
          event: { type: suspended ? 'listing.suspended' : 'listing.unsuspended', spId: id },
        };
      });
      return {
        status: true as const,
        message: suspended
          ? `${item.companyName} is suspended: hidden from every list and page, and the owner is told`
          : `${item.companyName} shows again`,
        item,
      };
    },

    async edit(actorId: string, id: number, input: AdminProviderEdit) {
      const set: Record<string, unknown> = {};
      const fields: Record<string, string> = {};
      if (input.companyName !== undefined)
        set.companyName = input.companyName.replace(/\s+/g, ' ').trim();
      if (input.mobileNumber !== undefined) {
        set.mobileNumber = input.mobileNumber.trim();
        if (!normalisePhone(set.mobileNumber as string))
          fields.mobileNumber = 'Enter a Nigerian mobile number, like 08031234567';
      }
      if (input.phoneNumber !== undefined) {
        set.phoneNumber = input.phoneNumber?.trim() || null;
        if (set.phoneNumber && !normalisePhone(set.phoneNumber as string))
          fields.phoneNumber = 'Enter a Nigerian phone number, like 08031234567, or leave it empty';
      }
      if (input.address !== undefined) set.address = input.address.trim();
      if (input.description !== undefined) set.description = input.description.trim();
      if (set.companyName === '') fields.companyName = 'Enter the name of the business';
      if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
      const item = await write(id, async (tx, before) => {
        const diff = changedFields(before as unknown as Record<string, unknown>, set);
        if (Object.keys(diff.after).length === 0) return;
        await adminProvidersRepository(tx).setDetails(id, {
          companyName: (set.companyName as string) ?? before.companyName,
          mobileNumber: (set.mobileNumber as string) ?? before.mobileNumber,
          phoneNumber:
            'phoneNumber' in set ? (set.phoneNumber as string | null) : before.phoneNumber,
          address: (set.address as string) ?? before.address,
          description: (set.description as string) ?? before.description,
        });
        await recordAudit(tx, {
          actorId,
          action: 'provider.edit',
          targetType: 'provider',
          targetId: id,
          ...diff,
        });
      });
      return { status: true as const, message: `${item.companyName} is saved`, item };
    },
  };
}
