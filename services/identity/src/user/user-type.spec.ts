import { randomUUID } from 'node:crypto';
import { userTypeOf } from './user-type';

describe('userTypeOf', () => {
  it('treats a user whose username is their id as a guest', () => {
    const id = randomUUID();
    expect(userTypeOf({ id, username: id })).toBe('guest');
  });

  it('treats a user with any other username as authenticated', () => {
    expect(userTypeOf({ id: randomUUID(), username: 'fan@example.com' })).toBe('authenticated');
  });
});
