import { z } from 'zod';
import {
  CONFIG_TABLE_END,
  CONFIG_TABLE_START,
  ConfigDocsError,
  configVariables,
  renderConfigTable,
  withConfigTable,
} from './config-docs';
import { secret } from './config.schema';

const shared = z.object({
  LEVEL: z.enum(['low', 'high']).default('low').describe('How loud | how much.'),
  TOKEN: secret(z.string().min(1).optional().describe('The API token.')),
});
const alpha = shared.extend({
  LIST: z
    .string()
    .default('')
    .transform((text) => text.split(',').filter(Boolean))
    .describe('Comma-separated names.'),
  HOST: z.string().default('0.0.0.0').describe('Where to listen.'),
});
const beta = shared.extend({
  HOST: z.string().default('127.0.0.1').describe('Where to listen.'),
  KEY: z.string().min(1).describe('Required key.'),
  THREADS: z.coerce.number().int().optional().meta({ defaultText: 'cores − 1' }).describe('CPU threads.'),
});
const readers = [
  { name: 'alpha', schema: alpha },
  { name: 'beta', schema: beta },
  { name: 'launcher', schema: z.object({ HOST: beta.shape.HOST }) },
];

describe('config docs', () => {
  it('lists every variable once, with its readers, default and description', () => {
    const variables = configVariables(readers, [{ name: 'all services', members: ['alpha', 'beta'] }]);
    expect(variables.map((variable) => variable.name)).toEqual([
      'LEVEL',
      'TOKEN',
      'LIST',
      'HOST',
      'KEY',
      'THREADS',
    ]);
    expect(variables.find((variable) => variable.name === 'LEVEL')).toEqual({
      name: 'LEVEL',
      readers: ['all services'],
      defaultText: '`low`',
      description: 'How loud | how much.',
      secret: false,
    });
    const byName = Object.fromEntries(variables.map((variable) => [variable.name, variable]));
    expect(byName.TOKEN).toMatchObject({ defaultText: 'unset', secret: true });
    expect(byName.LIST).toMatchObject({ defaultText: 'empty', readers: ['alpha'] });
    expect(byName.HOST).toMatchObject({
      readers: ['all services', 'launcher'],
      defaultText: '`0.0.0.0` (alpha); `127.0.0.1` (beta, launcher)',
    });
    expect(byName.KEY.defaultText).toBe('required');
    expect(byName.THREADS.defaultText).toBe('cores − 1');
  });

  it('renders a markdown table, escaping pipes and marking secrets', () => {
    const table = renderConfigTable(readers).split('\n');
    expect(table[0]).toBe('| variable | read by | default | meaning |');
    expect(table).toContain('| `LEVEL` | alpha, beta | `low` | How loud \\| how much. |');
    expect(table).toContain('| `TOKEN` (secret) | alpha, beta | unset | The API token. |');
  });

  it('refuses a variable without a description, naming it and its reader', () => {
    const undocumented = [{ name: 'gamma', schema: z.object({ QUIET: z.string().optional() }) }];
    expect(() => renderConfigTable(undocumented)).toThrow(ConfigDocsError);
    expect(() => renderConfigTable(undocumented)).toThrow('QUIET (read by gamma) has no .describe() text');
  });

  it('replaces only the text between the markers', () => {
    const document = `# Title\n\n${CONFIG_TABLE_START}\nold table\n${CONFIG_TABLE_END}\n\nAfter.\n`;
    expect(withConfigTable(document, 'new table')).toBe(
      `# Title\n\n${CONFIG_TABLE_START}\nnew table\n${CONFIG_TABLE_END}\n\nAfter.\n`,
    );
    expect(withConfigTable(withConfigTable(document, 'new table'), 'new table')).toBe(
      withConfigTable(document, 'new table'),
    );
    expect(() => withConfigTable('# No markers\n', 'table')).toThrow(ConfigDocsError);
  });
});
