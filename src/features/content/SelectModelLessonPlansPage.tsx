/** Placeholder until this screen's issue lands. */
export default function SelectModelLessonPlansPage() {
  return <h1>Lesson Plans</h1>;
}
