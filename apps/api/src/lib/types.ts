// Answer types shared by every module, derived from their schemas.
export type { ApiError } from './schemas.ts';
export type { VersionAnswer } from './system.ts';
