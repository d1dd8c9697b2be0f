export * from './lookups.ts';
export * from './catalog.ts';
export * from './auth.ts';
export * from './vehicles.ts';
