export * from './account.ts';
export * from './constants.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './routes.ts';
export * from './session.ts';
