/** Placeholder until this screen's issue lands. */
export default function AllStudentsPage() {
  return <h1>All Students List</h1>;
}
