import { createBrowserRouter, Navigate } from 'react-router';
import { api } from '../lib/api-instance';
import { Shell } from './layout/Shell';
import { RouteError } from './pages/RouteError';
import { RequireAuth } from './RequireAuth';

function Home() {
  return <Navigate to={api.session.get()?.isAuthenticated ? '/dashboard' : '/login'} replace />;
}

/** Every route's code loads on demand (`lazy`), so a page costs nothing until it is visited. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <Shell />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <Home /> },
        { path: 'login', lazy: () => import('../features/login/pages/LoginPage') },
        {
          element: <RequireAuth />,
          // Authenticated modules register here as they land.
          children: [],
        },
        { path: '*', lazy: () => import('./pages/NotFoundPage') },
      ],
    },
  ]);
}
