/** Placeholder until this screen's issue lands. */
export default function FranchiseOwnersPage() {
  return <h1>Franchise Owners</h1>;
}
