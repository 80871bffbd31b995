/** The classes' calls of the portal backend. */
import { CLASSES_PATHS, type ClassArchiveBody, type ClassInput, type ClassRecord } from '../../../contract/classes';
import { expectList, expectRecord, portalCall } from '../../api/portalCall';
import type { ClassesQuery } from './classesSlice';

export function listPath(query: ClassesQuery): string {
  const params = new URLSearchParams();
  if (query.ownerId !== null) params.set('owner', String(query.ownerId));
  if (query.archived) params.set('archived', '1');
  const search = params.toString();
  return search ? `${CLASSES_PATHS.classes}?${search}` : CLASSES_PATHS.classes;
}

export const getClasses = portalCall((query: ClassesQuery) => ({ method: 'GET', path: listPath(query) }), expectList<ClassRecord>);
export const getClass = portalCall((id: number) => ({ method: 'GET', path: CLASSES_PATHS.class(id) }), expectRecord<ClassRecord>);
export const createClass = portalCall((input: ClassInput) => ({ method: 'POST', path: CLASSES_PATHS.classes, body: input }), expectRecord<ClassRecord>);
export const updateClass = portalCall((id: number, input: ClassInput) => ({ method: 'PUT', path: CLASSES_PATHS.class(id), body: input }), expectRecord<ClassRecord>);
export const archiveClass = portalCall(
  (id: number, body: ClassArchiveBody) => ({ method: 'POST', path: CLASSES_PATHS.classArchive(id), body }),
  expectRecord<ClassRecord>,
);
