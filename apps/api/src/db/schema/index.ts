export * from './accounts.ts';
export * from './analytics.ts';
export * from './audit-log.ts';
export * from './auth.ts';
export * from './enums.ts';
export * from './project-access.ts';
export * from './projects.ts';
