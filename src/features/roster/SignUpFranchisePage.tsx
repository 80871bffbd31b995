/** Placeholder until this screen's issue lands. */
export default function SignUpFranchisePage() {
  return <h1>Select Program</h1>;
}
