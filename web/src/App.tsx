import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './features/shell/routes';

const signIn = () => import('./features/sign-in/SignInPage').then((m) => ({ Component: m.SignInPage }));

const router = createBrowserRouter(appRoutes({ public: [{ path: 'sign-in', lazy: signIn }] }));

export function App() {
  return <RouterProvider router={router} />;
}
