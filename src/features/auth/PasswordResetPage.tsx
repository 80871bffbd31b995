/** Placeholder until this screen's issue lands. */
export default function PasswordResetPage() {
  return <h1>Forgot password</h1>;
}
