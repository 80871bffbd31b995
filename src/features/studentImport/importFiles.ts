/** The File being imported, by id: a File is no plain data, so it never goes into an action or the store. */
const files = new Map<string, Blob & { name?: string }>();
let nextId = 0;

export function keepImportFile(file: Blob & { name?: string }): string {
  const id = `student-import-${++nextId}`;
  files.set(id, file);
  return id;
}

export const takeImportFile = (id: string): (Blob & { name?: string }) | undefined => {
  const file = files.get(id);
  files.delete(id);
  return file;
};
