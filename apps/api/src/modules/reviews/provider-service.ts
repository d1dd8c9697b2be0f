import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../lib/session.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import {
  providerReviewsRepository,
  type ProviderReviewFilter,
  type ProviderReviewRow,
} from './provider-repository.ts';
import { clean, hideAudited, rating } from './service.ts';
import { iso } from '../../lib/time.ts';
import type {
  JobReview,
  ProviderRatingSummary,
  ProviderReviewItem,
  ProviderReviewList,
} from './types.ts';

const kindOf = (k: string | null) => (k === 'towvan' ? 'towvan' : 'mechanic');

const toItem = (r: ProviderReviewRow): ProviderReviewItem => ({
  id: r.id,
  request_id: r.request_id,
  sp_id: r.sp_id,
  provider_name: r.provider_name,
  kind: kindOf(r.kind),
  user_name: r.user_name,
  rating: r.rating,
  body: r.body,
  verified: true,
  created_at: iso(r.created_at)!,
  answer: r.answer,
  answered_at: iso(r.answered_at),
  hidden: r.hidden_at !== null,
});

/**
 * Reviews of mechanics and tow vans (decision 0022): the requester of a broadcast job whose offer
 * from a mechanic or tow van they accepted rates that provider once per job, once the job is done.
 */
export function providerReviewsService(app: FastifyInstance) {
  const db = app.db;
  const repo = providerReviewsRepository(db);

  /** The job as its requester sees it; anyone else's request is answered like a missing one. */
  async function jobOf(user: SessionUser, requestId: number) {
    const job = await repo.job(requestId);
    if (!job || job.user_id !== user.id) throw notFound('You have no such request');
    return job;
  }

  const page = async (
    filter: ProviderReviewFilter,
    lastId: number | undefined,
    r: { id: number; count: number; average: number | null } | undefined,
  ): Promise<ProviderReviewList> => {
    const list = await repo.list(filter, 50, lastId);
    return {
      status: true,
      rating: rating(r),
      items: list.map(toItem),
      lastId: list.length === 50 ? list[49].id : null,
    };
  };

  return {
    async ofJob(user: SessionUser, requestId: number): Promise<JobReview> {
      const job = await jobOf(user, requestId);
      const review = await repo.ofRequest(requestId);
      return {
        status: true,
        provider:
          job.status === 'taken' && job.sp_id !== null
            ? { sp_id: job.sp_id, name: job.provider_name ?? '', kind: kindOf(job.kind) }
            : null,
        reviewOpen: job.status === 'taken' && job.sp_id !== null && job.review_open,
        item: review ? toItem(review) : null,
      };
    },

    async create(user: SessionUser, requestId: number, input: { rating: number; body?: string }) {
      const job = await jobOf(user, requestId);
      if (job.status !== 'taken')
        throw conflict('You can review a provider once you have accepted their offer');
      if (job.sp_id === null)
        throw conflict(
          'Only mechanics and tow vans are reviewed here: review a part from your order',
        );
      // A review speaks of service given: after the provider marked the job done and the
      // requester confirmed it, or CONFIRM_HOURS after "done" without an objection.
      if (!job.review_open)
        throw conflict(
          `You can review ${job.provider_name ?? 'the provider'} once they mark the job done and you confirm it`,
        );
      const row = await repo.insert({
        requestId,
        spId: job.sp_id,
        userId: user.id,
        rating: input.rating,
        body: clean(input.body),
      });
      if (!row) throw conflict('You already reviewed the provider of this job');
      return toItem((await repo.one(row.id))!);
    },

    /** The provider's one public answer. */
    async answer(user: SessionUser, id: number, text: string) {
      const own = await repo.owner(id);
      if (!own) throw notFound('There is no such review');
      if (own.owner_user_id !== user.id)
        throw forbidden('Only the mechanic or tow van reviewed answers the review');
      const body = clean(text);
      if (!body) throw conflict('Write your answer first');
      if (!(await repo.answer(id, body)))
        throw conflict('This review has its answer already: you answer once');
      return toItem((await repo.one(id))!);
    },

    async hide(admin: SessionUser, id: number, note: string) {
      await hideAudited(db, admin, id, note, 'provider_review', (tx) => ({
        hide: () => providerReviewsRepository(tx).hide(id),
        exists: () => providerReviewsRepository(tx).exists(id),
      }));
      return toItem((await repo.one(id))!);
    },

    async forProvider(spId: number, lastId?: number) {
      if (!(await repo.providerExists(spId))) throw notFound(`No provider with id ${spId}`);
      const [r] = await repo.ratings([spId]);
      return page({ provider: spId }, lastId, r);
    },
    /** The reviews of the listings this user runs, to answer them. */
    async ofMine(user: SessionUser, lastId?: number) {
      const mine = await repo.ownedBy(user.id);
      if (!mine.length) throw forbidden('Only a mechanic or tow van has these reviews');
      return page({ providers: mine }, lastId, undefined);
    },
    all: (lastId?: number) => page({ all: true }, lastId, undefined),

    async summary(spIds: number[]): Promise<ProviderRatingSummary> {
      const got = new Map((await repo.ratings(spIds)).map((r) => [r.id, r]));
      return {
        status: true,
        items: spIds.map((id) => ({ sp_id: id, rating: rating(got.get(id)) })),
      };
    },
  };
}
