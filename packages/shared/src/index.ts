export * from './analytics-rules.ts';
export * from './constants.ts';
export * from './languages.ts';
export * from './schemas/alerts.ts';
export * from './schemas/analytics.ts';
export * from './schemas/auth.ts';
export * from './schemas/errors.ts';
export * from './schemas/users.ts';
