import type { FromSchema } from 'json-schema-to-ts';
import { Obj, okStatus } from './schemas.ts';

/** The answer of /api/health and /api/version: the running build. */
export const versionReply = Obj({
  status: okStatus,
  version: { type: 'string', description: 'APP_VERSION of the build, or dev' },
});
export type VersionAnswer = FromSchema<typeof versionReply>;
