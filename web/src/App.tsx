import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './features/shell/routes';

const signIn = () => import('./features/sign-in/SignInPage').then((m) => ({ Component: m.SignInPage }));
// The account page is a chunk of its own, for signed-in users only.
const account = () => import('./features/account/AccountPage').then((m) => ({ Component: m.AccountPage }));

const router = createBrowserRouter(
  appRoutes({
    public: [{ path: 'sign-in', lazy: signIn }],
    signedIn: [{ path: 'account', lazy: account }],
  }),
);

export function App() {
  return <RouterProvider router={router} />;
}
