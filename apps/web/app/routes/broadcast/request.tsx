import { Form, data, useNavigation, useRevalidator } from 'react-router';
import { ChatWith } from '../../components/chat/chat-with.tsx';
import { formatKobo } from '@sf/shared';
import { formStatus, serverApi, throwUnlessOk, notFound } from '../../lib/api.server.ts';
import { redirect } from '../../lib/redirect.ts';
import { loginUnless } from '../../lib/requests.server.ts';
import { useLive } from '../../lib/live.ts';
import { UploadForm } from '../../components/upload-form.tsx';
import { RatingSelect } from '../../components/reviews/rating-select.tsx';
import { ProviderReviewList } from '../../components/reviews/provider-reviews.tsx';
import {
  STATUS_LABEL,
  URGENCY_LABEL,
  INCOMING_PATH,
  koboFromNaira,
  requestPath,
  requestTitle,
  type OfferItem,
  type RequestDetail,
} from '../../lib/requests.ts';
import type { Route } from './+types/request';
import { Field, SelectBoxField, TextAreaField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Request | SpareFinder NG' }];

/**
 * One request. Its owner sees the offers arrive live and accepts one; a provider it reached
 * sees it and makes (or sees) their offer. Anyone else gets a 404.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const id = params.id ?? '';
  if (!/^\d{1,9}$/.test(id)) throw notFound(`No request with id ${id.slice(0, 20)}`);
  const api = serverApi(context);
  const ans = await api.get(`/api/requests/${id}`);
  loginUnless(ans, requestPath(Number(id)));
  throwUnlessOk(ans, {
    what: 'request',
    missing: `No request with id ${id}`,
    invalidIsMissing: true,
  });
  const d = ans;
  // A seller answering a part request may pick one of their parts (the first 50 of the category).
  let products: { id: number; name: string; priceKobo: number }[] = [];
  if (!d.mine && d.item.kind === 'part' && d.item.catId && !d.myOffer) {
    const p = await api.get<{ id: number; name: string; priceKobo: number; active: boolean }>(
      `/api/store/products?catId=${d.item.catId}&status=active`,
    );
    products = p.status
      ? (p.items ?? []).map(({ id, name, priceKobo }) => ({ id, name, priceKobo }))
      : [];
  }
  // The requester of a job a mechanic or tow van took rates them once (their review, once written).
  const job =
    d.mine && d.item.status === 'taken' && d.item.kind !== 'part'
      ? await api.get(`/api/requests/${id}/review`)
      : null;
  return { ...d, products, job: job?.status ? job : null };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const id = Number(params.id);
  const f = await request.formData();
  const intent = String(f.get('intent') ?? '');
  const api = serverApi(context);
  let ans;
  if (intent === 'accept') {
    ans = await api.post<never>(`/api/requests/${id}/offers/${Number(f.get('offerId'))}/accept`);
    loginUnless(ans, requestPath(id));
    if (ans.status && (ans as { inCart?: boolean }).inCart) throw redirect('/shopping/cart', 303);
  } else if (intent === 'review') {
    ans = await api.post<never>(`/api/requests/${id}/review`, {
      rating: Number(f.get('rating') ?? '') || 0,
      body: String(f.get('body') ?? '').trim(),
    });
    if (!ans.status && ans.httpStatus === 400)
      return data({ ok: false, message: 'Give a rating from 1 to 5.' }, { status: 400 });
  } else if (intent === 'close') {
    ans = await api.post<never>(`/api/requests/${id}/close`);
  } else if (intent === 'widen') {
    ans = await api.post<never>(`/api/requests/${id}/widen`);
  } else if (intent === 'done' || intent === 'confirm' || intent === 'not-done') {
    ans = await api.post<never>(`/api/requests/${id}/${intent}`);
  } else {
    const priceKobo = koboFromNaira(f.get('price'));
    if (priceKobo === null)
      return data({ ok: false, message: 'Write the price in naira, e.g. 18500' }, { status: 400 });
    const productId = Number(f.get('productId') ?? '') || null;
    const minutes = Number(f.get('arrivalMinutes') ?? '') || null;
    const text = (k: string) => String(f.get(k) ?? '').trim();
    ans = await api.post<never>(`/api/requests/${id}/offers`, {
      priceKobo,
      ...(text('note') ? { note: text('note') } : {}),
      ...(productId ? { productId } : {}),
      ...(text('partDescription') ? { partDescription: text('partDescription') } : {}),
      ...(minutes ? { arrivalMinutes: minutes } : {}),
    });
  }
  loginUnless(ans, requestPath(id));
  if (!ans.status)
    return data(
      { ok: false, message: ans.message ?? 'Please try again.' },
      { status: formStatus(ans) },
    );
  return { ok: true, message: (ans as { message?: string }).message ?? 'Done' };
}

function Offer({ o, canAccept, chat }: { o: OfferItem; canAccept: boolean; chat?: boolean }) {
  const nav = useNavigation();
  return (
    <li className="rounded-lg border border-gray-200 p-3" data-testid="offer">
      <div className="flex items-baseline justify-between gap-2">
        <p className="font-semibold">{o.providerName}</p>
        <p className="text-lg font-bold text-brand-700">{formatKobo(o.priceKobo)}</p>
      </div>
      {o.productName && <p className="text-sm">Part: {o.productName}</p>}
      {o.partDescription && <p className="text-sm">Part: {o.partDescription}</p>}
      {o.arrivalMinutes !== null && (
        <p className="text-sm">Arrives in about {o.arrivalMinutes} minutes</p>
      )}
      {o.note && <p className="mt-1 whitespace-pre-line text-sm text-gray-700">{o.note}</p>}
      {o.status === 'accepted' && (
        <p className="mt-1 text-sm font-semibold text-brand-700">
          Accepted{o.phone ? ` · call ${o.phone}` : ''}
        </p>
      )}
      {o.status === 'declined' && <p className="mt-1 text-sm text-gray-600">Not chosen</p>}
      {chat && (
        <div className="mt-2 sm:w-60">
          <ChatWith subject="request" subjectId={o.requestId} offerId={o.id} label="Chat" />
        </div>
      )}
      {canAccept && o.status === 'pending' && (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="offerId" value={o.id} />
          <button
            type="submit"
            className="btn-primary"
            disabled={nav.state === 'submitting'}
            aria-label={`Accept the offer of ${o.providerName}, ${formatKobo(o.priceKobo)}`}
          >
            Accept
          </button>
        </Form>
      )}
    </li>
  );
}

/**
 * How far the owner's request went: "Sent to 6 workshops in the Ikeja area"; when nobody matched
 * or nobody answered in time, says so and offers the next ring (decision 0026).
 */
function Reach({ r }: { r: RequestDetail['item'] }) {
  const nav = useNavigation();
  const { reached, providers, where, quiet, canWiden, nextWhere } = r.reach;
  const open = r.status === 'open';
  return (
    <div
      className={`mt-3 rounded-lg p-3 ${quiet ? 'bg-amber-50 text-amber-950' : 'bg-brand-50'}`}
      data-testid="reach"
    >
      <p role="status">
        {reached > 0 ? (
          <>
            Sent to <strong>{`${reached} ${providers}`}</strong> in {where}.
          </>
        ) : (
          <>
            No {providers} match this request in {where} yet.
          </>
        )}
        {quiet && reached > 0 && ' None has answered yet.'}
      </p>
      {open && quiet && canWiden && (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="widen" />
          <button type="submit" className="btn-primary" disabled={nav.state === 'submitting'}>
            Send it farther: {nextWhere}
          </button>
        </Form>
      )}
    </div>
  );
}

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const done = actionData;
  const nav = useNavigation();
  const { revalidate } = useRevalidator();
  const r = d.item;
  // Offers and acceptance arrive on the live socket: reload this page's data when they concern it.
  useLive((e) => {
    if (e.type === 'reconnected' || e.requestId === r.id) void revalidate();
  });
  const open = r.status === 'open';
  return (
    <main id="main" className="container-page max-w-3xl py-6">
      <p className="text-sm">
        <Link to={d.mine ? '/broadcast' : INCOMING_PATH} className="text-brand-700 underline">
          {d.mine ? 'My requests' : 'Requests near you'}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">{requestTitle(r)}</h1>
      <p className="mt-1 text-sm text-gray-700">
        <span data-testid="request-status">{STATUS_LABEL[r.status]}</span> ·{' '}
        {URGENCY_LABEL[r.urgency]}
        {r.street ? ` · ${r.street}` : ''}
        {r.lat !== null && r.lng !== null && (
          <>
            {' · '}
            <a
              className="text-brand-700 underline"
              href={`https://www.google.com/maps?q=${r.lat},${r.lng}`}
              rel="noreferrer"
              target="_blank"
            >
              Map
            </a>
          </>
        )}
      </p>
      {d.mine && <Reach r={r} />}
      <p className="mt-3 whitespace-pre-line">{r.description}</p>
      {r.photo && (
        <img
          src={r.photo.src}
          srcSet={r.photo.srcset}
          sizes="(min-width: 640px) 320px, 100vw"
          width={r.photo.width}
          height={r.photo.height}
          alt={`Photo from the requester: ${r.what}`}
          className="mt-3 w-full max-w-xs rounded-lg border border-gray-200 bg-white"
        />
      )}
      {d.mine && open && (
        <div className="mt-3">
          <UploadForm
            action={`/api/requests/${r.id}/photo`}
            name="photo"
            label={r.photo ? 'Change the photo' : 'Add a photo (optional)'}
            hint="A photo of the part, its number or the car helps sellers offer the right thing."
            button={r.photo ? 'Upload new photo' : 'Upload photo'}
            done="Your photo is on the request."
          />
        </div>
      )}
      {done && nav.state === 'idle' && (
        <p
          role={done.ok ? 'status' : 'alert'}
          className={`mt-3 ${done.ok ? 'text-brand-700' : 'text-red-700'}`}
        >
          {done.message}
        </p>
      )}
      {d.contact && (
        <p className="mt-3 rounded-lg bg-brand-50 p-3" data-testid="contact">
          {d.mine ? 'Your provider' : 'Your customer'}: <strong>{d.contact.name}</strong>, call{' '}
          <a className="font-semibold text-brand-700 underline" href={`tel:${d.contact.phone}`}>
            {d.contact.phone}
          </a>
        </p>
      )}
      {d.job?.provider && r.doneAt && !r.confirmedAt && (
        <div className="card mt-3 space-y-2 p-4" data-testid="job-done">
          <p>
            <strong>{d.job.provider.name}</strong> marked the job done. Is it done?
          </p>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="confirm" />
              <button type="submit" className="btn-primary" disabled={nav.state === 'submitting'}>
                Yes, it is done
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="not-done" />
              <button type="submit" className="btn-ghost" disabled={nav.state === 'submitting'}>
                It is not done
              </button>
            </Form>
          </div>
          <p className="text-sm text-gray-700">
            Without an answer from you within 3 days, the job counts as done.
          </p>
        </div>
      )}
      {d.job?.provider && (
        <section
          aria-labelledby="job-review-heading"
          className="card mt-3 space-y-3 p-4"
          data-testid="job-review"
        >
          <h2 id="job-review-heading" className="text-lg font-bold">
            {d.job.item ? 'Your review' : `How did ${d.job.provider.name} do?`}
          </h2>
          {!d.job.item && !d.job.reviewOpen ? (
            <p className="text-sm text-gray-700">
              You can review {d.job.provider.name} once they mark the job done and you confirm it.
            </p>
          ) : d.job.item ? (
            <>
              <ProviderReviewList items={[d.job.item]} />
              <p className="text-sm">
                <Link
                  to={`/${d.job.provider.kind}/${d.job.provider.sp_id}`}
                  className="text-brand-700 underline"
                >
                  See it on {d.job.provider.name}’s page
                </Link>
              </p>
            </>
          ) : (
            <Form method="post" className="space-y-3" data-testid="provider-review-form">
              <input type="hidden" name="intent" value="review" />
              <RatingSelect name="rating" label={`Your rating of ${d.job.provider.name}`} />
              <TextAreaField
                name="body"
                id="f-review-body"
                label="What should others know? (optional)"
                inputClassName="min-h-20"
                rows={3}
                maxLength={2000}
              />
              <button type="submit" className="btn-primary" disabled={nav.state === 'submitting'}>
                Publish review
              </button>
            </Form>
          )}
        </section>
      )}

      {d.mine ? (
        <>
          <h2 className="mt-6 text-xl font-bold" aria-live="polite">
            {r.offerCount === 0
              ? 'No offers yet: they appear here as they arrive'
              : `${r.offerCount} offer${r.offerCount === 1 ? '' : 's'}, cheapest first`}
          </h2>
          <ul className="mt-2 space-y-2" data-testid="offers">
            {d.offers.map((o) => (
              <Offer key={o.id} o={o} canAccept={open} chat />
            ))}
          </ul>
          {open && (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="close" />
              <button type="submit" className="btn-ghost text-red-700">
                Close this request
              </button>
            </Form>
          )}
        </>
      ) : d.myOffer ? (
        <>
          <h2 className="mt-6 text-xl font-bold">Your offer</h2>
          <ul className="mt-2">
            <Offer o={d.myOffer} canAccept={false} />
          </ul>
          <div className="mt-2 sm:w-60">
            <ChatWith subject="request" subjectId={r.id} label="Chat with the customer" />
          </div>
          {r.kind !== 'part' && d.myOffer.status === 'accepted' && (
            <div className="mt-3" data-testid="job-state">
              {r.confirmedAt ? (
                <p className="text-brand-700">The customer confirmed the job done. Thank you!</p>
              ) : r.doneAt ? (
                <p>You marked the job done: the customer is asked to confirm it.</p>
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="done" />
                  <button
                    type="submit"
                    className="btn-primary"
                    disabled={nav.state === 'submitting'}
                  >
                    Mark the job done
                  </button>
                </Form>
              )}
            </div>
          )}
          {r.status === 'taken' && d.myOffer.status !== 'accepted' && (
            <p className="mt-2 text-gray-700">
              Thank you for your offer: the customer chose another one this time.
            </p>
          )}
        </>
      ) : open ? (
        <Form method="post" className="mt-6 space-y-3" data-testid="offer-form">
          <h2 className="text-xl font-bold">Make an offer</h2>
          <input type="hidden" name="intent" value="offer" />
          <Field name="price" label="Price in naira" inputMode="decimal" required />
          {r.kind === 'part' && (
            <>
              {d.products.length > 0 && (
                <SelectBoxField label="One of your parts" name="productId" defaultValue="">
                  <option value="">None: I describe it below</option>
                  {d.products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({formatKobo(p.priceKobo)})
                    </option>
                  ))}
                </SelectBoxField>
              )}
              <Field name="partDescription" label="Or describe the part" maxLength={300} />
            </>
          )}
          {r.kind === 'tow' && (
            <Field
              name="arrivalMinutes"
              id="f-arrival"
              label="Arrives in (minutes)"
              inputMode="numeric"
              required
            />
          )}
          <TextAreaField name="note" label="Note (optional)" maxLength={500} rows={3} />
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={nav.state === 'submitting'}
          >
            Send my offer
          </button>
        </Form>
      ) : (
        <p className="mt-6 text-gray-700">This request takes no more offers.</p>
      )}
    </main>
  );
}
