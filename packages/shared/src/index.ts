export * from './constants.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './phone.ts';
export * from './user.ts';
export * from './years.ts';
export * from './api.ts';
export * from './security.ts';
