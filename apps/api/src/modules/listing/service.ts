import { DAYS, normalisePhone } from '@sf/shared';
import type { Db } from '@sf/db';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { transaction } from '../../lib/tx.ts';
import { replaceLogo, type logoPicture } from '../images/uploaded.ts';
import type { ProviderKind } from '../providers/repository.ts';
import type { Bus } from '../../lib/bus.ts';
import {
  PROVIDER_LISTS_CLEAR,
  maskFromDays,
  providerPath,
  providersService,
} from '../providers/service.ts';
import { listingRepository, type ListingSet, type TagKind } from './repository.ts';
import type { ListingAnswer, ListingSavedAnswer, OwnListing } from './types.ts';

export interface ListingUser {
  id: string;
  role: string;
}

export interface ListingInput {
  spId?: number;
  companyName?: string;
  mobileNumber?: string;
  phoneNumber?: string;
  stateId?: number;
  cityId?: number;
  address?: string;
  description?: string;
  days?: (typeof DAYS)[number][];
  specialityIds?: number[];
  capacityIds?: number[];
  vehicleTypeIds?: number[];
}

/** The business each provider role runs: a Mechanic a workshop, a Tow Van a garage. */
const KIND_OF_ROLE: Record<string, ProviderKind> = { Mechanic: 'mechanic', 'Tow Van': 'towvan' };
const NOUN: Record<ProviderKind, string> = { mechanic: 'workshop', towvan: 'garage' };

const oneLine = (v: string) => v.replace(/\s+/g, ' ').trim();

/**
 * A mechanic's workshop or a tow van's garage, edited by its owner. Only the Mechanic or Tow
 * Van who runs a listing reaches it: other roles get 403, another provider's listing is 404, and
 * a refused change writes nothing. A saved change clears the provider list caches, so the lists,
 * their filters and the public page show it at once.
 */
