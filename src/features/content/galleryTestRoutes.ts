/** The address of a lesson's building instructions, as the gallery tests open it (Play Machines 1 unless said). */
export const galleryRoute = (lessonId: number, programId = 130, programName = 'PlayMachines1') =>
  `/model_building_instructions/${programName}/${programId}/${lessonId}`;
