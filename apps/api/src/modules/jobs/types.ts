// The failed-jobs answers, derived from their response schemas.
import type { FromSchema } from 'json-schema-to-ts';
import type { failedJobsReply } from './schemas.ts';

export type { FailedJob } from './schemas.ts';
export type FailedJobList = FromSchema<typeof failedJobsReply>;
