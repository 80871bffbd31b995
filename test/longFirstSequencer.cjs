/**
 * Jest's own order, except that the files known to run longest start first. On a fresh clone (CI)
 * Jest has no timings and orders by file size, so a short file with a long run (the naughty
 * strings: 10,000 requests in 107 lines) started last and ran alone for minutes while the other
 * workers had finished. Only the order changes; a file missing here runs where Jest puts it.
 */
/* global require, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module Jest loads as is
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
  'server/test/hardening/naughtyStrings.test.ts',
  'server/test/routes/studioMedia.test.ts',
  'test/typedStore.test.ts',
  'server/test/backup/backupRestore.test.ts',
  // The browser journeys (two files at a time): the sweep alone takes two and a half minutes, and
  // started last it would run on while the other worker idles.
  'e2e/sweep.e2e.ts',
  'e2e/journeys/languages.e2e.ts',
  'e2e/journeys/offline.e2e.ts',
  'e2e/content.e2e.ts',
  'e2e/journeys/studio.e2e.ts',
  'e2e/journeys/classes.e2e.ts',
];

class LongFirstSequencer extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const at = LONGEST_FIRST.findIndex((file) => test.path.replaceAll('\\', '/').endsWith(file));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongFirstSequencer;
