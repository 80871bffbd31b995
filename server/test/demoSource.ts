/** The demo data the API tests seed: the real demo content (server/seed/demoData.ts). */
export { demoSource } from '../seed/demoSource';
