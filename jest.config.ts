/** @jest-config-loader esbuild-register */
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

/** @nanostores/i18n (the app's catalogues) is ESM-only and reads import.meta: compiled for Jest's CommonJS runtime. */
const NANOSTORES_ESM = 'nanostores|@nanostores';
const nanostoresTransform = { '/node_modules/@?nanostores/.+\\.js$': '<rootDir>/test/importMetaTransform.cjs' };

const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

/**
 * Journeys in real chromium against the real backend and the production build. Only with E2E=1
 * (`npm run e2e` sets it and builds first), so `npm test` passes on a fresh clone without a build.
 */
const e2e: NonNullable<Config['projects']>[number] = {
  displayName: 'e2e',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  // Journeys import app modules (the QA replay's reducer, the catalogues).
  transform: { ...nanostoresTransform, ...swc },
  moduleNameMapper: { '^\\./catalogues/(he|es)$': '<rootDir>/test/catalogues/$1.ts' },
  transformIgnorePatterns: [`/node_modules/(?!(${NANOSTORES_ESM})/)`],
  // testTimeout is a global option, ignored inside a project: the setup file sets it.
  setupFilesAfterEnv: ['<rootDir>/e2e/support/jestSetup.ts'],
};

/** The same kind of journeys against a real WordPress; only with E2E=wordpress (`npm run e2e:wordpress`). */
const e2eWordPress: NonNullable<Config['projects']>[number] = {
  ...e2e,
  displayName: 'e2e-wordpress',
  roots: ['<rootDir>/e2e/wordpress'],
  testMatch: ['**/*.wp.ts'],
  // import.wp.ts runs the portal backend in-process (server/test/harness.ts), as the server project does.
  transformIgnorePatterns: [`/node_modules/(?!(jose|content-disposition|${NANOSTORES_ESM})/)`],
};

/**
 * The reference deployment scaled out: PostgreSQL, 3 instances and HAProxy started by
 * deploy/local-cluster.sh (Debian's postgresql and haproxy packages). Only with CLUSTER=1 (.ci/run).
 */
const cluster: NonNullable<Config['projects']>[number] = {
  displayName: 'cluster',
  testEnvironment: 'node',
  roots: ['<rootDir>/deploy'],
  testMatch: ['**/*.cluster.ts'],
  transform: swc,
  globalSetup: '<rootDir>/deploy/test/clusterSetup.ts',
  globalTeardown: '<rootDir>/deploy/test/clusterTeardown.ts',
  setupFilesAfterEnv: ['<rootDir>/deploy/test/jestSetup.ts'],
};

const config: Config = {
  // One line per test file is enough on CI; failures still print in full.
  verbose: false,
  testSequencer: '<rootDir>/test/longFirstSequencer.cjs',
  projects: [
    {
      displayName: 'app',
      testEnvironment: '<rootDir>/test/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { ...nanostoresTransform, ...swc },
      // ESM-only packages that must be compiled for Jest's CommonJS runtime.
      transformIgnorePatterns: [`/node_modules/(?!(react-image-gallery|redux-persist|typed-redux-saga|${NANOSTORES_ESM})/)`],
      setupFiles: ['<rootDir>/test/setupFiles.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/test/styleStub.ts',
        // The build finds the language catalogues' files with webpack; Jest, the same files with fs.
        '^\\./catalogues/(he|es)$': '<rootDir>/test/catalogues/$1.ts',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      // config/: the build's own plugins; test/: checks on the whole source tree (typedStore.test.ts).
      roots: ['<rootDir>/server', '<rootDir>/config', '<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      transform: swc,
      transformIgnorePatterns: ['/node_modules/(?!(jose|content-disposition)/)'],
      setupFilesAfterEnv: ['<rootDir>/test/serverSetup.ts'],
      // A PostgreSQL for the tests' PostgreSQL half when TEST_DATABASE_URL does not name one.
      globalSetup: '<rootDir>/test/pgSetup.ts',
      globalTeardown: '<rootDir>/test/pgTeardown.ts',
    },
    ...(process.env.E2E === '1' ? [e2e] : []),
    ...(process.env.E2E === 'wordpress' ? [e2eWordPress] : []),
    ...(process.env.CLUSTER === '1' ? [cluster] : []),
  ],
  // The browser journeys share one backend per file and chromium is heavy: one worker for them.
  // The cluster's files share one deployment, and fault.cluster.ts restarts its PostgreSQL: one at a time.
  // The unit and integration files wait on databases, argon2 and worker threads more than on the CPU:
  // three at once on a 2-core CI machine (Jest's default of cores - 1 would be one: 458 s with two,
  // 350 s with three, measured on the whole suite).
  // E2E_WORKERS: journey files at a time (CI runs the portal's two at a time).
  maxWorkers: process.env.E2E ? Number(process.env.E2E_WORKERS ?? 1) : process.env.CLUSTER === '1' ? 1 : Math.max(3, availableParallelism() - 1),
};

export default config;
