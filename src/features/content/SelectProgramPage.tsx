/** Placeholder until this screen's issue lands. */
export default function SelectProgramPage() {
  return <h1>Select Program</h1>;
}
