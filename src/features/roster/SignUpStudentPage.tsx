/** Placeholder until this screen's issue lands. */
export default function SignUpStudentPage() {
  return <h1>Sign Up New Student</h1>;
}
