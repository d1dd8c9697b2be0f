import type { FromSchema } from 'json-schema-to-ts';
import type { trackRecordReply } from './schemas.ts';

/** A store's track record, computed from its orders (GET /api/stores/{url}/track-record). */
export type TrackRecord = FromSchema<typeof trackRecordReply>;
