/** Placeholder until this screen's issue lands. */
export default function TermsPage() {
  return <h1>Terms of Use</h1>;
}
