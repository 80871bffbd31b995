/** The renewals' calls of the portal backend (contract/lessons.ts). */
import { FAMILY_PATHS, type FamilyOwnerSettings, type SummaryFrequency } from '../../../contract/family';
import { LESSONS_PATHS, type LessonSettings, type MonthlyReport, type RenewalDue } from '../../../contract/lessons';
import { expectList, expectRecord, portalCall } from '../../api/portalCall';

export interface RenewalsQuery {
  /** Administrators: one owner's students, or null for every owner's. */
  ownerId: number | null;
  /** Administrators: the owners of one country, or null for every country. */
  country: string | null;
}

export function renewalsPath(query: RenewalsQuery): string {
  const params = new URLSearchParams();
  if (query.ownerId !== null) params.set('owner', String(query.ownerId));
  if (query.country !== null) params.set('country', query.country);
  const search = params.toString();
  return search ? `${LESSONS_PATHS.renewalsDue}?${search}` : LESSONS_PATHS.renewalsDue;
}

export const getRenewalsDue = portalCall((query: RenewalsQuery) => ({ method: 'GET', path: renewalsPath(query) }), expectList<RenewalDue>);
export const getLessonSettings = portalCall(() => ({ method: 'GET', path: LESSONS_PATHS.lessonSettings }), expectRecord<LessonSettings>);
export const putLessonSettings = portalCall((settings: LessonSettings) => ({ method: 'PUT', path: LESSONS_PATHS.lessonSettings, body: settings }), expectRecord<LessonSettings>);
export const getMonthlyReport = portalCall(
  (month: string) => ({ method: 'GET', path: `${LESSONS_PATHS.monthlyReport}?month=${encodeURIComponent(month)}` }),
  expectRecord<MonthlyReport>,
);

/** How often the signed-in owner's families get the summary mail. */
export const getFamilySummary = portalCall(() => ({ method: 'GET', path: FAMILY_PATHS.ownerSettings }), expectRecord<FamilyOwnerSettings>);
export const putFamilySummary = portalCall((frequency: SummaryFrequency) => ({ method: 'PUT', path: FAMILY_PATHS.ownerSettings, body: { frequency } }), expectRecord<FamilyOwnerSettings>);
