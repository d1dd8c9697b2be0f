import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { guestIdOf, issueGuestId } from '../../lib/chat-guest.ts';
import { tooMany } from '../../lib/errors.ts';
import { addressKey, take, waitText } from '../../lib/limits.ts';
import { okMessage } from '../../lib/schemas.ts';
import { requireAuth } from '../../lib/session.ts';
import {
  afterQuery,
  inboxQuery,
  inboxReply,
  messageBody,
  openBody,
  guestEmailBody,
  openReply,
  readBody,
  readReply,
  reportBody,
  sentReply,
  supportReply,
  threadParams,
  threadReply,
  threadsReply,
  unreadReply,
} from './schemas.ts';
import { chatService, GUEST_CHAT_RATE, type Viewer } from './service.ts';
import { staffChatService } from './staff.ts';
import { PRIVATE } from '../../lib/cache-control.ts';

/** Chat: support for anyone (guests by their chat cookie), direct threads, the staff's inbox. */
export default async function chatRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = chatService(app);
  const staff = staffChatService(app);
  const tags = ['chat'];
  const secure = Boolean(app.config.publicUrl?.startsWith('https://'));
  const viewer = (req: FastifyRequest): Viewer => ({ user: req.user, guestId: guestIdOf(req) });

  /** A guest writing to support for the first time gets a chat cookie (a few per address). */
  async function writer(req: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
    const v = viewer(req);
    if (v.user || v.guestId) return v;
    const slot = await take(app.db, `chat-guest:${addressKey(req.ip)}`, GUEST_CHAT_RATE);
    if (!slot.ok)
      throw tooMany(
        `Too many new chats from your network. Please wait ${waitText(slot.retryAfterS)}.`,
        slot.retryAfterS,
      );
    return { user: null, guestId: issueGuestId(reply, secure) };
  }

  app.get(
    '/api/chat/threads',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'My conversations (support and with sellers or buyers), newest first, with unread counts',
        response: { 200: threadsReply },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', PRIVATE).send({ status: true, ...(await svc.list(req.user!)) }),
  );
  app.get(
    '/api/chat/unread',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'How many chat messages I have not read, and the conversation waiting for me when only one is',
        response: { 200: unreadReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send({ status: true, ...(await svc.unread(req.user!)) }),
  );
  app.post(
    '/api/chat/threads',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary:
          'Open (or find) my conversation with the seller or provider of a product, an order or a request',
        body: openBody,
        response: { 200: openReply },
      },
    },
    async (req) => ({
      status: true,
      item: await svc.open(
        req.user!,
        req.body.subject,
        req.body.subjectId,
        req.body.withUserId,
        req.body.offerId,
      ),
    }),
  );
  app.get(
    '/api/chat/support',
    {
      schema: {
        tags,
        summary: 'My support conversation (signed in, or a guest by the chat cookie), or null',
        querystring: afterQuery,
        response: { 200: supportReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await svc.support(viewer(req), req.query.afterId)),
  );
  app.post(
    '/api/chat/support/messages',
    {
      schema: {
        tags,
        summary:
          'Write to support (a guest gets a chat cookie); the same clientKey twice is stored once',
        body: messageBody,
        response: { 201: sentReply },
      },
    },
    async (req, reply) => {
      const v = await writer(req, reply);
      const item = await svc.sendSupport(v, req.body.body, req.body.clientKey);
      return reply.status(201).send({ status: true, item });
    },
  );
  app.put(
    '/api/chat/support/email',
    {
      schema: {
        tags,
        summary:
          "A guest's e-mail for support's answers (optional; '' removes it); needs the guest's chat cookie",
        body: guestEmailBody,
        response: { 200: okMessage },
      },
    },
    async (req, reply) => {
      const email = await svc.setGuestEmail(viewer(req), req.body.email);
      return reply.header('cache-control', PRIVATE).send({
        status: true,
        message: email
          ? `Thank you: we will e-mail our answer to ${email} too`
          : 'Your e-mail is removed: answers stay here in the chat',
      });
    },
  );
  app.get(
    '/api/chat/threads/:id',
    {
      schema: {
        tags,
        summary: 'One of my conversations with its latest 100 messages (or those after afterId)',
        params: threadParams,
        querystring: afterQuery,
        response: { 200: threadReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await svc.thread(viewer(req), req.params.id, req.query.afterId)),
  );
  app.post(
    '/api/chat/threads/:id/messages',
    {
      schema: {
        tags,
        summary: 'Write in one of my conversations; the same clientKey twice is stored once',
        params: threadParams,
        body: messageBody,
        response: { 201: sentReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        item: await svc.send(viewer(req), req.params.id, req.body.body, req.body.clientKey),
      }),
  );
  app.post(
    '/api/chat/threads/:id/read',
    {
      schema: {
        tags,
        summary: 'I have read up to this message (read receipt); answers my unread count',
        params: threadParams,
        body: readBody,
        response: { 200: readReply },
      },
    },
    async (req) => ({
      status: true,
      unread: await svc.read(viewer(req), req.params.id, req.body.lastId),
    }),
  );
  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const)
    app.route({
      method,
      url: '/api/chat/threads/:id/block',
      preHandler: requireAuth,
      schema: {
        tags,
        summary: on
          ? 'Block the other person of this conversation: their messages no longer reach me'
          : 'Unblock the other person of this conversation',
        params: threadParams,
        response: { 200: okMessage },
      },
      handler: async (req) => {
        await svc.block(req.user!, req.params.id, on);
        return {
          status: true,
          message: on
            ? 'Blocked: their messages will not reach you'
            : 'Unblocked: their new messages will reach you',
        };
      },
    });
  app.post(
    '/api/chat/messages/:id/report',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        summary: 'Report a message I received to the staff',
        params: threadParams,
        body: reportBody,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await svc.report(req.user!, req.params.id, req.body?.reason ?? '');
      return { status: true, message: 'Thank you: our staff will look at this message' };
    },
  );

  // ---- Staff (/api/admin/* is Admin-only: lib/admin-guard.ts)
  const admin = ['admin', 'chat'];
  app.get(
    '/api/admin/support',
    {
      schema: {
        tags: admin,
        summary:
          'Support inbox: conversations waiting for an answer, all of them, or those with reported messages',
        querystring: inboxQuery,
        response: { 200: inboxReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await staff.inbox(req.query.show, req.query.lastId)),
  );
  app.get(
    '/api/admin/support/:id',
    {
      schema: {
        tags: admin,
        summary: 'A support conversation, or one holding a reported message, with all its messages',
        params: threadParams,
        querystring: afterQuery,
        response: { 200: threadReply },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await staff.thread(req.params.id, req.query.afterId)),
  );
  app.post(
    '/api/admin/support/:id/messages',
    {
      schema: {
        tags: admin,
        summary: 'Answer a support conversation as the staff',
        params: threadParams,
        body: messageBody,
        response: { 201: sentReply },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        status: true,
        item: await staff.answer(req.user!, req.params.id, req.body.body, req.body.clientKey),
      }),
  );
  app.post(
    '/api/admin/support/:id/read',
    {
      schema: {
        tags: admin,
        summary: 'The staff have read a support conversation up to this message',
        params: threadParams,
        body: readBody,
        response: { 200: readReply },
      },
    },
    async (req) => ({ status: true, unread: await staff.read(req.params.id, req.body.lastId) }),
  );
  app.post(
    '/api/admin/chat/messages/:id/resolve',
    {
      schema: {
        tags: admin,
        summary: 'Close the open reports of a message (it was looked at)',
        params: threadParams,
        response: { 200: okMessage },
      },
    },
    async (req) => {
      await staff.resolve(req.params.id, req.user!);
      return { status: true, message: 'Report closed' };
    },
  );
}
