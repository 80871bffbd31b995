/** The wire contract shared by the app (src/) and the portal backend (server/); see wire.ts. */
export * from './wire';
export * from './studio';
export * from './studentImport';
