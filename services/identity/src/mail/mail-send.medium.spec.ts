import { Subjects } from '@backtalk/proto';
import { createAccount, createGuest, dataSourceOf, sendRaw, useIdentity } from '../../test/identity.harness';

describe('identity.mail.send (another service emails a user through identity)', () => {
  const identity = useIdentity('mail_send');
  const outboxTo = async (to: string, subject: string): Promise<number> => {
    const [row] = await dataSourceOf(identity.services).query(
      'SELECT count(*)::int AS count FROM identity.outbox_messages WHERE "to" = $1 AND subject = $2',
      [to, subject],
    );
    return (row as { count: number }).count;
  };
  const send = (userId: string, idempotencyKey: string, subject = 'Your week on Backtalk') =>
    identity.services.client.request(Subjects.IdentityMailSend, {
      userId,
      idempotencyKey,
      subject,
      text: 'Hello from the digest.',
    });

  it('sends a key once, even when asked for it five times at the same moment', async () => {
    const { userId } = await createAccount(identity.services, 'creator.mail@example.com');
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => send(userId, `weekly-digest:${userId}:w1`)));
    expect(replies.filter((reply) => reply.sent)).toHaveLength(1);
    expect(await outboxTo('creator.mail@example.com', 'Your week on Backtalk')).toBe(1);

    // Another key is another email.
    await expect(send(userId, `weekly-digest:${userId}:w2`)).resolves.toEqual({ sent: true });
    expect(await outboxTo('creator.mail@example.com', 'Your week on Backtalk')).toBe(2);
  });

  it('sends nothing to a guest or an unknown user, and keeps no key for them', async () => {
    const guest = await createGuest(identity.services);
    await expect(send(guest.userId, 'guest-key', 'To a guest')).resolves.toEqual({ sent: false });
    await expect(send('7f1d3a52-52a4-4c53-9d55-2f1a4a4c7d10', 'nobody-key')).resolves.toEqual({
      sent: false,
    });
    const [row] = await dataSourceOf(identity.services).query(
      `SELECT count(*)::int AS count FROM identity.sent_mails WHERE "idempotencyKey" IN ('guest-key', 'nobody-key')`,
    );
    expect((row as { count: number }).count).toBe(0);
  });

  it('refuses a malformed request with VALIDATION_FAILED and sends nothing', async () => {
    const { userId } = await createAccount(identity.services, 'creator.bad@example.com');
    for (const payload of [
      { userId, idempotencyKey: 'has space', subject: 'S', text: 'T' },
      { userId, idempotencyKey: 'k', subject: '', text: 'T' },
      { userId, idempotencyKey: 'k', subject: 'S', text: 'T', to: 'someone@else.example' },
      { userId: 'not-a-uuid', idempotencyKey: 'k', subject: 'S', text: 'T' },
    ])
      await expect(sendRaw(Subjects.IdentityMailSend, payload)).resolves.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    expect(await outboxTo('creator.bad@example.com', 'S')).toBe(0);
  });
});
