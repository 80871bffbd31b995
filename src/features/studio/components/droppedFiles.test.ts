import { droppedFiles, refusal, type Entry } from './Uploads';

const fileEntry = (name: string): Entry => ({ isFile: true, isDirectory: false, file: (done) => done(new File(['x'], name, { type: 'image/jpeg' })) });

/** A folder whose reader answers in parts of `part` entries, then none (as Chromium's does). */
function folder(children: Entry[], part = 2): Entry {
  return {
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (done) => {
          const next = children.slice(at, at + part);
          at += part;
          done(next);
        },
      };
    },
  };
}

const transfer = (entries: Entry[]) => ({ items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })), files: [] }) as unknown as DataTransfer;

describe('dropped files', () => {
  it('reads every file of a dropped folder and its subfolders, in parts, leaving hidden files out', async () => {
    const dropped = transfer([folder([fileEntry('step-1.jpg'), fileEntry('.DS_Store'), folder([fileEntry('step-2.jpg'), fileEntry('step-3.jpg'), fileEntry('step-4.jpg')]), fileEntry('step-5.jpg')]), fileEntry('loose.zip')]);
    const names = (await droppedFiles(dropped)).map((file) => file.name);
    expect(names.sort()).toEqual(['loose.zip', 'step-1.jpg', 'step-2.jpg', 'step-3.jpg', 'step-4.jpg', 'step-5.jpg']);
  });

  it('takes plain files when the browser gives no entries', async () => {
    const files = [new File(['x'], 'a.png', { type: 'image/png' })];
    expect(await droppedFiles({ items: [], files } as unknown as DataTransfer)).toEqual(files);
  });

  it('refuses before sending what is not an image or too large, but sends a zip', () => {
    expect(refusal(new File(['x'], 'notes.txt', { type: 'text/plain' }), 'image')).toMatch(/not an image/);
    expect(refusal(new File([new Uint8Array(21 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' }), 'image')).toBe('big.jpg is larger than 20 MB.');
    expect(refusal(new File(['x'], 'steps.zip', { type: 'application/zip' }), 'image')).toBeUndefined();
  });
});
