/** Placeholder until this screen's issue lands. */
export default function ProgramRedirectPage() {
  return <h1>Program</h1>;
}
