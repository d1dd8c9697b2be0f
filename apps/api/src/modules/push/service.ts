import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { transaction } from '../../lib/tx.ts';
import { endpointProblem } from './endpoints.ts';
import { pushRepository } from './repository.ts';
import type { PushSubscriptionInput } from './types.ts';

/** Is this an uncompressed point of P-256 (a key the payload can be encrypted for)? */
function onCurve(point: Buffer) {
  try {
    crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Web Push consent: a browser's subscription stored for its user, or removed. */
export function pushService(app: FastifyInstance) {
  return {
    publicKey: () => app.config.vapid?.publicKey ?? null,

    async subscribe(userId: string, input: PushSubscriptionInput) {
      if (!app.config.vapid)
        throw new HttpError(409, 'This site does not send notifications yet', 'CONFLICT');
      const problem = endpointProblem(input.endpoint, app.config.production);
      if (problem) throw badRequest(problem);
      const p256dh = Buffer.from(input.keys.p256dh, 'base64url');
      const auth = Buffer.from(input.keys.auth, 'base64url');
      if (p256dh.length !== 65 || p256dh[0] !== 4 || auth.length !== 16 || !onCurve(p256dh))
        throw badRequest('The subscription’s keys are not a browser’s push keys');
      await transaction(app.db, (tx) =>
        pushRepository(tx).save(userId, {
          endpoint: input.endpoint,
          p256dh: p256dh.toString('base64url'),
          auth: auth.toString('base64url'),
        }),
      );
    },

    unsubscribe: (userId: string, endpoint: string) =>
      pushRepository(app.db).remove(userId, endpoint),
  };
}
