// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The one direction of imports (docs/architecture.md): app -> features -> entities -> shared.
 * contract/ (the wire shapes) sits beside src/ and server/, and both may import it.
 */
const layerZones = [
  { target: './src/!(app)/**/*', from: './src/app', message: 'Nothing imports app/ (the composition root).' },
  { target: './src/entities/**/*', from: './src/features', message: 'entities/ must not import features/.' },
  { target: './src/shared/**/*', from: ['./src/app', './src/features', './src/entities', './src/qa'], message: 'shared/ imports no other layer.' },
  { target: './src/api/**/*', from: ['./src/app', './src/features', './src/entities', './src/qa', './src/shared/ui'], message: 'api/ knows only wire shapes.' },
  { target: './src/!(app)/**/*', from: './server', message: 'The app never imports the backend.' },
  { target: './server/**/*', from: './src', message: 'The backend shares only contract/ with the app.' },
  { target: './contract/**/*', from: ['./src', './server'], message: 'contract/ is the wire contract alone: it imports neither side.' },
];

/**
 * The backend's layers, top to bottom (docs/architecture.md): each imports only the layers below it.
 * The entry points start everything; app.ts composes the HTTP app; routes/ answer requests with
 * http/'s Fastify helpers; domain/ holds the rules and knows nothing of HTTP; media/, mail/,
 * import/ (the WordPress import) and roster/ (reading roster files) each do one kind of work for
 * the domain (backup/ copies the database and the media for the operator); db/ reads and writes;
 * config.ts and errors.ts are known to all.
 */
const serverLayers = [
  { paths: ['main.ts', 'cli.ts', 'build.ts', 'seed'] },
  { paths: ['app.ts'], message: 'app.ts composes the HTTP app: it imports no entry point (main.ts, cli.ts, build.ts, seed/).' },
  { paths: ['routes'], message: 'routes/ import no entry point and not app.ts.' },
  { paths: ['http'], message: 'http/ (Fastify helpers) serves the routes: it imports no route, nor app.ts.' },
  { paths: ['domain'], message: 'domain/ knows nothing of HTTP: it never imports http/, routes/ or app.ts.' },
  { paths: ['media', 'mail', 'import', 'roster', 'backup'], message: 'media/, mail/, import/, roster/ and backup/ sit below domain/: they never import it, nor http/, routes/ or app.ts.' },
  { paths: ['db'], message: 'db/ imports nothing above it (only config.ts and errors.ts).' },
  { paths: ['config.ts', 'errors.ts'], message: 'config.ts and errors.ts import nothing of the backend.' },
];
const serverPath = (name) => (name.endsWith('.ts') ? `./server/${name}` : `./server/${name}/**/*`);
const serverZones = [
  ...serverLayers.slice(1).map((layer, i) => ({
    target: layer.paths.map(serverPath),
    from: serverLayers.slice(0, i + 1).flatMap((above) => above.paths.map((name) => `./server/${name}`)),
    message: layer.message,
  })),
  { target: ['./server/*.ts', './server/!(test)/**/*'], from: './server/test', message: 'Only tests import the test harness.' },
];

/**
 * No imports across features: each folder of src/features is a zone of its own, read from the
 * folder (a feature added later is one at once). What features share lives in entities/ or
 * shared/; what joins two features is composed in app/.
 */
const featuresFolder = path.join(import.meta.dirname, 'src', 'features');
const features = readdirSync(featuresFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./src/features/${name}/**/*`,
  from: './src/features',
  except: [`./${name}`],
  message: `No imports across features: src/features/${name} may import only itself, entities/, shared/, api/ and contract/.`,
}));

export default tseslint.config(
  { ignores: ['dist/**', 'coverage/**', 'node_modules/**', 'data/**', 'e2e/artifacts/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones, ...serverZones] }],
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useSelector', 'useDispatch'], message: 'Use useAppSelector/useAppDispatch from src/shared/storeHooks.' },
            { name: 'xlsx', importNames: ['read', 'readFile'], message: 'xlsx writes exports only; never parse files with it in the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/storeHooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**/*', 'e2e/**/*', 'bench/**/*'],
    rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['e2e/**/*', 'bench/**/*'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForFunction'] > :function[async=true]",
          message: 'waitForFunction passes at once on a returned promise: use waitInPage (e2e/support) for an asynchronous check.',
        },
      ],
    },
  },
);
