import type { z } from 'zod';
import { isSecret } from './config.schema';

/** A program that validates its environment with a schema, named as the table names it. */
export interface ConfigReader {
  name: string;
  schema: z.ZodObject;
}

/** Readers named together when a variable is read by every one of them ("all services"). */
export interface ConfigReaderGroup {
  name: string;
  members: string[];
}

export interface ConfigVariable {
  name: string;
  readers: string[];
  defaultText: string;
  description: string;
  secret: boolean;
}

/** Metadata a schema field may carry beside its `.describe()` text. */
interface FieldMeta {
  description?: string;
  /** The default in words, when code computes it (per mode, per machine) rather than the schema. */
  defaultText?: string;
}

export const CONFIG_TABLE_START =
  '<!-- config-table:start — generated from the config schemas by `npm run docs:config`; do not edit -->';
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

export class ConfigDocsError extends Error {
  override name = 'ConfigDocsError';
}

/** Every variable the readers validate, in the order they first appear, merged across readers. */
export function configVariables(readers: ConfigReader[], groups: ConfigReaderGroup[] = []): ConfigVariable[] {
  const fields = new Map<string, { reader: string; field: z.ZodType }[]>();
  for (const reader of readers) {
    for (const [name, field] of Object.entries(reader.schema.shape)) {
      fields.set(name, [...(fields.get(name) ?? []), { reader: reader.name, field: field as z.ZodType }]);
    }
  }
  return [...fields.entries()].map(([name, uses]) => {
    const metas = uses.map(({ reader, field }) => {
      const meta = (field.meta() ?? {}) as FieldMeta;
      if (!meta.description?.trim()) {
        throw new ConfigDocsError(`${name} (read by ${reader}) has no .describe() text`);
      }
      return meta;
    });
    return {
      name,
      readers: groupReaders(
        uses.map((use) => use.reader),
        groups,
      ),
      defaultText: metas.find((meta) => meta.defaultText)?.defaultText ?? defaultsOf(uses),
      description: metas[0].description!.trim(),
      secret: uses.some((use) => isSecret(use.field)),
    };
  });
}

/** The markdown table of every variable: name, readers, default, meaning. */
export function renderConfigTable(readers: ConfigReader[], groups: ConfigReaderGroup[] = []): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const rows = configVariables(readers, groups).map(
    (variable) =>
      `| \`${variable.name}\`${variable.secret ? ' (secret)' : ''} | ${cell(variable.readers.join(', '))} | ${cell(
        variable.defaultText,
      )} | ${cell(variable.description)} |`,
  );
  return ['| variable | read by | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** The document with the text between the table markers replaced by `table`. */
export function withConfigTable(document: string, table: string): string {
  const start = document.indexOf(CONFIG_TABLE_START);
  const end = document.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) {
    throw new ConfigDocsError(`the document has no ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} section`);
  }
  return `${document.slice(0, start + CONFIG_TABLE_START.length)}\n${table}\n${document.slice(end)}`;
}

function groupReaders(readers: string[], groups: ConfigReaderGroup[]): string[] {
  let names = [...new Set(readers)];
  for (const group of groups) {
    if (group.members.length && group.members.every((member) => names.includes(member))) {
      const at = names.indexOf(group.members[0]);
      names = names.filter((name) => !group.members.includes(name));
      names.splice(Math.min(at, names.length), 0, group.name);
    }
  }
  return names;
}

function defaultsOf(uses: { reader: string; field: z.ZodType }[]): string {
  const byReader = uses.map(({ reader, field }) => ({ reader, text: defaultOf(field) }));
  const distinct = [...new Set(byReader.map((entry) => entry.text))];
  if (distinct.length === 1) return distinct[0];
  return distinct
    .map((text) => {
      const readers = byReader.filter((entry) => entry.text === text).map((entry) => entry.reader);
      return `${text} (${readers.join(', ')})`;
    })
    .join('; ');
}

/** What the field parses an unset variable to. */
function defaultOf(field: z.ZodType): string {
  const result = field.safeParse(undefined);
  if (!result.success) return 'required';
  const value: unknown = result.data;
  if (value === undefined) return 'unset';
  if (value === '' || (Array.isArray(value) && value.length === 0)) return 'empty';
  return `\`${Array.isArray(value) ? value.join(',') : String(value)}\``;
}
