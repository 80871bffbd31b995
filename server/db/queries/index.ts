/** The query layer: the only code in server/ that builds SQL. */
export * from './executor';
export * from './users';
export * from './students';
export * from './pages';
export * from './unlocks';
export * from './userMeta';
export * from './rateLimits';
export * from './mailOutbox';
export * from './studioPages';
export * from './imports';
export * from './audit';
export * from './credentials';
export * from './privacy';
export * from './progress';
export * from './signInCards';
export * from './reports';
export * from './classNowStreams';
