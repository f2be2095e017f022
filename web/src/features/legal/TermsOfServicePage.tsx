import { LegalPage } from './LegalPage';

export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service" updated="January 2025">
      <p>
        These terms govern your use of Backtalk, a service that lets fans chat with AI personas of short-video
        creators. By using Backtalk you agree to them.
      </p>
      <h2>The service</h2>
      <p>
        Each persona is an AI built from a creator's public posts. Its replies are generated automatically:
        they are not written or reviewed by the creator and may be inaccurate. Do not rely on them for advice.
      </p>
      <h2>Accounts and acceptable use</h2>
      <p>
        You may chat as a guest with a limited number of free messages, or create an account. Keep your
        credentials safe. Do not use Backtalk to harass anyone, to break the law, or to try to extract another
        person's data.
      </p>
      <h2>Subscriptions and prices</h2>
      <p>
        A paid subscription to a creator removes the free-tier message limit for that creator and renews
        monthly until you cancel. Payments are handled by our payment provider. We give at least 30 days'
        notice before any price change takes effect.
      </p>
      <h2>Creators</h2>
      <p>
        Creators who link their profile allow Backtalk to analyse their public posts to build their persona
        and receive their share of subscription revenue through the payment provider.
      </p>
      <h2>Cancellation and your content</h2>
      <p>
        You can cancel at any time. After cancellation your content is deleted after 30 days, and removed from
        our backups within 60 days.
      </p>
      <h2>Changes</h2>
      <p>We may update these terms; continued use after an update means you accept the new terms.</p>
    </LegalPage>
  );
}
