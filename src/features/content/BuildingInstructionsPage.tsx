/** Placeholder until this screen's issue lands. */
export default function BuildingInstructionsPage() {
  return <h1>Building Instructions</h1>;
}
