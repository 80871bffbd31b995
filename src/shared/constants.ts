/** Business constants of docs/spec/portal-spec.md section 9. */
export const MODEL_CODE_LENGTH = 4;
export const SHAKE_DURATION_MS = 1000;
export const MAX_LESSON_TABS = 5;
export const DATE_DISPLAY_FORMAT = 'MMMM dd, yyyy';

/** Program choices for a student (docs/spec/portal-spec.md section 3). */
export const STUDENT_PROGRAM_CHOICES = [
  'Play Machines 1',
  'Play Machines 2',
  'Bricks Challenge 1',
  'Bricks Challenge 2',
  'Galileo Technic 1',
  'Galileo Technic 2',
  'AlgoPlay 1',
  'AlgoPlay 2',
  'Robobricks 1',
  'Robobricks 2',
  'Robotics 1',
  'Robotics 2',
  'Big Builders 1',
  'Big Builders 2',
  'AlgoBuddy',
  'AlgoC',
] as const;

/** Export file names (docs/spec/portal-spec.md section 9; the spec fixes only the students-list names). */
export const exportNames = {
  studentsListFile: (userName: string) => `${userName} Youngengineer Online`,
  studentsListSheet: (userName: string) => `${userName} Students`,
  franchiseOwnersFile: 'Franchise Owners Youngengineer Online',
  franchiseOwnersSheet: 'Franchise Owners',
  allStudentsFile: 'All Students Youngengineer Online',
  allStudentsSheet: 'All Students',
} as const;
