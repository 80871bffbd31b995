/** Placeholder until this screen's issue lands. */
export default function LessonPlansPage() {
  return <h1>Lesson Plans</h1>;
}
