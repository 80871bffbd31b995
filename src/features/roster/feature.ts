import { defineFeature } from '../../shared/feature';
import { params } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';

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
      earlyData: () => (flows) => flows.studentsListOpened(),
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
      page: () => import(/* webpackChunkName: "page-franchise-owners" */ './FranchiseOwnersPage'),
    },
    {
      path: paths.allStudentsList.pattern,
      access: 'administrators',
      title: 'allStudentsList',
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
