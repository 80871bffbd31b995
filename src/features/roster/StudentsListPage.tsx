/** Placeholder until this screen's issue lands. */
export default function StudentsListPage() {
  return <h1>Students List</h1>;
}
