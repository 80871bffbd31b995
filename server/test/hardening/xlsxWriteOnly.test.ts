/**
 * No export cell is a formula (claim 8 of server/HARDENING.md): xlsx is used to write only. ESLint
 * forbids importing its read/readFile in app code (eslint.config.mjs); this test holds the same
 * line without running ESLint: no non-test module under src/ imports a reading function of xlsx,
 * and the lint rule is still configured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

test('no app module imports a reading function of xlsx', () => {
  const offenders: string[] = [];
  for (const file of sources(path.join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]xlsx['"]/g)) {
      const names = (match[1] ?? '').split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]);
      if (names.some((n) => n === 'read' || n === 'readFile' || n === 'readFileSync')) offenders.push(path.relative(ROOT, file));
    }
    if (/import\s+\*\s+as\s+\w+\s+from\s*['"]xlsx['"]|require\(\s*['"]xlsx['"]\s*\)/.test(text)) offenders.push(`${path.relative(ROOT, file)} (whole-module import)`);
  }
  expect(offenders).toEqual([]);
});

test('the ESLint rule that forbids xlsx read/readFile in app code is configured', () => {
  const config = readFileSync(path.join(ROOT, 'eslint.config.mjs'), 'utf8');
  expect(config).toMatch(/name:\s*'xlsx',\s*importNames:\s*\['read',\s*'readFile'\]/);
});
