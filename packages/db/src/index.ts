export * from './client.ts';
export * as schema from './schema/index.ts';
export { loadReferenceData } from './reference.ts';
