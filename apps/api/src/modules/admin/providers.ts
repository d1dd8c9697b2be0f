import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';
import { normalisePhone } from '@sf/shared';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/schemas.ts';
import { transaction } from '../../lib/tx.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { PROVIDER_LISTS_CLEAR, providerPath } from '../providers/service.ts';
import type { ProviderKind } from '../providers/repository.ts';
import { actor, catalogChanged, like, page, requireConfirm, standingRoutes } from './common.ts';
import { iso } from '../../lib/time.ts';
import * as sc from './schemas.ts';
import type { AdminProvider } from './types.ts';

// Mechanics and tow vans for staff: verify (the public badge), suspend (off every list and
// page: active = false) and edit the business details.

interface ProviderRow {
  sp_id: number;
  kind: string;
  company_name: string;
  mobile_number: string;
  phone_number: string | null;
  address: string;
  description: string;
  verified: boolean;
  active: boolean;
  held_by: string | null;
  created_at: Date | string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  state: string;
  city: string;
}

export interface ProvidersQuery {
  q?: string;
  kind?: string;
  verified?: string;
  suspended?: string;
  lastId?: number;
  pagesize?: number;
}

export interface ProviderEdit {
  companyName?: string;
  mobileNumber?: string;
  phoneNumber?: string | null;
  address?: string;
  description?: string;
}

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

const providerRows = (db: Db, where: SQL[], limit: number) =>
  rows<ProviderRow>(
    db,
    sql`select p.sp_id, p.kind, p.company_name, p.mobile_number, p.phone_number, p.address, p.description,
          p.verified, p.active, p.held_by, p.created_at, u.id as owner_id, u.name as owner_name, coalesce(u.email, u.phone) as owner_email,
          sa.name as state, ci.name as city
        from service_providers p left join users u on u.id = p.owner_user_id
          join states sa on sa.id = p.state_id join cities ci on ci.id = p.city_id
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by p.sp_id desc limit ${limit}`,
  );

export function adminProvidersService(app: FastifyInstance) {
  const db = app.db;
  const bell = notificationsService(app);

  async function one(id: number, tx: Db = db) {
    const [r] = await providerRows(tx, [sql`p.sp_id = ${id}`], 1);
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
      await tx.execute(sql`select 1 from service_providers where sp_id = ${id} for update`);
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
    async list(qy: ProvidersQuery) {
      const where: SQL[] = [];
      const text = qy.q?.trim();
      if (text) {
        const l = like(text);
        where.push(
          sql`(p.company_name ilike ${l} or p.mobile_number ilike ${l} or u.email ilike ${l}${
            /^\d{1,9}$/.test(text) ? sql` or p.sp_id = ${Number(text)}` : sql``
          })`,
        );
      }
      if (qy.kind) where.push(sql`p.kind = ${qy.kind}`);
      if (qy.verified === 'yes') where.push(sql`p.verified`);
      if (qy.verified === 'no') where.push(sql`not p.verified`);
      if (qy.suspended === 'yes') where.push(sql`not p.active and p.held_by is null`);
      if (qy.suspended === 'no') where.push(sql`(p.active or p.held_by is not null)`);
      if (qy.lastId) where.push(sql`p.sp_id < ${qy.lastId}`);
      const size = qy.pagesize ?? 50;
      return {
        status: true as const,
        ...page((await providerRows(db, where, size + 1)).map(toProvider), size),
      };
    },

    async verify(actorId: string, id: number, verified: boolean, note: string) {
      const item = await write(id, async (tx, before) => {
        if (before.verified === verified)
          throw conflict(`This listing is already ${verified ? 'verified' : 'not verified'}`);
        await tx.execute(
          sql`update service_providers set verified = ${verified} where sp_id = ${id}`,
        );
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
        await tx.execute(
          suspended
            ? sql`update service_providers set active = false, held_by = null where sp_id = ${id}`
            : sql`update service_providers p set
                    active = u.locked_at is null,
                    held_by = case when u.locked_at is null then null else 'lock' end
                  from (select (select locked_at from users where id = p0.owner_user_id) as locked_at
                        from service_providers p0 where p0.sp_id = ${id}) u
                  where p.sp_id = ${id}`,
        );
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

    async edit(actorId: string, id: number, input: ProviderEdit) {
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
        await tx.execute(
          sql`update service_providers set
                company_name = ${(set.companyName as string) ?? before.companyName},
                mobile_number = ${(set.mobileNumber as string) ?? before.mobileNumber},
                phone_number = ${'phoneNumber' in set ? (set.phoneNumber as string | null) : before.phoneNumber},
                address = ${(set.address as string) ?? before.address},
                description = ${(set.description as string) ?? before.description}
              where sp_id = ${id}`,
        );
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

export default async function adminProvidersRoutes(app: FastifyInstance) {
  const svc = adminProvidersService(app);
  const tags = ['admin'];
  app.get<{ Querystring: ProvidersQuery }>(
    '/api/admin/providers',
    {
      schema: {
        tags,
        summary: 'Mechanics and tow vans: search, kind, verified, suspended; newest first',
        querystring: sc.providersQuery,
        response: { 200: sc.providersReply },
      },
    },
    async (req) => svc.list(req.query),
  );
  app.get<{ Params: { id: number } }>(
    '/api/admin/providers/:id',
    {
      schema: {
        tags,
        summary: 'One mechanic or tow van',
        params: idParam(),
        response: { 200: sc.providerReply },
      },
    },
    async (req) => ({ status: true as const, message: '', item: await svc.one(req.params.id) }),
  );
  app.patch<{ Params: { id: number }; Body: ProviderEdit }>(
    '/api/admin/providers/:id',
    {
      schema: {
        tags,
        summary: 'Changes the business details of a mechanic or tow van',
        params: idParam(),
        body: sc.providerEditBody,
        response: { 200: sc.providerReply },
      },
    },
    async (req) => svc.edit(actor(req), req.params.id, req.body),
  );
  standingRoutes(app, '/api/admin/providers', 'a mechanic or tow van', sc.providerReply, svc);
}
