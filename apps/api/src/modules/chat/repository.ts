import { sql } from 'drizzle-orm';
import { rows, type Db } from '@sf/db';

/** Who is looking: a signed-in user or a guest (by the hash of their chat cookie). */
export type Party =
  { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };
export type Side = 'a' | 'b';

export interface ThreadRow {
  id: number;
  kind: 'support' | 'direct';
  user_a: string | null;
  guest_id: string | null;
  guest_email: string | null;
  user_b: string | null;
  subject_type: 'product' | 'order' | 'request' | null;
  subject_id: number | null;
  subject_title: string;
  a_read_id: number;
  b_read_id: number;
  last_message_id: number | null;
  last_message_at: Date | string | null;
  awaiting_staff: boolean;
  a_name: string | null;
  b_name: string | null;
}

export interface MessageRow {
  id: number;
  thread_id: number;
  side: Side;
  sender_id: string | null;
  body: string;
  client_key: string | null;
  hidden: boolean;
  created_at: Date | string;
  sender_name: string | null;
  reports: number;
}

/** A thread in a list, seen by one side: the last message that side may see, its unread count. */
export interface ListRow extends ThreadRow {
  unread: number;
  last_body: string | null;
  last_side: Side | null;
}

const threadCols = sql`t.id, t.kind, t.user_a, t.guest_id, t.guest_email, t.user_b, t.subject_type, t.subject_id,
  t.subject_title, t.a_read_id, t.b_read_id, t.last_message_id, t.last_message_at,
  t.awaiting_staff, ua.name as a_name, ub.name as b_name`;
const threadFrom = sql`chat_threads t left join users ua on ua.id = t.user_a
  left join users ub on ub.id = t.user_b`;

/** Messages of `side`'s thread it may see: its own, and the other side's that are not hidden. */
const visibleTo = (side: Side | null) =>
  side === null ? sql`true` : sql`(m.side = ${side} or not m.hidden)`;

/** The read column of a side (a fixed name, never input). */
const readCol = (side: Side) => sql.raw(side === 'a' ? 'a_read_id' : 'b_read_id');

