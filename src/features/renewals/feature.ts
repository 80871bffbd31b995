import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/**
 * Renewals: the students whose package of lessons runs out soon (by lessons left or by end date),
 * the office's thresholds for that, and the office's monthly report per owner. Portal backend only.
 * The flows have their own chunk: the owner's students list joins them for its "renewals due" notice.
 */
export const renewalsFeature = defineFeature({
  name: 'renewals',
  flows: () => import(/* webpackChunkName: "renewals-flows" */ './flows'),
  titles: { renewals: 'Renewals due', monthlyReport: 'Monthly report' },
  screens: [
    { path: paths.renewals.pattern, access: 'owners', title: 'renewals', page: () => import(/* webpackChunkName: "page-renewals" */ './RenewalsPage') },
    { path: paths.monthlyReport.pattern, access: 'administrators', title: 'monthlyReport', page: () => import(/* webpackChunkName: "page-monthly-report" */ './MonthlyReportPage') },
  ],
});
