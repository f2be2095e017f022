import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './features/shell/routes';

// The account page is a chunk of its own, for signed-in users only.
const account = () => import('./features/account/AccountPage').then((m) => ({ Component: m.AccountPage }));

const router = createBrowserRouter(appRoutes({ signedIn: [{ path: 'account', lazy: account }] }));

export function App() {
  return <RouterProvider router={router} />;
}
