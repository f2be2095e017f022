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

type IdentityConfigValues = ReturnType<typeof loadConfig<typeof identityConfigSchema>>;

/** The commands, each taking one email; each returns its exit code. */
const emailCommands: Record<
  string,
  (email: string, config: IdentityConfigValues, output: CommandOutput) => Promise<number>
> = {
  async 'make-admin'(email, config, output) {
    const outcome = await makeAdmin(email, config);
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
  },

  async 'sign-out-user'(email, config, output) {
    const ended = await signOutUser(email, config);
    if (ended === null) {
      output.err(`identity: no account has the email ${email}`);
      return 1;
    }
    output.out(
      `identity: signed ${email} out of ${ended} session(s); issued access tokens lapse within their lifetime`,
    );
    return 0;
  },
};

/** Whether `name` is one of identity's operator commands. */
export function isIdentityCommand(name: string | undefined): boolean {
  return !!name && Object.hasOwn(emailCommands, name);
}

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
  const run = command && Object.hasOwn(emailCommands, command) ? emailCommands[command] : undefined;
  if (!run) return null;
  const execute = async () => {
    const email = args[0]?.trim() ?? '';
    if (args.length !== 1 || !emailSchema.safeParse(email).success) {
      output.err(`usage: node services/identity/dist/main.js ${command} <email>`);
      return 2;
    }
    return run(email, loadConfig(identityConfigSchema, env), output);
  };
  return execute().catch((error: unknown) => {
    output.err(`identity: ${command} failed: ${describeStartupError(error)}`);
    return 1;
  });
}
