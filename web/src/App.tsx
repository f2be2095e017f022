import { createBrowserRouter, redirect, RouterProvider } from 'react-router-dom';
import { appRoutes } from './features/shell/routes';

const signIn = () => import('./features/sign-in/SignInPage').then((m) => ({ Component: m.SignInPage }));
// The account page is a chunk of its own, for signed-in users only.
const account = () => import('./features/account/AccountPage').then((m) => ({ Component: m.AccountPage }));
const featureFlags = () =>
  import('./features/developer/FeatureFlagsPage').then((m) => ({ Component: m.FeatureFlagsPage }));

const router = createBrowserRouter(
  appRoutes({
    public: [{ path: 'sign-in', lazy: signIn }],
    signedIn: [{ path: 'account', lazy: account }],
    developer: [
      { index: true, loader: () => redirect('/dev/feature-flags') },
      { path: 'feature-flags', lazy: featureFlags },
    ],
  }),
);

export function App() {
  return <RouterProvider router={router} />;
}