export const chatRepository = (db: Db) => ({
  thread: async (id: number, tx: Db = db) =>
    (await rows<ThreadRow>(tx, sql`select ${threadCols} from ${threadFrom} where t.id = ${id}`))[0],

  supportOf: async (p: Party, tx: Db = db) =>
    (
      await rows<ThreadRow>(
        tx,
        sql`select ${threadCols} from ${threadFrom} where t.kind = 'support' and ${
          p.userId ? sql`t.user_a = ${p.userId}` : sql`t.guest_id = ${p.guestId}`
        }`,
      )
    )[0],

  /** The customer's support thread, created when missing (a unique index keeps it one). */
  async ensureSupport(tx: Db, p: Party): Promise<number> {
    await tx.execute(
      sql`insert into chat_threads (kind, user_a, guest_id) values ('support', ${p.userId ?? null},
          ${p.guestId ?? null}) on conflict do nothing`,
    );
    const t = await this.supportOf(p, tx);
    return t!.id;
  },

  /** The e-mail a guest left for staff answers ('' removes it). */
  setGuestEmail: (threadId: number, email: string) =>
    db.execute(
      sql`update chat_threads set guest_email = ${email || null} where id = ${threadId} and guest_id is not null`,
    ),

  /**
   * Moves a guest's support thread into the account that signs in on the same browser
   * (decision 0017): its messages join the account's support thread (made when missing), the
   * guest's lines are signed with the account, and the guest thread goes. Run in `tx`; a second
   * run finds nothing to move. Returns the account's thread id, or null without a guest thread.
   */
  async adoptGuestSupport(tx: Db, guestId: string, userId: string): Promise<number | null> {
    const guest = await this.supportOf({ guestId }, tx);
    if (!guest) return null;
    const id = await this.ensureSupport(tx, { userId });
    // A client key already used in the account's thread (a resend after the sign-in) keeps that one.
    await tx.execute(
      sql`update chat_messages m set thread_id = ${id},
            sender_id = case when m.side = 'a' then coalesce(m.sender_id, ${userId}::uuid) else m.sender_id end,
            client_key = case when exists (select 1 from chat_messages k where k.thread_id = ${id}
              and k.client_key = m.client_key) then null else m.client_key end
          where m.thread_id = ${guest.id}`,
    );
    // The customer had read what the guest page showed; staff keep the lower mark, so nothing
    // they had not read looks read.
    await tx.execute(
      sql`update chat_threads t set
            last_message_id = l.id, last_message_at = l.created_at,
            a_read_id = greatest(t.a_read_id, ${guest.a_read_id}),
            b_read_id = case when t.last_message_id is null then ${guest.b_read_id}
                             else least(t.b_read_id, ${guest.b_read_id}) end,
            awaiting_staff = l.side = 'a'
          from (select id, created_at, side from chat_messages where thread_id = ${id} and not hidden
                order by id desc limit 1) l
          where t.id = ${id}`,
    );
    await tx.execute(sql`delete from chat_threads where id = ${guest.id}`);
    return id;
  },

  /** The direct thread of a pair about a subject, created when missing. */
  async ensureDirect(
    tx: Db,
    a: string,
    b: string,
    subjectType: string,
    subjectId: number,
    title: string,
  ): Promise<number> {
    await tx.execute(
      sql`insert into chat_threads (kind, user_a, user_b, subject_type, subject_id, subject_title)
          values ('direct', ${a}, ${b}, ${subjectType}, ${subjectId}, ${title})
          on conflict do nothing`,
    );
    const [r] = await rows<{ id: number }>(
      tx,
      sql`select id from chat_threads where kind = 'direct' and user_a = ${a} and user_b = ${b}
          and subject_type = ${subjectType} and subject_id = ${subjectId}`,
    );
    return r.id;
  },

  /** Stores a message once per client key; `fresh` is false when the key was sent before. */
  async insertMessage(
    tx: Db,
    m: {
      threadId: number;
      side: Side;
      senderId: string | null;
      body: string;
      clientKey: string | null;
      hidden: boolean;
    },
  ): Promise<{ id: number; fresh: boolean }> {
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into chat_messages (thread_id, side, sender_id, body, client_key, hidden)
          values (${m.threadId}, ${m.side}, ${m.senderId}, ${m.body}, ${m.clientKey}, ${m.hidden})
          on conflict (thread_id, client_key) do nothing returning id`,
    );
    if (r) return { id: r.id, fresh: true };
    const [old] = await rows<{ id: number }>(
      tx,
      sql`select id from chat_messages where thread_id = ${m.threadId} and client_key = ${m.clientKey}`,
    );
    return { id: old.id, fresh: false };
  },

  /** After a new message: the thread's last message, the writer has read it, support's flag. */
  afterMessage: (tx: Db, threadId: number, messageId: number, side: Side, hidden: boolean) =>
    tx.execute(
      sql`update chat_threads set
            last_message_id = case when ${hidden} then last_message_id
                                   else greatest(coalesce(last_message_id, 0), ${messageId}) end,
            last_message_at = case when ${hidden} then last_message_at else now() end,
            ${readCol(side)} = greatest(${readCol(side)}, ${messageId}),
            awaiting_staff = case when kind = 'support' then ${side === 'a'} else false end
          where id = ${threadId}`,
    ),

  message: async (id: number) =>
    (
      await rows<MessageRow>(
        db,
        sql`select m.*, u.name as sender_name, 0 as reports from chat_messages m
            left join users u on u.id = m.sender_id where m.id = ${id}`,
      )
    )[0],

  /** A page of a thread's messages as `side` sees them (null: staff, who see all), oldest first. */
  messages: (threadId: number, side: Side | null, afterId = 0, limit = 100) =>
    rows<MessageRow>(
      db,
      sql`select * from (
            select m.*, u.name as sender_name,
              (select count(*)::int from chat_reports r
               where r.message_id = m.id and r.resolved_at is null) as reports
            from chat_messages m left join users u on u.id = m.sender_id
            where m.thread_id = ${threadId} and m.id > ${afterId} and ${visibleTo(side)}
            order by m.id ${afterId > 0 ? sql`asc` : sql`desc`} limit ${limit}
          ) x order by id asc`,
    ),

  unread: async (threadId: number, side: Side) =>
    Number(
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from chat_messages m join chat_threads t on t.id = m.thread_id
              where t.id = ${threadId} and m.side <> ${side} and not m.hidden
                and m.id > ${side === 'a' ? sql`t.a_read_id` : sql`t.b_read_id`}`,
        )
      )[0]?.n ?? 0,
    ),

  /** Moves a side's read mark forward (never back, never past the thread's messages). */
  markRead: async (threadId: number, side: Side, upTo: number) =>
    (
      await rows<{ read: number }>(
        db,
        sql`update chat_threads set ${readCol(side)} = greatest(${readCol(side)},
              least(${upTo}, (select coalesce(max(id), 0) from chat_messages where thread_id = ${threadId})))
            where id = ${threadId} returning ${readCol(side)} as read`,
      )
    )[0]?.read ?? 0,

  /** A user's threads (support and direct), newest activity first, with unread counts. */
  list: (userId: string) =>
    rows<ListRow>(
      db,
      sql`select ${threadCols}, v.side as my_side,
            (select count(*)::int from chat_messages m where m.thread_id = t.id
              and m.side <> v.side and not m.hidden
              and m.id > case v.side when 'a' then t.a_read_id else t.b_read_id end) as unread,
            lm.body as last_body, lm.side as last_side
          from ${threadFrom}
          cross join lateral (select case when t.user_a = ${userId} then 'a' else 'b' end as side) v
          left join lateral (select m.body, m.side from chat_messages m where m.thread_id = t.id
              and (m.side = v.side or not m.hidden) order by m.id desc limit 1) lm on true
          where (t.user_a = ${userId} or t.user_b = ${userId}) and t.last_message_id is not null
          order by t.last_message_id desc limit 50`,
    ),

  /** A user's threads holding unread messages, newest first (the Chat badge opens the one). */
  unreadThreads: (userId: string) =>
    rows<{ id: number; kind: 'support' | 'direct'; unread: number }>(
      db,
      sql`select t.id, t.kind, count(*)::int as unread from chat_threads t
          join chat_messages m on m.thread_id = t.id
          where (t.user_a = ${userId} and m.side = 'b' and m.id > t.a_read_id and not m.hidden)
             or (t.user_b = ${userId} and m.side = 'a' and m.id > t.b_read_id and not m.hidden)
          group by t.id, t.kind order by max(m.id) desc`,
    ),

  /** Unread messages over all of a user's threads. */
  unreadTotal: async (userId: string) =>
    Number(
      (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from chat_threads t join chat_messages m on m.thread_id = t.id
              where (t.user_a = ${userId} and m.side = 'b' and m.id > t.a_read_id and not m.hidden)
                 or (t.user_b = ${userId} and m.side = 'a' and m.id > t.b_read_id and not m.hidden)`,
        )
      )[0]?.n ?? 0,
    ),

  isBlocked: async (blocker: string, blocked: string, tx: Db = db) =>
    (
      await rows<{ one: number }>(
        tx,
        sql`select 1 as one from chat_blocks where blocker_id = ${blocker} and blocked_id = ${blocked}`,
      )
    ).length > 0,
  block: (blocker: string, blocked: string) =>
    db.execute(
      sql`insert into chat_blocks (blocker_id, blocked_id) values (${blocker}, ${blocked})
          on conflict do nothing`,
    ),
  unblock: (blocker: string, blocked: string) =>
    db.execute(
      sql`delete from chat_blocks where blocker_id = ${blocker} and blocked_id = ${blocked}`,
    ),

  report: (messageId: number, reporterId: string, reason: string) =>
    db.execute(
      sql`insert into chat_reports (message_id, reporter_id, reason)
          values (${messageId}, ${reporterId}, ${reason}) on conflict do nothing`,
    ),
  resolveReports: async (messageId: number, adminId: string, tx: Db = db) =>
    (
      await rows<{ id: number }>(
        tx,
        sql`update chat_reports set resolved_at = now(), resolved_by = ${adminId}
            where message_id = ${messageId} and resolved_at is null returning id`,
      )
    ).length,

  // ---- Staff

  wasReported: async (threadId: number) =>
    (
      await rows<{ one: number }>(
        db,
        sql`select 1 as one from chat_reports r join chat_messages m on m.id = r.message_id
            where m.thread_id = ${threadId} limit 1`,
      )
    ).length > 0,

  /** Support threads (waiting: the customer wrote last), or threads holding reported messages. */
  inbox: (show: 'waiting' | 'all' | 'reported', lastId?: number) =>
    rows<ListRow>(
      db,
      sql`select ${threadCols},
            (select count(*)::int from chat_messages m where m.thread_id = t.id
              and m.side = 'a' and m.id > t.b_read_id) as unread,
            lm.body as last_body, lm.side as last_side
          from ${threadFrom}
          left join lateral (select m.body, m.side from chat_messages m where m.thread_id = t.id
              order by m.id desc limit 1) lm on true
          where t.last_message_id is not null
            ${
              show === 'reported'
                ? sql`and exists (select 1 from chat_messages m join chat_reports r on r.message_id = m.id
                        where m.thread_id = t.id and r.resolved_at is null)`
                : show === 'waiting'
                  ? sql`and t.kind = 'support' and t.awaiting_staff`
                  : sql`and t.kind = 'support'`
            }
            ${lastId ? sql`and t.last_message_id < ${lastId}` : sql``}
          order by t.last_message_id desc limit 50`,
    ),
  countAwaiting: async (tx: Db = db) =>
    Number(
      (
        await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from chat_threads where kind = 'support' and awaiting_staff`,
        )
      )[0]?.n ?? 0,
    ),
  countReported: async (tx: Db = db) =>
    Number(
      (
        await rows<{ n: number }>(
          tx,
          sql`select count(distinct message_id)::int as n from chat_reports where resolved_at is null`,
        )
      )[0]?.n ?? 0,
    ),

  // ---- Subjects of direct threads

  productSeller: async (prodId: number) =>
    (
      await rows<{ owner: string | null; name: string }>(
        db,
        sql`select s.owner_user_id as owner, p.name from products p join stores s on s.id = p.store_id
            where p.prod_id = ${prodId}`,
      )
    )[0],
  orderParties: async (orderId: number) =>
    (
      await rows<{ buyer: string; seller: string | null }>(
        db,
        sql`select o.buyer_user_id as buyer, s.owner_user_id as seller
            from orders o join stores s on s.id = o.store_id where o.id = ${orderId}`,
      )
    )[0],
  request: async (requestId: number) =>
    (
      await rows<{ owner: string; what: string }>(
        db,
        sql`select user_id as owner, coalesce(nullif(left(description, 60), ''), kind) as what
            from requests where id = ${requestId}`,
      )
    )[0],
  offerUser: async (requestId: number, offerId: number) =>
    (
      await rows<{ user_id: string }>(
        db,
        sql`select user_id from request_offers where id = ${offerId} and request_id = ${requestId}`,
      )
    )[0]?.user_id,
  /** Did the request reach this provider (or did they offer on it)? */
  reachedProvider: async (requestId: number, userId: string) =>
    (
      await rows<{ one: number }>(
        db,
        sql`select 1 as one where exists (select 1 from request_recipients
              where request_id = ${requestId} and user_id = ${userId})
            or exists (select 1 from request_offers where request_id = ${requestId} and user_id = ${userId})`,
      )
    ).length > 0,
});

export type ChatRepository = ReturnType<typeof chatRepository>;
