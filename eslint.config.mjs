// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The one direction of imports (shared/docs/architecture.md): app -> features -> entities -> shared.
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

const features = ['auth', 'layout', 'terms', 'roster', 'content', 'studio', 'account', 'offline'];
const featureZones = features.map((name) => ({
  target: `./src/features/${name}/**/*`,
  from: './src/features',
  except: [`./${name}`],
  message: 'No imports across features.',
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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
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
);
