/** The wire contract shared by the app (src/) and the portal backend (server/); see wire.ts. */
export * from './wire';
export * from './studio';
export * from './classroom';
export * from './credentials';
export * from './rosterEdit';
export * from './privacy';
export * from './studentImport';
export * from './progress';
export * from './signInCards';
export * from './classNow';
export * from './reports';
export * from './classes';
export * from './meetings';
export * from './lessons';
export * from './family';
export * from './owners';
export * from './insights';
