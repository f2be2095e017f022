import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DurableSubjects, Events, Subjects, accountDeletedSubjects } from '@backtalk/proto';
import { baseConfigSchema } from '../config/config.schema';
import { ConfigError, loadConfig } from '../config/load-config';
import { natsAuthorizationFiles, natsCredentials, natsPermissionsFor } from './nats-permissions';

const root = path.resolve(__dirname, '../../../../..');

describe('NATS permissions', () => {
  it.each(Object.entries(natsAuthorizationFiles()))(
    'has a current committed copy at %s (run scripts/generate-nats-authorization.js)',
    (file, text) => {
      expect(readFileSync(path.join(root, file), 'utf8')).toBe(text);
    },
  );

  it('lets a service serve only its own subjects and read only its own replies', () => {
    expect(natsPermissionsFor('identity', 'p.').subscribe.allow).toEqual([
      'p.identity.>',
      '_INBOX.identity.>',
    ]);
    expect(natsPermissionsFor('gateway', 'p.').subscribe.allow).toEqual(['_INBOX.gateway.>']);
  });

  it('lets a service publish only the requests it makes', () => {
    // Its calls and events, then the durable account deletions it hands each service's stream.
    expect(natsPermissionsFor('identity').publish.allow.slice(0, 2)).toEqual([
      Subjects.ChatGuestDataTransfer,
      Events.IdentityGuestPurged,
    ]);
    expect(
      natsPermissionsFor('identity').publish.allow.filter((subject) => !subject.startsWith('$JS.')),
    ).toEqual([
      Subjects.ChatGuestDataTransfer,
      Events.IdentityGuestPurged,
      ...accountDeletedSubjects,
      DurableSubjects.IdentityCodeEmailRequested,
    ]);
    // Only services call each other on internal subjects; no HTTP route leads there.
    expect(natsPermissionsFor('gateway').publish.allow).not.toContain(Subjects.ChatGuestDataTransfer);
    expect(natsPermissionsFor('chat-inference').publish.allow).toContain(Subjects.FeatureFlagsFlagGet);
    expect(natsPermissionsFor('chat-inference').publish.allow).not.toContain(Subjects.IdentityTokenRefresh);
    expect(natsPermissionsFor('gateway').publish.allow).toContain(Subjects.IdentityTokenRefresh);
  });

  it('reads credentials from the config, and names the missing half of a pair', () => {
    const config = (env: Record<string, string>) => loadConfig(baseConfigSchema, env);
    expect(natsCredentials(config({}))).toEqual({});
    expect(natsCredentials(config({ NATS_USER: 'billing', NATS_PASSWORD: 'x'.repeat(16) }))).toEqual({
      user: 'billing',
      pass: 'x'.repeat(16),
    });
    expect(() => natsCredentials(config({ NATS_USER: 'billing' }))).toThrow(ConfigError);
    expect(() => natsCredentials(config({ NATS_USER: 'billing' }))).toThrow(
      /NATS_PASSWORD is required when NATS_USER is set/,
    );
    expect(() => config({ NATS_USER: 'billing', NATS_PASSWORD: 'short' })).toThrow(/NATS_PASSWORD/);
  });
});
