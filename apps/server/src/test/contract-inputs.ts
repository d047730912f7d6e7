/**
 * Reads the contract's input schemas for tests that go over every route: which fields are text
 * and which are whole numbers, and an input that passes the schema with one field replaced.
 */
import { randomUUID } from 'node:crypto';
import type { RouteDef } from '@jewel/contract/route';
import { routes } from '@jewel/contract/routes';
import type { z } from 'zod';

export type Part = 'params' | 'query' | 'body';
export type Path = (string | number)[];

/** One input field: where it is and what it holds. */
export interface Field {
  route: string;
  def: RouteDef;
  part: Part;
  path: Path;
  kind: 'text' | 'int';
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
  checks?: { _zod: { def: Check } }[];
}
interface Check {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def) => (def.checks ?? []).map((check) => check._zod.def);

/** Values that match the contract's patterns; a new pattern needs its sample here. */
const PATTERN_SAMPLES = new Map<string, string>([
  [String.raw`^\/api\/files\/[a-f0-9]{32}(-thumb)?\.(jpg|png|webp)$`, `/api/files/${'a'.repeat(32)}.jpg`],
  [String.raw`^[a-f0-9]{32}(-thumb)?\.(jpg|png|webp)$`, `${'a'.repeat(32)}.jpg`],
  [String.raw`^\+?[0-9][0-9-]{5,19}$`, '13800000000'],
  [String.raw`^\+?[0-9][0-9 -]{5,19}$`, '13800000000'],
  ['^[a-z_]{1,30}$', 'walk_in'],
  // A private upload's name and its link's signature (issue 13).
  [String.raw`^p-[a-f0-9]{32}(-thumb)?\.(jpg|png|webp)$`, `p-${'a'.repeat(32)}.jpg`],
  [String.raw`^[\w-]{43}$`, 'a'.repeat(43)],
  // A signed link's expiry, Unix seconds as digits.
  [String.raw`^\d{1,12}$`, '1795660000'],
  // A verification id (issue 14): a tag's or a certificate's.
  ['^[A-Za-z0-9_-]{22}$', 'a'.repeat(22)],
  // A category's or material's code (issue 28 item 5).
  ['^[a-z0-9][a-z0-9_-]{0,59}$', 'k18'],
  // A photo guide's shot code (issue 28 item 5).
  ['^[a-z0-9][a-z0-9_-]{0,39}$', 'face'],
  // A dashboard banner's picture and link (issue 28 item 6).
  [
    String.raw`^(\/api\/files\/[a-f0-9]{32}\.(jpg|png|webp)|\/banners\/[a-z0-9-]{1,60}\.(svg|png|jpg|webp))$`,
    '/banners/banner-1.svg',
  ],
  [String.raw`^(|\/([^/\s]\S{0,198})?|https:\/\/\S{1,192})$`, '/pages/know/index'],
  // A knowledge article's cover (issue 28 item 6).
  [
    String.raw`^(|\/api\/files\/[a-f0-9]{32}\.(jpg|png|webp)|\/knowledge\/[a-z0-9-]{1,60}\.(svg|png|jpg|webp))$`,
    '/knowledge/gemstones.svg',
  ],
  // A passkey's bytes in base64url: its credential id, client data, signature (ADR 0103).
  ['^[A-Za-z0-9_-]+$', 'AAAA'],
  // A sign-in provider's key and the state a request at it carries (ADR 0103).
  ['^[a-z][a-z0-9-]{0,31}$', 'line'],
  ['^[A-Za-z0-9_-]{43}$', 'a'.repeat(43)],
]);

function sampleString(def: Def): string {
  if (def.format === 'uuid') return randomUUID();
  if (def.format === 'date') return '2026-01-02';
  if (def.format === 'datetime') return '2026-01-02T03:04:05.000Z';
  if (def.format === 'email') return 'a@shop.example';
  const checks = checksOf(def);
  const pattern = checks.find((check) => check.format === 'regex')?.pattern;
  if (pattern) {
    const sample = PATTERN_SAMPLES.get(pattern.source);
    if (sample === undefined) throw new Error(`no sample for the pattern /${pattern.source}/`);
    return sample;
  }
  const min = checks.find((check) => check.check === 'min_length')?.minimum ?? 1;
  return 'a'.repeat(Math.max(min, 1));
}

function sampleNumber(def: Def): number {
  const lower = checksOf(def).find((check) => check.check === 'greater_than');
  if (!lower || lower.value === undefined) return 1;
  return lower.inclusive ? lower.value : lower.value + 1;
}

