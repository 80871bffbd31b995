/** The class view's calls of the portal backend: the class's stream of changes, and "helped". */
import { CLASS_NOW_PATHS, type ClassNowHelped } from '../../../contract/classNow';
import { expectRecord, openStream, portalCall } from '../../api/portalCall';
import type { ApiClient } from '../../api/types';

/** The class (an administrator names its owner) as a stream: a snapshot, then each change. */
export const openClassStream = (api: ApiClient, ownerId: number | null, signal: AbortSignal) =>
  openStream(api, CLASS_NOW_PATHS.classNowEvents + (ownerId !== null ? `?owner=${ownerId}` : ''), signal);

export const markHelped = portalCall((studentId: number) => ({ method: 'POST', path: CLASS_NOW_PATHS.helped, body: { studentId } }), expectRecord<ClassNowHelped>);
