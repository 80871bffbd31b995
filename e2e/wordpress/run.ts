/**
 * `npm run e2e:wordpress [-- --outputFile=FILE] [-- jest args]`: the browser journeys against a real WordPress.
 *
 * Builds the app when dist/ is stale, brings up the WordPress peer (peer-setup.sh: a copy of
 * ../shared/peers/wordpress, its setup.sh PORT, then portal-setup.sh PORT with APP_DIST=dist; both idempotent), and runs the
 * journeys once per configuration. Between configurations the peer's users are reset and the
 * login answer switched (reset-users.sh with WL_TOKEN_ADDITIONS), and /portal-config.js is
 * rewritten on both origins. Ends with a pass/fail table per configuration; --outputFile writes
 * the summed Jest totals (numPassedTests, numFailedTests, ...) for .ci/run.
 *
 * Environment: WP_PEER_DIR (default ../shared/peers/wordpress; it runs from a copy in /tmp), WP_PORT (8089; the app's other
 * origin is WP_PORT + 1), WP_E2E_CONFIGS (e.g. "full/stock/cross/none,roles/additions/same/plain"),
 * WP_E2E_KEEP=1 leaves WordPress running afterwards, WP_APP_DIST (a build to serve instead of dist/),
 * E2E_SKIP_BUILD=1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appBuildNeeded } from '../../server/build';

const ROOT = path.resolve(__dirname, '..', '..');
const PEER_SOURCE = path.resolve(process.env.WP_PEER_DIR ?? path.join(ROOT, '..', 'shared', 'peers', 'wordpress'));
const PORT = Number(process.env.WP_PORT ?? 8089);
/** The peer's own copy, made by peer-setup.sh (which says why it needs one). */
const PEER = path.join(tmpdir(), `youngengineer-wp-peer-${PORT}`);
const DATA = path.join(PEER, 'data');
/** WP_APP_DIST: serve another build (e.g. one made from another branch); it is not rebuilt. */
const APP_DIST = path.resolve(process.env.WP_APP_DIST ?? path.join(ROOT, 'dist'));
const outputFile = process.argv.find((arg) => arg.startsWith('--outputFile='))?.slice('--outputFile='.length);
/** Other arguments go to Jest (e.g. -t 'tampered'). */
const jestArgs = process.argv.slice(2).filter((arg) => !arg.startsWith('--outputFile='));

/**
 * A configuration: which journeys / login answer / where the app is served / what portal-config.js
 * says about capabilities. 'none' names no capabilities (the app must find them out); 'plain' names
 * all three false (what a plain WordPress has, set by hand).
 */
interface Configuration {
  journeys: 'full' | 'roles';
  tokenAnswer: 'stock' | 'additions';
  origin: 'same' | 'cross';
  capabilities: 'none' | 'plain';
}

/** The full set once in the hardest configuration; sign-in and roles in the other three. */
const DEFAULT_CONFIGS = 'full/stock/cross/none,roles/stock/same/none,roles/additions/same/none,roles/additions/cross/none';

function parseConfigs(text: string): Configuration[] {
  return text.split(',').map((item) => {
    const [journeys, tokenAnswer, origin, capabilities] = item.trim().split('/');
    if (!['full', 'roles'].includes(journeys!) || !['stock', 'additions'].includes(tokenAnswer!) || !['same', 'cross'].includes(origin!) || !['none', 'plain'].includes(capabilities!)) {
      throw new Error(`WP_E2E_CONFIGS: "${item}" is not journeys/tokenAnswer/origin/capabilities, e.g. full/stock/cross/none`);
    }
    return { journeys, tokenAnswer, origin, capabilities } as Configuration;
  });
}

const label = (c: Configuration) =>
  `${c.tokenAnswer === 'stock' ? 'stock login answer' : 'login answer with user_id/user_roles'}, ${c.origin === 'same' ? 'same origin' : 'cross-origin'}, ${c.capabilities === 'none' ? 'no capabilities named' : 'capabilities named false'}`;

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;

interface Totals {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  numTotalTests: number;
}
const totals: Totals = { numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 0, numTotalTests: 0 };
const table: string[] = [];

function finish(code: number): never {
  if (outputFile) writeFileSync(outputFile, JSON.stringify({ ...totals, success: code === 0 }));
  if (table.length) console.log(`\nWordPress journeys (${PEER}, port ${PORT}):\n${table.join('\n')}`);
  console.log(`e2e:wordpress: ${totals.numPassedTests} passed, ${totals.numFailedTests + totals.numRuntimeErrorTestSuites} failed`);
  process.exit(code);
}

/** A step that is not a journey (peer missing, setup or build failed) counts as one failure. */
function failStep(message: string): never {
  console.log(`e2e:wordpress: ${message}`);
  totals.numFailedTests += 1;
  totals.numTotalTests += 1;
  finish(1);
}

