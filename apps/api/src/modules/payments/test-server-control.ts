/**
 * What a test (or a bench) can make the local Paystack server do, to prove our side holds when
 * Paystack misbehaves the ways it really can. Every fault happens AFTER the work is done, as
 * it does on a real network: the transfer or refund exists at Paystack, only its answer is
 * slow, an error, or lost.
 */

/** Operation names, one per endpoint (the same names label sf_paystack_requests_total). */
export type PaystackOp =
  | 'transaction.initialize'
  | 'transaction.verify'
  | 'transaction.fetch'
  | 'refund.create'
  | 'refund.list'
  | 'refund.fetch'
  | 'transferrecipient.create'
  | 'transfer.initiate'
  | 'transfer.verify'
  | 'transfer.fetch'
  | 'transfer.finalize'
  | 'bank.list'
  | 'bank.resolve';

/**
 * - `slow`: the answer comes after `delayMs` (set it past the client's timeout);
 * - `5xx`: the work is done, the answer is a 500;
 * - `lost`: the work is done, the connection is destroyed before any answer.
 */
export type FaultMode = 'slow' | '5xx' | 'lost';

export interface Fault {
  mode: FaultMode;
  /** Which operations it hits; all when omitted. */
  ops?: PaystackOp[];
  /** How many answers it spoils; every one until cleared when omitted. */
  times?: number;
  /** For `slow` (default 1,000 ms). */
  delayMs?: number;
}

/** How a refund ends at Paystack (only `processed` pays the buyer back). */
export type RefundEnd = 'processed' | 'failed' | 'needs-attention';

export interface HeldEvent {
  event: string;
  data: unknown;
}

export interface PaystackControl {
  /** Spoils answers from now on (several faults may be on; the first that matches applies). */
  fault(f: Fault): void;
  /** Every fault off, events delivered again as they happen, OTP off, outcomes back to default. */
  reset(): void;
  /** Transfers answer `otp` and wait for finalize_transfer with this code. */
  otp: { required: boolean; code: string };
  /**
   * What a refund becomes after `pending`: processed (default), failed, needs-attention (the
   * money could not reach the buyer's account; Paystack waits for the merchant), or it stays
   * pending.
   */
  refundOutcome: RefundEnd | 'hold';
  /** What a transfer becomes after `pending`: success (default), failed, or stays pending. */
  transferOutcome: 'success' | 'failed' | 'hold';
  /** Each event is delivered this many times (default 1). */
  eventCopies: number;
  /** Events are kept instead of delivered until release(). */
  holdEvents: boolean;
  /** The events kept while holdEvents was on. */
  held: HeldEvent[];
  /** Delivers the kept events: in the order they happened, reversed, or by index. */
  release(order?: 'in-order' | 'reversed' | number[]): Promise<void>;
  /** Sends any event, signed, as the server would (a test's own payload or a sample's). */
  emit(event: string, data: unknown): Promise<void>;
  /**
   * Moves a held (`hold`) or done refund to an end state, with its event: the transaction's
   * latest refund, or the one with Paystack's id `refundId` (a transaction refunded in parts).
   */
  settleRefund(transactionReference: string, outcome: RefundEnd, refundId?: number): Promise<void>;
  /** Moves a transfer to success, failed or reversed, with its event. */
  settleTransfer(reference: string, outcome: 'success' | 'failed' | 'reversed'): Promise<void>;
  /** Resolves once every event started so far has been delivered (or given up on). */
  idle(): Promise<void>;
}

/** Faults from text, for a bench: `slow:transfer.initiate:2000,5xx:refund.create,lost`. */
export function parseFaults(spec: string | undefined): Fault[] {
  if (!spec) return [];
  return spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [mode, op, ms] = part.split(':');
      if (mode !== 'slow' && mode !== '5xx' && mode !== 'lost')
        throw new Error(`Unknown Paystack fault mode "${mode}" (slow, 5xx, lost)`);
      return {
        mode,
        ...(op ? { ops: [op as PaystackOp] } : {}),
        ...(ms ? { delayMs: Number(ms) } : {}),
      };
    });
}

/** The fault, if any, that spoils this answer (and counts it used). */
export function takeFault(faults: Fault[], op: PaystackOp): Fault | undefined {
  const i = faults.findIndex((f) => !f.ops || f.ops.includes(op));
  if (i < 0) return undefined;
  const f = faults[i];
  if (f.times !== undefined) {
    f.times -= 1;
    if (f.times <= 0) faults.splice(i, 1);
  }
  return f;
}
