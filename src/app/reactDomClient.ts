/**
 * React DOM's client, through a module of ours: bootstrap loads it on its own (it is the largest
 * module) and importing CommonJS by import() would add webpack's namespace helper to the login page.
 */
export { createRoot } from 'react-dom/client';
