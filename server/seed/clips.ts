/** The record make-lesson-clips.ts keeps of the clips it rendered (static/clips/clips.json). */
import { createHash } from 'node:crypto';
import path from 'node:path';

export interface ClipRecord {
  /** The model whose clip it is. */
  title: string;
  /** sha256 of the frames' SVG text, joined: what the clip shows. */
  framesSha256: string;
  /** sha256 of the .webm file. */
  sha256: string;
}

export const CLIPS_MANIFEST = path.join(__dirname, 'static', 'clips', 'clips.json');

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
export const framesHash = (frames: string[]) => sha256(frames.join('\n'));
