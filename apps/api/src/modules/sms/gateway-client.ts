import type { OutsideServiceFailure } from '../../lib/errors.ts';

/**
 * The one client for the SMS gateway (decision 0025): Termii's published messaging API,
 * `POST {base}/api/sms/send` with a JSON body, answering `{message_id, message, balance, user}`.
 * With SMS_API_KEY it talks to Termii (or SMS_BASE_URL); without, to the local Termii-compatible
 * server (test-server.ts). The request and the answer are the same either way.
 */

export interface HttpAnswer {
  status: number;
  body: any;
}

/** How the client reaches the gateway: real HTTP, or the app's own inject for the local one. */
export type Transport = (path: string, body: unknown) => Promise<HttpAnswer>;

/** Termii's base URL for Nigerian accounts (the dashboard shows an account's own). */
export const TERMII_API = 'https://api.ng.termii.com';
export const SEND_PATH = '/api/sms/send';

/** Thrown by a transport when no answer came in time (the message may still have gone). */
export class SmsTimeout extends Error {}

export function httpTransport(baseUrl: string, timeoutMs = 10_000): Transport {
  const base = baseUrl.replace(/\/$/, '');
  return async (path, body) => {
    let res: Response;
    let text: string;
    try {
      res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError')
        throw new SmsTimeout(`no answer within ${timeoutMs} ms`);
      throw err;
    }
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: res.status, body: parsed };
  };
}

/**
 * - `refused`: the gateway answered 4xx: it did not send (bad key, bad number, sender id not
 *   registered, no balance). Sending again will not help.
 * - `timeout`, `5xx`, `network`: no usable answer; the message may have gone.
 */
export type SmsErrorKind = 'refused' | 'timeout' | '5xx' | 'network';

export class SmsError extends Error implements OutsideServiceFailure {
  readonly outsideService = 'The SMS gateway';
  constructor(
    message: string,
    readonly kind: SmsErrorKind,
    readonly httpStatus = 0,
  ) {
    super(message);
  }
  get unclear(): boolean {
    return this.kind !== 'refused';
  }
}

export interface SmsGateway {
  /** Sends one plain text message to one number (E.164, +234…); the gateway's message id. */
  send(to: string, text: string): Promise<{ messageId: string }>;
}

export interface GatewayOptions {
  apiKey: string;
  /** The sender id registered with the gateway (3 to 11 letters and digits). */
  senderId: string;
  /** Termii's route: `generic` (decision 0025) or `dnd` (delivers to numbers on Do-Not-Disturb). */
  channel: 'generic' | 'dnd';
}

/** Termii wants the international number without its '+'. */
export const gatewayNumber = (e164: string) => e164.replace(/^\+/, '');

export function gatewayClient(opts: GatewayOptions, transport: Transport): SmsGateway {
  return {
    async send(to, text) {
      let res: HttpAnswer;
      try {
        res = await transport(SEND_PATH, {
          api_key: opts.apiKey,
          to: gatewayNumber(to),
          from: opts.senderId,
          sms: text,
          type: 'plain',
          channel: opts.channel,
        });
      } catch (err) {
        if (err instanceof SmsTimeout) throw new SmsError(err.message, 'timeout');
        throw new SmsError((err as Error).message || 'network error', 'network');
      }
      const message =
        typeof res.body?.message === 'string' ? res.body.message : `HTTP ${res.status}`;
      if (res.status >= 500) throw new SmsError(message, '5xx', res.status);
      if (res.status >= 400) throw new SmsError(message, 'refused', res.status);
      // Termii's ids are numbers too long for a double: the document gives them as strings.
      const id = res.body?.message_id_str ?? res.body?.message_id;
      if (res.status !== 200 || (typeof id !== 'string' && typeof id !== 'number'))
        throw new SmsError(`unexpected answer (HTTP ${res.status})`, '5xx', res.status);
      return { messageId: String(id) };
    },
  };
}
