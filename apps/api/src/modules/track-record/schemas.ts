import { Obj, nullable, okStatus } from '../../lib/schemas.ts';

const int = { type: 'integer' } as const;
export const trackRecordReply = Obj({
  status: okStatus,
  item: Obj({
    orders: { ...int, description: 'Orders placed and paid (or pay on delivery)' },
    completed: int,
    median_ship_hours: nullable({ type: 'number', description: 'From payment to shipped' }),
    disputed_percent: nullable({ type: 'number', description: 'Share of orders with a dispute' }),
    refunded_percent: nullable({ type: 'number', description: 'Share of orders refunded' }),
    member_since: { type: 'string' },
    verified: { type: 'boolean', description: 'Verified by SpareFinder staff' },
  }),
});
