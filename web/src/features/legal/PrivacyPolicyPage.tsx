import { LegalPage } from './LegalPage';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="January 2025">
      <p>This policy explains what Backtalk collects, why, and how long we keep it.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Account data: your email address and sign-in details, or an anonymous guest identifier.</li>
        <li>Your conversations with creator personas, so you can continue them later.</li>
        <li>For creators: your public profile and posts, used to build your persona.</li>
        <li>Payment status from our payment provider; we never see or store your full card number.</li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run the service: answer your messages, apply free-tier limits and subscriptions, pay creators, and
        keep Backtalk secure. We do not sell your personal data.
      </p>
      <h2>Retention and deletion</h2>
      <p>
        When you delete content, it is removed from our systems within 90 days. When you delete your account,
        your account data is removed within 60 days.
      </p>
      <p>You can delete your account at any time from the account menu, under Delete account.</p>
      <h2>Your choices</h2>
      <p>You can ask us for a copy of your data, or for its correction or deletion, at any time.</p>
    </LegalPage>
  );
}
