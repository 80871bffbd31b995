import { Navigate } from 'react-router';
import { paths } from '../shared/paths';

export function NotFoundRedirect() {
  return <Navigate to={paths.home.href()} replace />;
}