/** A value the schema accepts: required fields only, each at its smallest. */
export function sample(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .filter(([, field]) => !['optional', 'default'].includes(defOf(field).type))
          .map(([key, field]) => [key, sample(field)]),
      );
    case 'optional':
      return undefined;
    case 'default':
    case 'nullable':
      return sample(def.innerType as z.ZodType);
    case 'pipe':
      // A text checked as a format after it is trimmed (an e-mail): a sample of the format.
      return defOf(def.out as z.ZodType).format ? sample(def.out as z.ZodType) : sample(def.in as z.ZodType);
    case 'array': {
      const min = checksOf(def).find((check) => check.check === 'min_length')?.minimum ?? 0;
      return Array.from({ length: min }, () => sample(def.element as z.ZodType));
    }
    case 'union':
      return sample((def.options as z.ZodType[])[0] as z.ZodType);
    case 'string':
      return sampleString(def);
    case 'number':
      return sampleNumber(def);
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return true;
    case 'record':
      return {};
    default:
      return null;
  }
}

/** Every text and whole-number field under a schema. */
export function fieldsOf(schema: z.ZodType, path: Path = []): { path: Path; kind: 'text' | 'int' }[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => fieldsOf(field, [...path, key]));
    case 'optional':
    case 'default':
    case 'nullable':
      return fieldsOf(def.innerType as z.ZodType, path);
    case 'pipe':
      return fieldsOf(def.in as z.ZodType, path);
    case 'array':
      return fieldsOf(def.element as z.ZodType, [...path, 0]);
    case 'union':
      return (def.options ?? []).flatMap((option) => fieldsOf(option, path));
    case 'string':
      return [{ path, kind: 'text' }];
    case 'number':
      return checksOf(def).some((check) => check.format === 'safeint') ? [{ path, kind: 'int' }] : [];
    default:
      return [];
  }
}

const hasPath = (schema: z.ZodType, path: Path) =>
  fieldsOf(schema).some((field) => field.path.join('.') === path.join('.'));

/** A value the schema accepts, except `value` at `path`. */
export function sampleWith(schema: z.ZodType, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const def = defOf(schema);
  const [head, ...rest] = path;
  switch (def.type) {
    case 'object': {
      const field = def.shape?.[head as string] as z.ZodType;
      return { ...(sample(schema) as object), [head as string]: sampleWith(field, rest, value) };
    }
    case 'optional':
    case 'default':
    case 'nullable':
      return sampleWith(def.innerType as z.ZodType, path, value);
    case 'pipe':
      return sampleWith(def.in as z.ZodType, path, value);
    case 'array': {
      const items = sample(schema) as unknown[];
      return [sampleWith(def.element as z.ZodType, rest, value), ...items.slice(1)];
    }
    case 'union': {
      const option = (def.options ?? []).find((candidate) => hasPath(candidate, path));
      if (!option) throw new Error(`no option holds ${path.join('.')}`);
      return sampleWith(option, path, value);
    }
    default:
      throw new Error(`cannot reach ${path.join('.')} in a ${def.type}`);
  }
}

/** Every text and whole-number input field of every contract route. */
export function contractInputFields(): Field[] {
  return Object.entries(routes).flatMap(([route, def]: [string, RouteDef]) =>
    (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = def[part];
      return schema ? fieldsOf(schema).map((field) => ({ route, def, part, ...field })) : [];
    }),
  );
}

/** The schema at `path` under `schema` (through optional, default, nullable, pipes, arrays and unions). */
function schemaAt(schema: z.ZodType, path: Path): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
      return schemaAt(def.innerType as z.ZodType, path);
    case 'pipe':
      return schemaAt(def.in as z.ZodType, path);
    case 'union':
      for (const option of def.options ?? []) {
        const found = hasPath(option, path) ? schemaAt(option, path) : undefined;
        if (found) return found;
      }
      return undefined;
    default:
      break;
  }
  if (path.length === 0) return schema;
  const [head, ...rest] = path;
  if (def.type === 'object') {
    const field = def.shape?.[head as string];
    return field ? schemaAt(field, rest) : undefined;
  }
  if (def.type === 'array') return schemaAt(def.element as z.ZodType, rest);
  return undefined;
}

/** Every calendar-day (`date`) and timestamp (`datetime`) input field of every contract route (issue 27). */
export function contractDateFields(): (Field & { format: 'date' | 'datetime' })[] {
  return contractInputFields().flatMap((field) => {
    const schema = field.kind === 'text' ? field.def[field.part] : undefined;
    const format = schema ? defOf(schemaAt(schema, field.path) ?? schema).format : undefined;
    return format === 'date' || format === 'datetime' ? [{ ...field, format }] : [];
  });
}
