import type { FastifyInstance } from 'fastify';
import { formatKoboShort, maxModelYear, normaliseVin, validateVin } from '@sf/shared';
import type { SessionUser } from '../../lib/session.ts';
import { badRequest, conflict, HttpError, notFound, tooMany } from '../../lib/errors.ts';
import { enqueue } from '../../lib/jobs.ts';
import { userChannel } from '../../lib/bus.ts';
import { take } from '../../lib/limits.ts';
import { transaction } from '../../lib/tx.ts';
import { removeFiles, storeThenCommit } from '../../lib/uploads.ts';
import { cartService } from '../cart/service.ts';
import { productPictureFiles, type ProductPicture } from '../images/uploaded.ts';
import { imageUrl, srcset } from '../images/urls.ts';
import { notificationsService, type Notice } from '../notifications/service.ts';
import { neighboursOf } from '../lookups/neighbours.ts';
import {
  requestsRepository,
  type OfferRow,
  type Place,
  type Recipient,
  type RequestRow,
} from './repository.ts';
import type {
  IncomingItem,
  OfferInput,
  OfferItem,
  RequestDetail,
  RequestInput,
  RequestItem,
} from './types.ts';
import { iso } from '../../lib/time.ts';

/** A job marked done opens its review this long later when the requester neither confirms nor objects. */
export const CONFIRM_HOURS = 72;
/** A request is open this long unless closed or taken. */
export const HOURS_OPEN = 72;
/** A part request reaches one ring farther this long after it was sent, unless offers came. */
export const WIDEN_AFTER_MS = 30 * 60_000;
/** Enough offers already: the timed widening asks no one else. */
const ENOUGH_OFFERS = 3;

/**
 * Who a request reaches (decision 0026): rings around the requester, nearest first: 1 the area
 * of the city (its local government area), 2 the state, 3 the bordering states, 4 all Nigeria.
 * Sending adds rings until at least MIN_REACH providers have it or the kind's farthest ring is
 * reached: parts travel by delivery, so a part request may go to all Nigeria; a workshop or a
 * tow van has to come, so those stop at the bordering states unless the requester widens.
 */
export const MIN_REACH = 5;
export const LAST_RING = 4;
const AUTO_RING: Record<RequestRow['kind'], number> = { part: 4, mechanic: 3, tow: 3 };
/** No offer this long after sending: the requester is told so and offered a wider ring. */
export const QUIET_AFTER_MS: Record<RequestRow['kind'], number> = {
  tow: 15 * 60_000,
  mechanic: 2 * 3_600_000,
  part: 3 * 3_600_000,
};
/** What the providers of a kind are called to the requester. */
export const PROVIDERS: Record<RequestRow['kind'], [one: string, many: string]> = {
  part: ['store', 'stores'],
  mechanic: ['workshop', 'workshops'],
  tow: ['tow van', 'tow vans'],
};
export const providersWord = (kind: RequestRow['kind'], n: number) =>
  `${n} ${PROVIDERS[kind][n === 1 ? 0 : 1]}`;

/** What the requester is told at once: how many providers have the request, and where. */
export const sentMessage = (item: RequestItem) =>
  item.reach.reached
    ? `Sent to ${item.reach.reached} ${item.reach.providers} in ${item.reach.where}: offers will appear here as they arrive`
    : `No ${PROVIDERS[item.kind][1]} match this request in ${item.reach.where} yet: send it farther, or wait for new ones`;

/** Where ring `ring` ends, as the requester reads it. */
export function ringLabel(r: Pick<RequestRow, 'city' | 'state'>, ring: number) {
  if (ring <= 1) return `the ${r.city} area`;
  if (ring === 2) return r.state;
  if (ring === 3) return `${r.state} and the states around it`;
  return 'all Nigeria';
}
export const WIDEN_JOB = 'requests.widen';
// Abuse limits (decision 0010's approach: one atomic statement per attempt).
export const REQUEST_RATE = { max: 10, windowMs: 86_400_000 };
export const OFFER_RATE = { max: 60, windowMs: 3_600_000 };

