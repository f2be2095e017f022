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
        <li>
          Your age: an account&apos;s birth date, or the age group a guest chooses. Only the age group (13–15,
          16–17 or 18 and older) is used in chats; creators never see it.
        </li>
      </ul>
      <h2>Children and age</h2>
      <p>
        Backtalk is for people 13 and older. If you tell us you are under 13, we do not create an account or a
        chat, and we keep nothing you entered: a guest who says so is deleted at once. Fans under 18 are
        treated as minors: stricter safety checks apply, the persona is told the fan is a minor, and romantic
        or sexual role-play is always refused. Creators can choose to welcome only fans 16 or 18 and older;
        younger fans cannot open those chats.
      </p>
      <h2>Safety checks and reports</h2>
      <p>
        Every message you send is checked for harmful content before the persona sees it, and every persona
        reply before it is shown to you. When a check stops a message or a reply, we keep its text for review
        for 30 days and then erase it; we keep only the fact that it was stopped and why. Our counts and logs
        of these checks never hold what you wrote. When you report a reply, we keep the report with your
        account; the creator sees the reply and the reason, never who you are. Your reports are erased with
        your account.
      </p>
      <h2>Letting a creator read your chat</h2>
      <p>
        Your conversations are private: the creator cannot read them. In a chat you can choose &quot;Let the
        creator read this conversation and reply in person&quot;. While it is on, that creator (and no other
        creator, and not Backtalk&apos;s staff through their inbox) can read that one conversation, without
        your name or email, and write to you themselves; their messages are marked as written in person, and
        if your chat is not open we email you that they replied (guests have no email and get none). While
        they reply in person, what you write goes to them and the AI persona does not answer (nor counts it
        against your free messages) until they hand the chat back. Turning it off stops their access at once.
        What they wrote stays in your conversation and is deleted with it.
      </p>
      <h2>Replies a creator may review</h2>
      <p>
        To help creators improve their personas, a few of a persona&apos;s replies to you (at most 3 a day for
        each creator) may be kept with the message you sent and shown to that creator to rate and correct.
        Before they are kept, names, emails, phone numbers, @handles and links are removed, and the creator
        never sees who you are or the rest of your conversation. Replies to guests and to anyone under 18 are
        never kept. You can turn this off under &quot;Let creators review replies to me&quot;, next to the
        memory switch in a chat&apos;s memory panel or on your account page; turning it off also deletes what
        was kept. What was kept is deleted with the conversation and with your account.
      </p>
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
