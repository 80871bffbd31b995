/** Placeholder until this screen's issue lands. */
export default function SelectModelPage() {
  return <h1>Select Model</h1>;
}
