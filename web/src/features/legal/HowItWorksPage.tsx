import { LegalPage } from './LegalPage';

/** /how-it-works: what a persona is, linked from the AI notice of every first chat (docs/safety.md, "Honesty"). */
export function HowItWorksPage() {
  return (
    <LegalPage title="How a Backtalk persona works" updated="November 2026">
      <p>
        Every chat on Backtalk is with an AI persona of a creator, not with the creator in person. Each reply
        is written by an AI model and is labelled &ldquo;AI&rdquo;.
      </p>
      <h2>Grounded in the creator&apos;s public posts</h2>
      <p>
        A persona is built from the creator&apos;s public posts: their captions and what they say in their
        videos. Before each reply, Backtalk finds the posts closest to your question and gives them to the
        model, and the reply links the posts it drew on. The creator can add instructions and boundaries, such
        as topics the persona must not discuss.
      </p>
      <h2>It can be wrong</h2>
      <p>
        An AI model can misremember, mix things up or invent details, even about the creator. Don&apos;t rely
        on a persona for medical, legal or financial advice, and don&apos;t take what it says as the
        creator&apos;s own words.
      </p>
      <h2>Moderated in both directions</h2>
      <p>
        Backtalk checks what you send before the model sees it, and checks each reply before it reaches you.
        Messages that break the rules are held back; if you write that you are in danger, you get crisis
        resources instead of an in-character reply. Fans whose messages are blocked repeatedly are paused from
        chatting for a while.
      </p>
      <h2>Reporting a reply</h2>
      <p>
        Every reply has a &ldquo;Report&rdquo; link. Reports go to Backtalk&apos;s review team, who can hide a
        reply, pause a fan&apos;s chats or pause the persona. The creator sees reports about their persona
        without your name, email or account.
      </p>
      <h2>The creator stays in control</h2>
      <p>Creators can pause their persona at any time; while it is paused, nobody can send it messages.</p>
      <h2>Keep personal details to yourself</h2>
      <p>
        Don&apos;t share your address, phone number, passwords or other personal details in a chat. See the
        Privacy Policy for what Backtalk keeps and for how long.
      </p>
    </LegalPage>
  );
}
