import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh temporary folder for each test of the calling describe block (removed after it); call the result for its path. */
export function tempDirEachTest(prefix: string): () => string {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}
