import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes, mergeSections } from './features/shell/routes';
import { creatorRoutes } from './features/creator/creator.routes';

const signIn = () => import('./features/sign-in/SignInPage').then((m) => ({ Component: m.SignInPage }));
// The account page is a chunk of its own, for signed-in users only.
const account = () => import('./features/account/AccountPage').then((m) => ({ Component: m.AccountPage }));

const router = createBrowserRouter(
  appRoutes(
    mergeSections(
      {
        public: [{ path: 'sign-in', lazy: signIn }],
        signedIn: [{ path: 'account', lazy: account }],
      },
      creatorRoutes,
    ),
  ),
);

export function App() {
  return <RouterProvider router={router} />;
}
