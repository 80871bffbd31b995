import { Outlet } from 'react-router';

/** Placeholder: header, menus and page frame come with the foundation issue. */
export default function AppLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
