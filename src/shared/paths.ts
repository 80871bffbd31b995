/**
 * Path builders for every route of portal-spec.md section 2. The route table (src/app/routes.tsx)
 * and every link use these, so a route is spelled in one place.
 */
const seg = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: () => '/',
  passwordReset: () => '/PasswordReset',
  termsOfUse: () => '/terms_of_use',
  studentsList: (userName: string) => `/students_list/${seg(userName)}`,
  signUpNewStudent: (userName: string) => `/sign_up_new_student/${seg(userName)}`,
  franchiseOwnersList: () => '/admin/Franchise_Owners_List',
  allStudentsList: () => '/admin/all_students_list',
  signUpNewFranchise: (userName: string) => `/admin/sign_up_new_franchise/${seg(userName)}`,
  buildingInstructions: (userName: string) => `/building_instructions/${seg(userName)}`,
  buildingInstructionsProgram: (userName: string, programName: string) =>
    `/building_instructions/${seg(userName)}/${seg(programName)}`,
  lessonPlans: (userName: string) => `/lesson_plans/${seg(userName)}`,
  lessonPlansProgram: (userName: string, programName: string) => `/lesson_plans/${seg(userName)}/${seg(programName)}`,
  selectModel: (programName: string, programId: number) => `/select-model/${seg(programName)}/${seg(programId)}`,
  selectModelLessonPlans: (programName: string, programId: number) =>
    `/select-model-lesson-plans/${seg(programName)}/${seg(programId)}`,
  modelBuildingInstructions: (programName: string, programId: number, lessonId: number) =>
    `/model_building_instructions/${seg(programName)}/${seg(programId)}/${seg(lessonId)}`,
  legacyModelBuildingInstructions: (userName: string, programName: string, modelName: string) =>
    `/model_building_instructions/${seg(userName)}/${seg(programName)}/${seg(modelName)}`,
} as const;

/** Route patterns for the router, matching the builders above. */
export const routePatterns = {
  home: '/',
  passwordReset: '/PasswordReset',
  termsOfUse: '/terms_of_use',
  studentsList: '/students_list/:userName',
  signUpNewStudent: '/sign_up_new_student/:userName',
  franchiseOwnersList: '/admin/Franchise_Owners_List',
  allStudentsList: '/admin/all_students_list',
  signUpNewFranchise: '/admin/sign_up_new_franchise/:userName',
  buildingInstructions: '/building_instructions/:userName',
  buildingInstructionsProgram: '/building_instructions/:userName/:programName',
  lessonPlans: '/lesson_plans/:userName',
  lessonPlansProgram: '/lesson_plans/:userName/:programName',
  selectModel: '/select-model/:programName/:programId',
  selectModelLessonPlans: '/select-model-lesson-plans/:programName/:programId',
  /** Both gallery routes share this shape; the page tells them apart by whether the last two segments are numeric. */
  modelBuildingInstructions: '/model_building_instructions/:first/:second/:third',
} as const;