/** /portal-config.js on both origins; the same keys portal-setup.sh writes, capabilities as asked. */
function writePortalConfig(capabilities: Configuration['capabilities']): void {
  const authKey = readFileSync(path.join(DATA, 'wl-auth-key'), 'utf8').trim();
  const site = `http://127.0.0.1:${PORT}`;
  const named = capabilities === 'plain' ? { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false } } : {};
  const write = (folder: string, siteUrl: string) => {
    const config = { siteUrl, authKey, supportEmail: 'team@franchise.test', cmsAdminUrl: `${siteUrl}/wp-admin/`, ...named, qaPanel: false, devTools: false };
    writeFileSync(path.join(DATA, folder, 'portal-config.js'), `window.__PORTAL_CONFIG__ = ${JSON.stringify(config)};\n`);
  };
  write('app', '');
  write('app-xo', site);
}

const configs = parseConfigs(process.env.WP_E2E_CONFIGS ?? DEFAULT_CONFIGS);

if (!existsSync(path.join(PEER_SOURCE, 'portal-setup.sh'))) {
  failStep(`the WordPress peer is missing: no ${path.join(PEER_SOURCE, 'portal-setup.sh')} (expected at ../shared/peers/wordpress next to the project, or set WP_PEER_DIR); counted as 1 failed`);
}
if (process.env.E2E_SKIP_BUILD !== '1' && !process.env.WP_APP_DIST && appBuildNeeded(ROOT, APP_DIST)) {
  console.log('e2e:wordpress: building the app (npx webpack --mode production)');
  if (run('npx', ['webpack', '--mode', 'production']) !== 0) failStep('the build failed');
}

const started = Date.now();
if (run('bash', [path.join(__dirname, 'peer-setup.sh')], { ...process.env, WP_PEER_DIR: PEER_SOURCE, WP_PORT: String(PORT) }) !== 0) failStep(`setup.sh ${PORT} failed`);
if (run('bash', [path.join(PEER, 'portal-setup.sh'), String(PORT)], { ...process.env, APP_DIST }) !== 0) {
  failStep(`portal-setup.sh ${PORT} failed`);
}
console.log(`e2e:wordpress: WordPress ready in ${Math.round((Date.now() - started) / 1000)} s`);

let failedAny = false;
const results = mkdtempSync(path.join(tmpdir(), 'wp-e2e-'));
try {
  configs.forEach((config, i) => {
    const name = label(config);
    console.log(`\n==== WordPress journeys: ${config.journeys === 'full' ? 'all journeys' : 'sign-in and roles'}; ${name}`);
    const tokenAdditions = config.tokenAnswer === 'stock' ? '0' : '1';
    if (run('bash', [path.join(PEER, 'reset-users.sh'), String(PORT)], { ...process.env, WL_TOKEN_ADDITIONS: tokenAdditions }) !== 0) {
      failStep('reset-users.sh failed');
    }
    writePortalConfig(config.capabilities);
    const json = path.join(results, `${i}.json`);
    const files = config.journeys === 'full' ? [] : ['e2e/wordpress/signIn.wp.ts'];
    const appUrl = `http://127.0.0.1:${config.origin === 'cross' ? PORT + 1 : PORT}`;
    const status = run('npx', ['jest', ...files, ...jestArgs, '--ci', '--json', `--outputFile=${json}`, '--selectProjects', 'e2e-wordpress'], {
      ...process.env,
      E2E: 'wordpress',
      WP_E2E_APP_URL: appUrl,
      WP_E2E_SITE_URL: `http://127.0.0.1:${PORT}`,
      WP_E2E_TOKEN_ANSWER: config.tokenAnswer,
      WP_E2E_LABEL: name,
      WP_E2E_PEER_DATA: DATA,
    });
    if (status !== 0) failedAny = true;
    if (!existsSync(json)) {
      totals.numFailedTests += 1;
      table.push(`  FAIL  [${name}] jest wrote no results (exit ${status})`);
      return;
    }
    const report = JSON.parse(readFileSync(json, 'utf8')) as Totals & {
      testResults: { message: string; name: string; assertionResults: { title: string; status: string }[] }[];
    };
    totals.numPassedTests += report.numPassedTests;
    totals.numFailedTests += report.numFailedTests;
    totals.numRuntimeErrorTestSuites += report.numRuntimeErrorTestSuites;
    totals.numTotalTests += report.numTotalTests;
    for (const file of report.testResults) {
      if (!file.assertionResults.length) table.push(`  FAIL  [${name}] ${path.basename(file.name)} did not run: ${file.message.split('\n')[0]}`);
      const shown: Record<string, string> = { passed: 'pass', pending: 'skip', skipped: 'skip', todo: 'skip' };
      for (const test of file.assertionResults) table.push(`  ${shown[test.status] ?? 'FAIL'}  [${name}] ${test.title}`);
    }
  });
} finally {
  rmSync(results, { recursive: true, force: true });
  if (process.env.WP_E2E_KEEP !== '1') run('bash', [path.join(PEER, 'stop.sh')]);
}
finish(failedAny ? 1 : 0);
