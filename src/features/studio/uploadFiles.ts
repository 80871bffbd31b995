/**
 * The File objects of queued uploads, by id: a File is no plain data, so it never goes into an
 * action or the store. The screen puts files here and queues their ids; the upload saga takes them.
 */
const files = new Map<string, Blob & { name?: string }>();
let nextId = 0;

export function keepFile(file: Blob & { name?: string }): string {
  const id = `upload-${++nextId}`;
  files.set(id, file);
  return id;
}

export const fileOf = (id: string) => files.get(id);

export const forgetFile = (id: string) => void files.delete(id);
