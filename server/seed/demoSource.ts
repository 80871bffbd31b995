/** The demo content of docs/spec/demo-data.md, as the seeder takes it. */
import { generateDemoAssets } from './assets';
import { demoPages, demoStudents, demoUsers } from './demoData';
import type { DemoSource } from './seedDatabase';

export const demoSource: DemoSource = {
  users: demoUsers,
  students: demoStudents,
  pages: demoPages,
  generateAssets: generateDemoAssets,
};
