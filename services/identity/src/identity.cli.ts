import { describeStartupError, loadConfig } from '@backtalk/kit';
import { z } from 'zod';
import { identityConfigSchema } from './identity.config';
import { makeAdmin } from './user/make-admin.command';
import { signOutUser } from './user/sign-out-user.command';

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const processOutput: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

const emailSchema = z.email();

/**
 * Operator commands only identity has. Returns the exit code, or null when
 * argv is not one of them (serve and migrate are the kit's).
 */
export function runIdentityCommand(
  argv: string[],
  env?: Record<string, string | undefined>,
  output: CommandOutput = processOutput,
): Promise<number> | null {
  const [command, ...args] = argv;
  const run = command === 'make-admin' ? runMakeAdmin : command === 'sign-out-user' ? runSignOutUser : null;
  if (!run) return null;
  return run(args, env, output).catch((error: unknown) => {
    output.err(`identity: ${command} failed: ${describeStartupError(error)}`);
    return 1;
  });
}

async function runSignOutUser(
  args: string[],
  env: Record<string, string | undefined> | undefined,
  output: CommandOutput,
): Promise<number> {
  const email = args[0]?.trim() ?? '';
  if (args.length !== 1 || !emailSchema.safeParse(email).success) {
    output.err('usage: node services/identity/dist/main.js sign-out-user <email>');
    return 2;
  }
  const ended = await signOutUser(email, loadConfig(identityConfigSchema, env));
  if (ended === null) {
    output.err(`identity: no account has the email ${email}`);
    return 1;
  }
  output.out(
    `identity: signed ${email} out of ${ended} session(s); issued access tokens lapse within their lifetime`,
  );
  return 0;
}

async function runMakeAdmin(
  args: string[],
  env: Record<string, string | undefined> | undefined,
  output: CommandOutput,
): Promise<number> {
  const email = args[0]?.trim() ?? '';
  if (args.length !== 1 || !emailSchema.safeParse(email).success) {
    output.err('usage: node services/identity/dist/main.js make-admin <email>');
    return 2;
  }
  const outcome = await makeAdmin(email, loadConfig(identityConfigSchema, env));
  if (outcome === 'not-found') {
    output.err(`identity: no user has the email ${email}; they must sign up first`);
    return 1;
  }
  output.out(
    outcome === 'added'
      ? `identity: ${email} is now in the admin group; it appears in their tokens after their next refresh or sign-in`
      : `identity: ${email} is already in the admin group`,
  );
  return 0;
}
