import type { UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '../../api/types';
import { defineFeature, type ScreenParams } from '../../shared/feature';
import type * as RosterFlows from './flows';
import { params } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';

/** A list page opened from its address: its lists are asked for at once, before the roster's code is there. */
function listsEarly(opened: (flows: typeof RosterFlows) => UnknownAction) {
  return (_params: ScreenParams, api: ApiClient) => {
    api.askRosterEarly();
    return opened;
  };
}

/**
 * The franchise owners' and students' lists (their search, filters, export and progress figures)
 * and the sign-ups; it loads the lists (entities/roster) for every feature that needs them.
 */
export const rosterFeature = defineFeature({
  name: 'roster',
  flows: () => import(/* webpackChunkName: "roster-flows" */ './flows'),
  titles: {
    studentsOf: params('Students of {userName}'),
    signUpNewStudent: 'Sign Up New Student',
    franchiseOwners: 'Franchise Owners',
    allStudentsList: 'All Students List',
    signUpNewFranchise: 'Sign Up New Franchise',
  },
  screens: [
    {
      path: paths.studentsList.pattern,
      access: 'owners',
      title: 'studentsOf',
      earlyData: listsEarly((flows) => flows.studentsListOpened()),
      page: () => import(/* webpackChunkName: "page-students-list" */ './StudentsListPage'),
    },
    {
      path: paths.signUpNewStudent.pattern,
      access: 'owners',
      title: 'signUpNewStudent',
      page: () => import(/* webpackChunkName: "page-sign-up-student" */ './SignUpStudentPage'),
    },
    {
      path: paths.franchiseOwnersList.pattern,
      access: 'administrators',
      title: 'franchiseOwners',
      earlyData: listsEarly((flows) => flows.franchiseOwnersOpened()),
      page: () => import(/* webpackChunkName: "page-franchise-owners" */ './FranchiseOwnersPage'),
    },
    {
      path: paths.allStudentsList.pattern,
      access: 'administrators',
      title: 'allStudentsList',
      earlyData: listsEarly((flows) => flows.allStudentsOpened()),
      page: () => import(/* webpackChunkName: "page-all-students" */ './AllStudentsPage'),
    },
    {
      path: paths.signUpNewFranchise.pattern,
      access: 'administrators',
      title: 'signUpNewFranchise',
      page: () => import(/* webpackChunkName: "page-sign-up-franchise" */ './SignUpFranchisePage'),
    },
  ],
});
