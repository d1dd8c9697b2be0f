import { Obj, nullable, okStatus } from '../../lib/schemas.ts';

const int = { type: 'integer' } as const;
export const trackRecordReply = Obj({
  status: okStatus,
  item: Obj({
    orders: { ...int, description: 'Orders placed and paid (or pay on delivery)' },
    completed: int,
    finished: {
      ...int,
      description:
        "Orders that reached an end state (completed, cancelled by the store or staff, refunded); a buyer's own cancellation is left out",
    },
    median_ship_hours: nullable({ type: 'number', description: 'From payment to shipped' }),
    disputed_percent: nullable({ type: 'number', description: 'Share of orders with a dispute' }),
    refunded_percent: nullable({ type: 'number', description: 'Share of orders refunded' }),
    member_since: { type: 'string' },
    verified: { type: 'boolean', description: 'Verified by SpareFinder staff' },
    median_reply_minutes: nullable({
      type: 'integer',
      description: "Median minutes to the owner's first answer in chat (answered threads)",
    }),
    replied_threads: { ...int, description: 'Chat threads the median is taken over' },
  }),
});
