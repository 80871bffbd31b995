import { closeSharedBrowser } from './browser';

// Browser journeys start chromium and wait on a real backend: Jest's 5 s default is too short.
jest.setTimeout(120_000);

afterAll(closeSharedBrowser);
