import { defineFeature } from '../../shared/feature';
import { paths } from '../../shared/paths';

/** The timetable: an owner's week of meetings (today's first), a meeting's attendance and changes, and her calendar subscription. */
export const timetableFeature = defineFeature({
  name: 'timetable',
  flows: () => import(/* webpackChunkName: "page-timetable" */ './flows'),
  titles: { timetable: 'Timetable', meeting: 'Meeting' },
  screens: [
    { path: paths.timetable.pattern, access: 'owners', title: 'timetable', page: () => import(/* webpackChunkName: "page-timetable" */ './TimetablePage') },
    { path: paths.meeting.pattern, access: 'owners', title: 'meeting', page: () => import(/* webpackChunkName: "page-timetable" */ './MeetingPage') },
  ],
});
