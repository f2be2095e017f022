import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes, mergeSections } from './features/shell/routes';
import { adminRoutes } from './features/admin/admin.routes';
import { creatorRoutes } from './features/creator/creator.routes';
import { developerRoutes } from './features/developer/developer.routes';

const signIn = () => import('./features/sign-in/SignInPage').then((m) => ({ Component: m.SignInPage }));
// The account page is a chunk of its own, for signed-in users only.
const account = () => import('./features/account/AccountPage').then((m) => ({ Component: m.AccountPage }));

// Payments (docs/billing.md): Stripe Connect onboarding and the creator's payments page.
const stripeSignup = () =>
  import('./features/payments/StripeSignupPage').then((m) => ({ Component: m.StripeSignupPage }));
const payments = () =>
  import('./features/payments/PaymentsPage').then((m) => ({ Component: m.PaymentsPage }));
const stripeReturn = () =>
  import('./features/payments/ReturnPage').then((m) => ({ Component: m.ReturnPage }));
const stripeRefresh = () =>
  import('./features/payments/RefreshPage').then((m) => ({ Component: m.RefreshPage }));
// The weekly digest email's unsubscribe link (no sign-in).
const digestUnsubscribe = () =>
  import('./features/payments/DigestUnsubscribePage').then((m) => ({ Component: m.DigestUnsubscribePage }));
// The fan's subscriptions (billing's list, docs/billing.md "My subscriptions").
const subscriptions = () =>
  import('./features/payments/SubscriptionsPage').then((m) => ({ Component: m.SubscriptionsPage }));

const router = createBrowserRouter(
  appRoutes(
    mergeSections(
      {
        public: [
          { path: 'sign-in', lazy: signIn },
          { path: 'digest/unsubscribe', lazy: digestUnsubscribe },
        ],
        signedIn: [
          { path: 'account', lazy: account },
          { path: 'account/subscriptions', lazy: subscriptions },
          { path: 'return/:accountId', lazy: stripeReturn },
          { path: 'refresh/:accountId', lazy: stripeRefresh },
        ],
        creator: [
          { path: 'stripe-signup', lazy: stripeSignup },
          { path: 'payments', lazy: payments },
        ],
      },
      creatorRoutes,
      adminRoutes,
      developerRoutes,
    ),
  ),
);

export function App() {
  return <RouterProvider router={router} />;
}