export function listingService(db: Db, bus: Bus, storage?: Storage) {
  // Reads the primary, uncached: the owner sees their change at once.
  const providers = providersService(db, { listCacheMs: 0 });

  function kindOf(user: ListingUser): ProviderKind {
    const kind = KIND_OF_ROLE[user.role];
    if (!kind) throw forbidden('Only a mechanic or a tow van has a listing to edit');
    return kind;
  }

  /**
   * The caller's listing of their kind: the one asked for, or their first shown one (else their
   * first, suspended); undefined: none. A suspended listing is theirs to see, not to change.
   */
  async function ownListing(user: ListingUser, spId?: number) {
    const kind = kindOf(user);
    const mine = (await listingRepository(db).ownedBy(user.id)).filter((l) => l.kind === kind);
    if (spId === undefined) return { kind, listing: mine.find((l) => l.active) ?? mine[0] };
    const listing = mine.find((l) => l.sp_id === spId);
    if (!listing) throw notFound(`You have no ${NOUN[kind]} with id ${spId}`);
    return { kind, listing };
  }

  /** What a change to a suspended listing is told (409): nothing is written. */
  const suspendedRefusal = (kind: ProviderKind) =>
    conflict(
      `Your ${NOUN[kind]} is suspended by SpareFinder staff: customers cannot see it and it cannot be changed until they lift it. Contact support to have it lifted`,
    );

  /** The public page's own answer, so the owner sees exactly what visitors see. */
  async function view(spId: number, logo: string | null, active = true): Promise<OwnListing> {
    const detail = await providers.detail(spId, { hidden: !active });
    if (!detail) throw notFound(`No listing with id ${spId}`);
    return {
      ...detail,
      url: providerPath(detail.kind, spId),
      own_logo: logo,
      suspended: !active,
      suspended_reason: active ? null : await listingRepository(db).suspensionNote(spId),
    };
  }

  /** Checks the input against the listing's kind and the reference lists; the columns to set. */
  async function check(kind: ProviderKind, input: ListingInput, current: { state_id: number }) {
    const fields: Record<string, string> = {};
    const set: ListingSet = {};
    if (input.companyName !== undefined) {
      set.companyName = oneLine(input.companyName);
      if (!set.companyName) fields.companyName = 'Enter the name of your business';
    }
    if (input.mobileNumber !== undefined) {
      set.mobileNumber = input.mobileNumber.trim();
      if (!normalisePhone(set.mobileNumber))
        fields.mobileNumber = 'Enter a Nigerian mobile number, like 08031234567';
    }
    if (input.phoneNumber !== undefined) {
      set.phoneNumber = input.phoneNumber.trim() || null;
      if (set.phoneNumber && !normalisePhone(set.phoneNumber))
        fields.phoneNumber = 'Enter a Nigerian phone number, like 08031234567, or leave it empty';
    }
    if (input.stateId !== undefined) {
      if (!(await listingRepository(db).stateExists(input.stateId)))
        fields.stateId = 'Choose your state';
      else set.stateId = input.stateId;
    }
    if (input.cityId !== undefined) {
      const state = await listingRepository(db).cityState(input.cityId);
      if (state === undefined || state !== (input.stateId ?? current.state_id))
        fields.cityId = 'Choose a city of your state';
      else set.cityId = input.cityId;
    } else if (input.stateId !== undefined && input.stateId !== current.state_id)
      fields.cityId = 'Choose a city of your state';
    if (input.address !== undefined) set.address = oneLine(input.address);
    if (input.description !== undefined) set.description = input.description.trim();
    if (input.days !== undefined) set.availableDays = maskFromDays(input.days);

    const tags: [TagKind, number[]][] = [];
    const wrongKind = kind === 'mechanic' ? input.capacityIds?.length : input.specialityIds?.length;
    if (wrongKind)
      fields[kind === 'mechanic' ? 'capacityIds' : 'specialityIds'] =
        kind === 'mechanic' ? 'A mechanic has no tow capacities' : 'A tow van has no specialities';
    for (const [tag, field, ids] of [
      ['specialities', 'specialityIds', kind === 'mechanic' ? input.specialityIds : undefined],
      ['capacities', 'capacityIds', kind === 'towvan' ? input.capacityIds : undefined],
      ['vehicleTypes', 'vehicleTypeIds', input.vehicleTypeIds],
    ] as const) {
      if (ids === undefined) continue;
      const known = await listingRepository(db).existing(tag, ids);
      if (known.length !== ids.length) fields[field] = 'Choose from the list';
      else tags.push([tag, ids]);
    }
    if (Object.keys(fields).length) throw invalid(Object.values(fields)[0], fields);
    return { set, tags };
  }

  /** A change to the listing the user runs. */
  async function update(
    user: ListingUser,
    kind: ProviderKind,
    listing: { sp_id: number; company_logo: string | null },
    input: ListingInput,
  ): Promise<ListingSavedAnswer> {
    const current = await providers.detail(listing.sp_id);
    if (!current) throw notFound(`You have no ${NOUN[kind]} with id ${listing.sp_id}`);
    const { set, tags } = await check(kind, input, current);
    await transaction(db, async (tx) => {
      // Ownership is checked again under a lock: a listing handed over meanwhile is not changed.
      if (!(await listingRepository(tx).lockOwned(listing.sp_id, user.id)))
        throw notFound(`You have no ${NOUN[kind]} with id ${listing.sp_id}`);
      await listingRepository(tx).update(listing.sp_id, set);
      for (const [tag, ids] of tags)
        await listingRepository(tx).replaceTags(listing.sp_id, tag, ids);
    });
    // Every server process (this one too) drops its list pages before this answers.
    await bus.publish(PROVIDER_LISTS_CLEAR, { type: 'cache.clear' });
    return {
      status: true as const,
      message: `Your ${NOUN[kind]} is saved`,
      item: await view(listing.sp_id, listing.company_logo),
    };
  }

  /**
   * A registered mechanic's or tow operator's first save lists their business: it shows in the
   * public lists and the search at once, like any listing (owner-run, not yet verified).
   */
  async function create(
    user: ListingUser,
    kind: ProviderKind,
    input: ListingInput,
  ): Promise<ListingSavedAnswer> {
    const missing: Record<string, string> = {};
    if (!input.companyName?.trim()) missing.companyName = 'Enter the name of your business';
    if (!input.mobileNumber?.trim())
      missing.mobileNumber = 'Enter a Nigerian mobile number, like 08031234567';
    if (!input.stateId) missing.stateId = 'Choose your state';
    if (!input.cityId) missing.cityId = 'Choose a city of your state';
    if (Object.keys(missing).length) throw invalid(Object.values(missing)[0], missing);
    const { set, tags } = await check(kind, input, { state_id: input.stateId! });
    const made = await transaction(db, async (tx) => {
      const got = await listingRepository(tx).create(user.id, kind, {
        companyName: set.companyName!,
        mobileNumber: set.mobileNumber!,
        phoneNumber: set.phoneNumber ?? null,
        stateId: set.stateId!,
        cityId: set.cityId!,
        address: set.address ?? '',
        description: set.description ?? '',
        availableDays: set.availableDays ?? 0,
      });
      if (got.created !== undefined)
        for (const [tag, ids] of tags)
          await listingRepository(tx).replaceTags(got.created, tag, ids);
      return got;
    });
    if (made.created === undefined) {
      // Another save made it meanwhile: this one edits it. A listing that is not there (or not
      // active) for its owner is a suspended one, which only staff can lift.
      const { listing } = await ownListing(user);
      if (!listing) throw suspendedRefusal(kind);
      if (!listing.active) throw suspendedRefusal(kind);
      return update(user, kind, listing, input);
    }
    const spId = made.created;
    await bus.publish(PROVIDER_LISTS_CLEAR, { type: 'cache.clear' });
    return {
      status: true as const,
      message: `Your ${NOUN[kind]} is listed: customers can find it now`,
      item: await view(spId, null),
    };
  }

  return {
    async get(user: ListingUser, spId?: number): Promise<ListingAnswer> {
      const { listing } = await ownListing(user, spId);
      return {
        status: true as const,
        item: listing ? await view(listing.sp_id, listing.company_logo, listing.active) : null,
      };
    },

    async save(user: ListingUser, input: ListingInput): Promise<ListingSavedAnswer> {
      const { kind, listing } = await ownListing(user, input.spId);
      if (listing && !listing.active) throw suspendedRefusal(kind);
      return listing ? update(user, kind, listing, input) : create(user, kind, input);
    },

    /**
     * Sets the listing's logo from an upload (lib/uploads.ts), or with null goes back to the
     * drawn badge; the old logo's files are removed once the new one is in the row.
     */
    async setLogo(
      user: ListingUser,
      spId: number | undefined,
      logo: Awaited<ReturnType<typeof logoPicture>> | null,
    ): Promise<ListingSavedAnswer> {
      const { kind, listing } = await ownListing(user, spId);
      if (!listing) throw notFound(`You have no ${NOUN[kind]} yet: ask support to set it up`);
      if (!listing.active) throw suspendedRefusal(kind);
      if (!storage) throw new Error('listingService needs the app storage for logos');
      await replaceLogo(storage, logo, (url) =>
        transaction(db, async (tx) => {
          if (!(await listingRepository(tx).lockOwned(listing.sp_id, user.id)))
            throw notFound(`You have no ${NOUN[kind]} with id ${listing.sp_id}`);
          return listingRepository(tx).swapLogo(listing.sp_id, url);
        }),
      );
      await bus.publish(PROVIDER_LISTS_CLEAR, { type: 'cache.clear' });
      return {
        status: true as const,
        message: logo ? 'Your logo is saved' : 'Your logo is removed',
        item: await view(listing.sp_id, logo?.url ?? null),
      };
    },
  };
}
