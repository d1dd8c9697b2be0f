export * from './lookups.ts';
export * from './catalog.ts';
export * from './auth.ts';
export * from './providers.ts';
export * from './content.ts';
export * from './vehicles.ts';
export * from './jobs.ts';
