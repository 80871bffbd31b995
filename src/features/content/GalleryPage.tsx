/** Placeholder until this screen's issue lands. */
export default function GalleryPage() {
  return <h1>Building Instructions</h1>;
}
