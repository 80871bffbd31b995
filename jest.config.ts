/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

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

const config: Config = {
  // One line per test file is enough on CI; failures still print in full.
  verbose: false,
  projects: [
    {
      displayName: 'app',
      testEnvironment: '<rootDir>/test/jsdomEnvironment.cjs',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: swc,
      // ESM-only packages that must be compiled for Jest's CommonJS runtime.
      transformIgnorePatterns: ['/node_modules/(?!(react-image-gallery|redux-persist|typed-redux-saga)/)'],
      setupFiles: ['<rootDir>/test/setupFiles.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setupTests.ts'],
      moduleNameMapper: { '\\.(css)$': '<rootDir>/test/styleStub.ts' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/*.test.ts'],
      transform: swc,
      transformIgnorePatterns: ['/node_modules/(?!(jose)/)'],
    },
  ],
};

export default config;
