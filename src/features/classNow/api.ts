/** The class view's calls of the portal backend: the class's stream of changes, and "helped". */
import { CLASS_NOW_PATHS, type ClassNowHelped } from '../../../contract/classNow';
import { expectRecord, openStream, portalCall } from '../../api/portalCall';
import type { ApiClient } from '../../api/types';

/** The query of the class view: an administrator's owner, and the class chosen (none: the server's choice). */
export function classNowQuery(ownerId: number | null, classChoice: string | null): string {
  const query = new URLSearchParams();
  if (ownerId !== null) query.set('owner', String(ownerId));
  if (classChoice !== null) query.set('class', classChoice);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The class (an administrator names its owner; ?class= one class or all) as a stream: a snapshot, then each change. */
export const openClassStream = (api: ApiClient, ownerId: number | null, classChoice: string | null, signal: AbortSignal) =>
  openStream(api, CLASS_NOW_PATHS.classNowEvents + classNowQuery(ownerId, classChoice), signal);

export const markHelped = portalCall((studentId: number) => ({ method: 'POST', path: CLASS_NOW_PATHS.helped, body: { studentId } }), expectRecord<ClassNowHelped>);