const clean = (s: string | undefined | null) =>
  s
    ?.replace(/[^\S\n]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim() || null;
/** The day of the week in Nigeria (UTC+1, no summer time): 0 Sunday … 6 Saturday. */
export const lagosDay = (now = new Date()) => new Date(now.getTime() + 3_600_000).getUTCDay();

export const requestPath = (id: number) => `/broadcast/${id}`;
export const INCOMING_PATH = '/broadcast/incoming';

function toItem(r: RequestRow): RequestItem {
  const car = [r.make, r.model, r.year].filter(Boolean).join(' ');
  return {
    id: r.id,
    kind: r.kind,
    what: r.what,
    catId: r.cat_id,
    specialityId: r.speciality_id,
    vehicleTypeId: r.vehicle_type_id,
    towCapacityId: r.tow_capacity_id,
    vehicle: car || r.vehicle_type || '',
    makeId: r.make_id,
    modelId: r.model_id,
    year: r.year,
    vin: r.vin,
    stateId: r.state_id,
    state: r.state,
    cityId: r.city_id,
    city: r.city,
    street: r.street,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    description: r.description,
    photo: r.photo_key
      ? { src: imageUrl(r.photo_key, 320), srcset: srcset(r.photo_key), width: 320, height: 240 }
      : null,
    urgency: r.urgency,
    status: r.expired ? 'expired' : r.status,
    offerCount: Number(r.offer_count),
    expiresAt: iso(r.expires_at),
    createdAt: iso(r.created_at),
    doneAt: r.done_at ? iso(r.done_at) : null,
    confirmedAt: r.confirmed_at ? iso(r.confirmed_at) : null,
    reach: reachOf(r),
  };
}

/** How far the request went and whether the requester may send it farther. */
function reachOf(r: RequestRow, now = Date.now()): RequestItem['reach'] {
  const reached = Number(r.reached);
  const open = r.status === 'open' && !r.expired;
  const age = now - new Date(r.created_at).getTime();
  return {
    reached,
    ring: r.reach,
    where: ringLabel(r, r.reach),
    providers: PROVIDERS[r.kind][reached === 1 ? 0 : 1],
    // Nobody reached, or nobody answered in the kind's time.
    quiet: open && Number(r.offer_count) === 0 && (reached === 0 || age >= QUIET_AFTER_MS[r.kind]),
    canWiden: open && r.reach < LAST_RING,
    nextWhere: r.reach < LAST_RING ? ringLabel(r, r.reach + 1) : '',
  };
}

/** An offer as shown; the phone only once it is accepted. */
function toOffer(o: OfferRow): OfferItem {
  return {
    id: o.id,
    requestId: o.request_id,
    providerName: o.provider_name,
    priceKobo: Number(o.price_kobo),
    note: o.note,
    productId: o.product_id,
    productName: o.product_name,
    partDescription: o.part_description,
    arrivalMinutes: o.arrival_minutes,
    status: o.status,
    phone: o.status === 'accepted' ? o.phone : null,
    createdAt: iso(o.created_at),
  };
}

export function requestsService(app: FastifyInstance) {
  const db = app.db;
  const repo = requestsRepository(db);
  const bell = notificationsService(app);

  /** The place of ring `ring` around the request. */
  const placeOfRing = (r: RequestRow, ring: number): Place =>
    ring <= 1
      ? { area: r.city_id }
      : ring === 2
        ? { state: r.state_id }
        : ring === 3
          ? { states: [r.state, ...neighboursOf(r.state)] }
          : { anywhere: true };

  /** The providers of the kind within ring `ring` (the nearer rings included). */
  function matching(r: RequestRow, ring: number): Promise<Recipient[]> {
    const place = placeOfRing(r, ring);
    if (r.kind === 'part')
      return repo.partStores({
        catId: r.cat_id!,
        makeId: r.make_id!,
        place,
        exceptUser: r.user_id,
      });
    if (r.kind === 'mechanic')
      return repo.mechanics({
        place,
        specialityId: r.speciality_id!,
        vehicleTypeId: r.vehicle_type_id!,
        exceptUser: r.user_id,
      });
    return repo.towvans({
      place,
      towCapacityId: r.tow_capacity_id!,
      day: lagosDay(),
      exceptUser: r.user_id,
    });
  }

  /**
   * Sends the request ring by ring beyond `r.reach`, up to `last`, until `enough` more providers
   * have it. Each ring is claimed with one conditional update, so two widenings at once never
   * send the same ring twice; a ring the request already passed (claimed elsewhere) stops it.
   * Returns how many providers were added; null when another widening moved the request first.
   */
  async function sendOut(r: RequestRow, first: number, last: number, enough: number) {
    let added = 0;
    let at = r.reach;
    let moved = false;
    for (let ring = first; ring <= last && added < enough; ring++) {
      const found = await matching(r, ring);
      const notices = await transaction(db, async (tx) => {
        if (ring !== at && !(await repo.claimRing(r.id, at, ring, tx))) return null;
        const fresh = await repo.addRecipients(r.id, found, ring, tx);
        const n = newRequestNotices(
          r,
          fresh.map((a) => a.user_id),
        );
        await bell.record(tx, n);
        added += fresh.length;
        return n;
      });
      if (!notices) return moved ? added : null;
      moved = true;
      at = ring;
      await bell.announce(notices);
    }
    return added;
  }

  const newRequestNotices = (r: RequestRow, userIds: string[]): Notice[] =>
    userIds.map((userId) => ({
      userId,
      type: 'request.new',
      title: `New request near you: ${r.what}${r.kind === 'part' ? ` for ${toItem(r).vehicle}` : ''} in ${r.city}`,
      link: requestPath(r.id),
      event: { type: 'request.new', requestId: r.id },
    }));

  /** Checks the input against the reference data; answers the row to insert. */
  async function checkInput(user: SessionUser, input: RequestInput) {
    let { makeId = null, modelId = null, year = null } = input;
    let vin: string | null = null;
    if (input.vin !== undefined && normaliseVin(input.vin) !== '') {
      const v = validateVin(input.vin);
      if (!v.ok) throw badRequest(v.reason);
      vin = v.vin;
    }
    if (input.garageCarId) {
      const car = await repo.garageCar(input.garageCarId, user.id);
      if (!car) throw badRequest('There is no such car in your garage');
      makeId ??= car.make_id;
      modelId ??= car.model_id;
      year ??= car.year;
      vin ??= car.vin;
    }
    const need = (v: number | null | undefined, what: string): number => {
      if (v === null || v === undefined) throw badRequest(`Choose ${what}`);
      return v;
    };
    const kind = input.kind;
    const catId = kind === 'part' ? need(input.catId, 'the part category') : null;
    const specialityId = kind === 'mechanic' ? need(input.specialityId, 'the kind of job') : null;
    const vehicleTypeId =
      kind === 'part'
        ? (input.vehicleTypeId ?? null)
        : need(input.vehicleTypeId, 'the vehicle type');
    const towCapacityId = kind === 'tow' ? need(input.towCapacityId, 'the tow capacity') : null;
    if (kind === 'part') need(makeId, 'the car make (or a saved car)');
    const checks: [Parameters<typeof repo.exists>[0], number | null, string][] = [
      ['categories', catId, 'part category'],
      ['mechanic_specialities', specialityId, 'speciality'],
      ['vehicle_types', vehicleTypeId, 'vehicle type'],
      ['tow_capacities', towCapacityId, 'tow capacity'],
      ['car_makes', makeId, 'car make'],
    ];
    for (const [table, id, what] of checks)
      if (id !== null && !(await repo.exists(table, id)))
        throw badRequest(`No ${what} with id ${id}`);
    if (modelId !== null) {
      const m = await repo.model(modelId);
      if (!m || m.make_id !== makeId)
        throw badRequest(`The car make has no model with id ${modelId}`);
    }
    if (year !== null && year > maxModelYear())
      throw badRequest(`The year must be ${maxModelYear()} or earlier`);
    const city = await repo.city(input.cityId);
    if (!city || city.state_id !== input.stateId)
      throw badRequest(`No city with id ${input.cityId} in the state with id ${input.stateId}`);
    const description = clean(input.description);
    if (!description || description.length < 5)
      throw badRequest('Describe what you need in a few words');
    const hasLat = input.lat !== undefined && input.lat !== null;
    const hasLng = input.lng !== undefined && input.lng !== null;
    if (hasLat !== hasLng) throw badRequest('Send both lat and lng, or neither');
    return {
      userId: user.id,
      kind,
      catId,
      specialityId,
      vehicleTypeId,
      towCapacityId,
      makeId,
      modelId,
      year,
      vin,
      stateId: input.stateId,
      cityId: input.cityId,
      street: clean(input.street),
      lat: hasLat ? input.lat! : null,
      lng: hasLng ? input.lng! : null,
      description,
      urgency: input.urgency,
      hoursOpen: HOURS_OPEN,
      clientKey: input.clientKey ?? null,
    };
  }

  async function mustSee(user: SessionUser, id: number) {
    const r = await repo.get(id);
    if (!r) throw notFound('There is no such request');
    if (r.user_id === user.id) return { r, mine: true as const };
    const rec = await repo.recipient(id, user.id);
    if (!rec) throw notFound('There is no such request');
    return { r, mine: false as const, rec };
  }

  const svc = {
    /**
     * A new request, sent out. With a client key (a request written offline and sent from the
     * phone's outbox, perhaps twice: decision 0028) the same key again gives the request it
     * made, `replayed`, and sends nothing more.
     */
    async create(
      user: SessionUser,
      input: RequestInput,
    ): Promise<{ item: RequestItem; replayed: boolean }> {
      const row = await checkInput(user, input);
      const again = async (key: string | null) => {
        const id = key && (await repo.byClientKey(user.id, key));
        return id ? { item: toItem((await repo.get(id))!), replayed: true } : null;
      };
      const before = await again(row.clientKey);
      if (before) return before;
      const slot = await take(db, `requests:${user.id}`, REQUEST_RATE);
      if (!slot.ok)
        throw tooMany(
          `You can post up to ${REQUEST_RATE.max} requests a day. Close one you no longer need or try again later.`,
          slot.retryAfterS,
        );
      const id = await repo.insert(row);
      // The same key sent at the same moment: the other send made it.
      if (id === null) return (await again(row.clientKey))!;
      const r = (await repo.get(id))!;
      await sendOut(r, 1, AUTO_RING[r.kind], MIN_REACH);
      if (r.kind === 'part')
        await enqueue(
          db,
          WIDEN_JOB,
          { requestId: id },
          { key: `${WIDEN_JOB}:${id}`, runAt: new Date(Date.now() + WIDEN_AFTER_MS) },
        );
      return { item: toItem((await repo.get(id))!), replayed: false };
    },

    /** The timed widening of a part request: one ring farther when offers are few. */
    async widen(requestId: number) {
      const r = await repo.get(requestId);
      if (!r || r.kind !== 'part' || Number(r.offer_count) >= ENOUGH_OFFERS) return;
      if (r.reach >= LAST_RING || !(await repo.markWidened(requestId))) return;
      await sendOut(r, r.reach + 1, LAST_RING, 1);
    },

    /**
     * The requester sends an open request farther: ring by ring until it reaches someone new or
     * all Nigeria.
     */
    async widenNow(user: SessionUser, id: number) {
      const { r, mine } = await mustSee(user, id);
      if (!mine) throw notFound('There is no such request');
      const before = toItem(r);
      if (before.status !== 'open')
        throw conflict(`This request is ${before.status}: it cannot be sent farther`);
      if (r.reach >= LAST_RING) throw conflict('This request already goes to all Nigeria');
      const added = await sendOut(r, r.reach + 1, LAST_RING, 1);
      if (added === null)
        throw conflict('This request was just sent farther: reload the page to see where');
      const item = toItem((await repo.get(id))!);
      const message = added
        ? `Sent to ${providersWord(r.kind, added)} more, in ${item.reach.where}`
        : `No more ${PROVIDERS[r.kind][1]} in ${item.reach.where}: we will keep it open for them`;
      return { item, message };
    },

    options: () => repo.options(),

    mine: async (user: SessionUser, lastId?: number) =>
      (await repo.mine(user.id, lastId)).map(toItem),

    async incoming(user: SessionUser, lastId?: number): Promise<IncomingItem[]> {
      const list = await repo.incoming(user.id, lastId);
      const offers = new Map(
        (
          await repo.myOffers(
            user.id,
            list.map((r) => r.id),
          )
        ).map((o) => [o.request_id, toOffer(o)]),
      );
      return list.map((r) => ({ ...toItem(r), myOffer: offers.get(r.id) ?? null }));
    },

    async detail(user: SessionUser, id: number): Promise<RequestDetail> {
      const seen = await mustSee(user, id);
      const offers = await repo.offers(id);
      const accepted = offers.find((o) => o.status === 'accepted');
      if (seen.mine)
        return {
          status: true,
          item: toItem(seen.r),
          mine: true,
          offers: offers.map(toOffer),
          myOffer: null,
          contact: accepted ? { name: accepted.provider_name, phone: accepted.phone ?? '' } : null,
        };
      const mineOffer = offers.find((o) => o.user_id === user.id);
      const contact =
        mineOffer && mineOffer.status === 'accepted'
          ? ((await repo.requesterContact(id)) ?? null)
          : null;
      return {
        status: true,
        item: toItem(seen.r),
        mine: false,
        offers: [],
        myOffer: mineOffer ? toOffer(mineOffer) : null,
        contact,
      };
    },

    async close(user: SessionUser, id: number) {
      const { r, mine } = await mustSee(user, id);
      if (!mine) throw notFound('There is no such request');
      if (!(await repo.close(id, user.id)))
        throw conflict(`This request is already ${toItem(r).status}`);
    },

    /**
     * Puts a photo on the requester's open request (replacing one there), or removes it with
     * `receive` null. The new files are stored before the row points at them and the old ones
     * removed after, so a failure on either side leaves a whole photo.
     */
    async setPhoto(
      user: SessionUser,
      id: number,
      receive: (() => Promise<ProductPicture>) | null,
    ): Promise<RequestItem> {
      const { mine } = await mustSee(user, id);
      if (!mine) throw notFound('There is no such request');
      const picture = receive ? await receive() : null;
      const old = await storeThenCommit(app.storage, picture?.files ?? [], () =>
        transaction(db, async (tx) => {
          const row = await repo.lockOpenForPhoto(id, user.id, tx);
          if (!row) throw conflict('This request is no longer open: its photo cannot change');
          await repo.setPhoto(id, picture?.key ?? null, picture?.placeholder ?? null, tx);
          return row.photo_key;
        }),
      );
      if (old) await removeFiles(app.storage, productPictureFiles(old));
      return toItem((await repo.get(id))!);
    },

    async offer(user: SessionUser, id: number, input: OfferInput): Promise<OfferItem> {
      const seen = await mustSee(user, id);
      if (seen.mine) throw badRequest('You cannot make an offer on your own request');
      const { r, rec } = seen;
      const status = toItem(r).status;
      if (status !== 'open') throw conflict(`This request is ${status}: it takes no more offers`);
      let productId: number | null = null;
      let partDescription: string | null = null;
      let arrivalMinutes: number | null = null;
      if (r.kind === 'part') {
        if (input.productId) {
          const p = rec.store_id ? await repo.ownProduct(input.productId, rec.store_id) : undefined;
          if (!p) throw badRequest(`Your store sells no part with id ${input.productId}`);
          productId = p.prod_id;
        } else {
          partDescription = clean(input.partDescription);
          if (!partDescription)
            throw badRequest('Choose one of your parts, or describe the part you offer');
        }
      }
      if (r.kind === 'tow') {
        arrivalMinutes = input.arrivalMinutes ?? null;
        if (arrivalMinutes === null)
          throw badRequest('Say in how many minutes your van can arrive');
      }
      const slot = await take(db, `offers:${user.id}`, OFFER_RATE);
      if (!slot.ok)
        throw tooMany(
          `You can make up to ${OFFER_RATE.max} offers an hour. Please try again later.`,
          slot.retryAfterS,
        );
      const made = await repo.insertOffer({
        requestId: id,
        userId: user.id,
        storeId: rec.store_id,
        spId: rec.sp_id,
        providerName: rec.name,
        priceKobo: input.priceKobo,
        note: clean(input.note) ?? '',
        productId,
        partDescription,
        arrivalMinutes,
      });
      if (made === 'duplicate') throw conflict('You have already made an offer on this request');
      if (made === 'closed')
        throw conflict('This request is no longer open: it takes no more offers');
      const o = (await repo.offer(made.id))!;
      const notice: Notice = {
        userId: r.user_id,
        type: 'offer.new',
        title: `New offer for your request (${r.what}): ${formatKoboShort(Number(o.price_kobo))} from ${o.provider_name}`,
        link: requestPath(id),
        event: { type: 'offer.new', requestId: id, offer: toOffer(o) },
      };
      await transaction(db, (tx) => bell.record(tx, [notice]));
      await bell.announce([notice]);
      return toOffer(o);
    },

    /** The mechanic or tow van of the accepted offer says the job is done; the requester is asked to confirm. */
    async markDone(user: SessionUser, id: number) {
      const { r, mine } = await mustSee(user, id);
      if (mine) throw badRequest('The provider marks the job done: you confirm it');
      if (!(await repo.markDone(id, user.id)))
        throw conflict(
          r.done_at
            ? 'This job is marked done already: the customer is asked to confirm it'
            : 'Only the mechanic or tow van whose offer was accepted marks this job done',
        );
      const notice: Notice = {
        userId: r.user_id,
        type: 'job.done',
        title: `The provider marked your job done (${r.what}): confirm it, or say it is not done`,
        link: requestPath(id),
        event: { type: 'request.updated', requestId: id },
      };
      await transaction(db, (tx) => bell.record(tx, [notice]));
      await bell.announce([notice]);
      return toItem((await repo.get(id))!);
    },

    /**
     * The requester confirms the job done (the review opens) or says it is not (the provider
     * marks it again when it is).
     */
    async answerDone(user: SessionUser, id: number, confirm: boolean) {
      const { mine } = await mustSee(user, id);
      if (!mine) throw notFound('There is no such request');
      if (!(await repo.answerDone(id, user.id, confirm)))
        throw conflict('There is no job marked done to answer on this request');
      return toItem((await repo.get(id))!);
    },

    async accept(user: SessionUser, id: number, offerId: number) {
      const { r, mine } = await mustSee(user, id);
      if (!mine) throw notFound('There is no such request');
      const target = await repo.offer(offerId);
      if (!target || target.request_id !== id)
        throw notFound('There is no such offer on this request');
      const result = await transaction(db, async (tx) => {
        if (!(await repo.take(tx, id, user.id, offerId))) return null;
        const settled = await repo.settleOffers(tx, id, offerId);
        let inCart = false;
        if (r.kind === 'part' && target.product_id !== null) {
          inCart = await cartService(tx).addOfferLine(
            user.id,
            target.product_id,
            Number(target.price_kobo),
          );
          if (!inCart)
            throw new HttpError(
              409,
              `${target.provider_name} no longer has this part in stock: choose another offer`,
              'CONFLICT',
            );
        }
        const notices: Notice[] = settled.map((o) =>
          o.status === 'accepted'
            ? {
                userId: o.user_id,
                type: 'offer.accepted',
                title: `Your offer was accepted: ${r.what} in ${r.city}. Call the customer to arrange it.`,
                link: requestPath(id),
                event: { type: 'offer.accepted', requestId: id, offerId: o.id },
              }
            : {
                userId: o.user_id,
                type: 'request.taken',
                title: `Thank you for your offer on "${r.what}" in ${r.city}: the customer chose another one this time.`,
                link: INCOMING_PATH,
                event: { type: 'request.taken', requestId: id },
              },
        );
        await bell.record(tx, notices);
        return { inCart, notices };
      });
      if (!result) {
        const now = toItem((await repo.get(id))!);
        throw conflict(
          now.status === 'taken'
            ? 'You have already accepted an offer on this request'
            : `This request is ${now.status}: reopen it by posting a new one`,
        );
      }
      await bell.announce(result.notices);
      // The requester's other open pages (another tab, the phone) show the change too.
      await app.bus.publish(userChannel(user.id), { type: 'request.updated', requestId: id });
      const o = (await repo.offer(offerId))!;
      return { item: toOffer(o), inCart: result.inCart };
    },
  };
  return svc;
}
