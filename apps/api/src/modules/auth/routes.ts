import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typedRoutes } from '../../lib/typed-routes.ts';
import { AUTH_MESSAGES as M, PHONE_CODE_MINUTES } from '@sf/shared';
import {
  clearSessionCookie,
  requireAuth,
  requireRole,
  setSessionCookie,
} from '../../lib/session.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { clearGuestChat, guestIdOf } from '../../lib/chat-guest.ts';
import { chatService } from '../chat/service.ts';
import {
  authService,
  authUser,
  guestAuthUser,
  profileView,
  RESET_JOB,
  type RequestInfo,
} from './service.ts';
import { deliver } from '../../lib/mail.ts';
import { defineJob } from '../../lib/jobs.ts';
import { publicOrigin } from '../../config.ts';
import * as schemas from './schemas.ts';
import { deviceOf, setDeviceCookie, type Device } from './devices.ts';
import { LOCAL_SMS_PREFIX } from '../sms/setup.ts';
import { phoneAuthService } from './phone.ts';
import type { ProfileChange } from './types.ts';

defineJob<{ email: string }>(RESET_JOB, async ({ email }, { app }) =>
  authService(app.db, app.log, publicOrigin(app.config)).sendResetLink(email, (m) =>
    deliver(app.db, app.log, app.config.smtpUrl, m),
  ),
);

export default async function authRoutes(fastify: FastifyInstance) {
  const app = typedRoutes(fastify);
  const svc = authService(
    app.db,
    app.log,
    publicOrigin(app.config),
    app.config.registrationsPerHour,
    app.bus,
  );
  const secure = Boolean(app.config.publicUrl?.startsWith('https://'));
  const chat = chatService(app);
  const phone = phoneAuthService(app);
  const info = (req: FastifyRequest): RequestInfo & { device: Device } => ({
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 300),
    sessionId: req.user?.sessionId,
    sessionUserId: req.user?.id,
    device: deviceOf(req),
  });
  // A guest's support chat moves into the account that signs in on that browser (decision
  // 0017), then the guest cookie goes: after a sign-out, the next person on a shared computer
  // finds no conversation (decision 0010). The browser keeps its device id (devices.ts).
  const signIn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    session: { token: string; expiresAt: Date },
    userId: string,
    device?: Device,
  ) => {
    const guestId = guestIdOf(req);
    if (guestId) await chat.adoptGuest(guestId, userId);
    setSessionCookie(reply, session.token, session.expiresAt, secure);
    clearGuestChat(reply, secure);
    if (device) setDeviceCookie(reply, device, secure);
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.post('/api/auth/register', { schema: schemas.registerSchema }, async (req, reply) => {
    const i = info(req);
    const { user, session } = await svc.register(req.body, i);
    await signIn(req, reply, session, user.id, i.device);
    return noStore(reply)
      .status(201)
      .send({ status: true, user: authUser(user) });
  });

  app.post('/api/auth/login', { schema: schemas.loginSchema }, async (req, reply) => {
    const i = info(req);
    const { user, session } = await svc.login(req.body.email, req.body.password, i);
    await signIn(req, reply, session, user.id, i.device);
    return noStore(reply).send({ status: true, user: authUser(user) });
  });

  app.post('/api/auth/phone/code', { schema: schemas.phoneCodeSchema }, async (req, reply) => {
    const sent = await phone.sendCode(req.body.phone, info(req));
    return noStore(reply).send({
      status: true,
      message: M.codeSent(sent.phone),
      phone: sent.phone,
      expiresInS: PHONE_CODE_MINUTES * 60,
      ...(app.smsMode === 'local'
        ? { testInbox: `${LOCAL_SMS_PREFIX}?to=${sent.phone.slice(1)}` }
        : {}),
    });
  });

  app.post('/api/auth/phone/verify', { schema: schemas.phoneVerifySchema }, async (req, reply) => {
    const i = info(req);
    const { user, session, created } = await phone.verify(req.body, i);
    await signIn(req, reply, session, user.id, i.device);
    return noStore(reply)
      .status(created ? 201 : 200)
      .send({ status: true, user: authUser(user), created });
  });

  app.post('/api/auth/logout', { schema: schemas.logoutSchema }, async (req, reply) => {
    clearSessionCookie(reply, secure);
    clearGuestChat(reply, secure);
    if (!req.user) throw unauthorized();
    await svc.logout(req.user);
    return noStore(reply).send({ status: true, message: 'You are signed out' });
  });

  app.get('/api/auth/dszauth', { schema: schemas.dszauthSchema }, async (req, reply) =>
    noStore(reply).send({ status: true, user: req.user ? authUser(req.user) : guestAuthUser() }),
  );

  app.post(
    '/api/auth/password-reset',
    { schema: schemas.resetRequestSchema },
    async (req, reply) => {
      await svc.requestReset(req.body.email);
      return noStore(reply).send({ status: true, message: M.resetSent });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: schemas.resetConfirmSchema },
    async (req, reply) => {
      await svc.confirmReset(req.body.token, req.body.password);
      if (req.user) clearSessionCookie(reply, secure);
      return noStore(reply).send({ status: true, message: M.resetDone });
    },
  );

  app.get(
    '/api/user/profile',
    { schema: schemas.profileGetSchema, preHandler: requireAuth },
    async (req, reply) =>
      noStore(reply).send({ status: true, user: profileView(await svc.profile(req.user!.id)) }),
  );

  // One handler for PATCH and POST; each route passes the body its schema typed.
  const updateProfile = async (
    req: FastifyRequest,
    body: ProfileChange | undefined,
    reply: FastifyReply,
  ) => {
    const { user, session } = await svc.updateProfile(req.user!, body ?? {}, info(req));
    if (session) await signIn(req, reply, session, user.id);
    return noStore(reply).send({ status: true, user: profileView(user) });
  };
  app.patch(
    '/api/user/profile',
    { schema: schemas.profileUpdateSchema, preHandler: requireAuth },
    async (req, reply) => updateProfile(req, req.body, reply),
  );
  app.post(
    '/api/user/profile',
    {
      schema: {
        ...schemas.profileUpdateSchema,
        summary: 'Same as PATCH, for clients that only POST',
      },
      preHandler: requireAuth,
    },
    async (req, reply) => updateProfile(req, req.body, reply),
  );

  app.get(
    '/api/admin/users',
    { schema: schemas.adminUsersSchema, preHandler: requireRole('Admin') },
    async (req, reply) => {
      const { items, counts } = await svc.listUsers({
        role: req.query.role,
        q: req.query.q?.trim() || undefined,
        limit: req.query.pagesize,
      });
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      return noStore(reply).send({
        status: true,
        items: items.map((u) => ({
          ...u,
          createdAt: u.createdAt.toISOString(),
          lockedAt: u.lockedAt?.toISOString() ?? null,
        })),
        counts,
        total,
      });
    },
  );

  // The test-only outbox route exists only for the browser tests' own server (E2E=1 with demo data).
  if (app.config.e2eRoutes) {
    app.log.warn('E2E=1: the test-only route GET /api/test/outbox/latest is enabled');
    app.get('/api/test/outbox/latest', { schema: schemas.outboxSchema }, async (req, reply) => {
      const m = await svc.latestOutbox(req.query.to);
      if (!m) throw notFound('No mail to this address yet');
      const link = /https?:\/\/\S+/.exec(m.text)?.[0] ?? null;
      return noStore(reply).send({
        status: true,
        item: {
          to: m.to,
          subject: m.subject,
          text: m.text,
          link,
          createdAt: m.createdAt.toISOString(),
        },
      });
    });
  }
}
