import { PASSWORD_MIN_LENGTH } from '@jewel/contract/values/limits';
import { ROLE_CODES, type RoleCode } from '@jewel/contract/values/roles';
import { eq } from 'drizzle-orm';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { addToBranches, FIRST_BRANCH } from '../domain/branches.ts';
import { revokeUserSessions } from '../domain/sessions.ts';
import { shopRules } from '../domain/shop.ts';
import { importProducts } from '../features/catalog/catalog-import.ts';
import { runRetention } from '../features/customer/retention.ts';
import { importKnowledge } from '../features/knowledge/knowledge-import.ts';
import { BackupRefusedError, takeBackup } from '../features/operations/backup.ts';
import { ImportRefusedError } from '../lib/import-refused.ts';
import { createLogger } from '../lib/logging.ts';
import { generatedPassword, hashPassword } from '../lib/password.ts';
import { type Storage, storageFor } from '../plugins/external/storage.ts';
import { seedDemo } from '../seed/seed.ts';

export const usage = `Operator commands (same DATA_DIR / DATABASE_URL as the server; a running server on DATA_DIR runs them):
  create-user --mobile M --name N [--role recorder|valuers] [--password P]
  disable-user --mobile M        ends the user's sessions at once
  enable-user --mobile M
  reset-password --mobile M [--password P]   ends the user's sessions
  grant-manager --mobile M       makes a user a manager of the shop (the staff page); ends their sessions
  seed                           loads the demo data into an empty database
  import-knowledge DIR           knowledge articles from Markdown files with front matter; all or nothing
  import-products FILE.csv|DIR   catalog products (brand,type,category,material,name,code,replenish_status);
                                 a DIR holds products.csv and optional categories.csv, materials.csv, brands.csv; all or nothing
  retention [--now ISO-TIME]     removes the personal data of customers inactive for RETENTION_MONTHS (the daily job),
                                 private uploads no record took, and old inquiries' names and contacts;
                                 --now moves the clock (to check what a later run would remove)
  backup DIR                     the database, as of one moment, and every photo it names into a new directory
                                 (the identity key is not in it: keep it apart)
  restore DIR [--without-identity-key]
                                 a backup into a fresh place: an empty DATA_DIR, or an empty DATABASE_URL database;
                                 never through a running server`;

export class UsageError extends Error {}

/** A refusal whose message says everything (an import's bad files and lines): shown without the usage. */
export class RefusedError extends Error {}

function checkedPassword(password: string | undefined) {
  const chosen = password ?? generatedPassword();
  if (chosen.length < PASSWORD_MIN_LENGTH)
    throw new UsageError(`the password needs at least ${PASSWORD_MIN_LENGTH} characters`);
  return chosen;
}

async function findByMobile(database: Database, mobile: string | undefined) {
  if (!mobile) throw new UsageError('--mobile is required');
  const [user] = await database.db.select().from(users).where(eq(users.mobile, mobile));
  if (!user) throw new UsageError('no user with that mobile');
  return user;
}

export type Options = {
  mobile?: string;
  name?: string;
  role?: string;
  password?: string;
  /** The words after the command's name (`import-knowledge <dir>`). */
  args?: string[];
  /** `retention --now 2030-01-01T00:00:00Z`: the clock the run takes. */
  now?: string;
};

/** What a command may need besides the database: the server passes its own, the command line loads them. */
export interface CommandContext {
  config: Config;
  storage: Storage;
}

export function defaultContext(): CommandContext {
  const config = loadConfig();
  // The server's own choice: retention from the command line removes the bucket's objects too.
  return { config, storage: storageFor(config) };
}

type Command = (database: Database, options: Options, context?: CommandContext) => Promise<string>;

/** One command to run, as the command line gives it (and as it travels to a running server). */
export interface CommandRequest {
  command: string;
  options: Options;
}

/** What a command answers: the exit status (0 done, 1 refused or failed, 2 wrong usage) and its text. */
export interface CommandAnswer {
  status: number;
  output: string;
}

export const commands = {
  // --role takes one role or a comma-separated set (ADR 0104): recorder, valuers, manager.
  async 'create-user'(database, { mobile, name, role = 'recorder', password }) {
    if (!mobile || !name) throw new UsageError('--mobile and --name are required');
    const asked = role.split(',').map((each) => each.trim());
    const known = [...ROLE_CODES, 'manager'];
    if (asked.some((each) => !known.includes(each)) || asked.length === 0)
      throw new UsageError(`--role is one or more of ${known.join(', ')}, separated by commas`);
    const roles = ROLE_CODES.filter((code: RoleCode) => asked.includes(code));
    const manager = asked.includes('manager');
    const chosen = checkedPassword(password);
    const [user] = await database.db
      .insert(users)
      .values({ mobile, name, roles, manager, passwordHash: await hashPassword(chosen) })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new UsageError('that mobile is already in use');
    // The first branch; a manager gives them others on the staff page (docs/adr/0105).
    await addToBranches(database.db, user.id, [FIRST_BRANCH]);
    return `created user ${user.id} (${role})${password ? '' : `, password: ${chosen}`}`;
  },
  async 'disable-user'(database, { mobile }) {
    const user = await findByMobile(database, mobile);
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ isEnabled: false }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, 'disabled');
    });
    return `disabled user ${user.id}; their sessions have ended`;
  },
  async 'enable-user'(database, { mobile }) {
    const user = await findByMobile(database, mobile);
    await database.db.update(users).set({ isEnabled: true }).where(eq(users.id, user.id));
    return `enabled user ${user.id}`;
  },
  // Recovery, and a shop set up at the terminal before issue 28: managers are kept in the browser.
  async 'grant-manager'(database, { mobile }) {
    const user = await findByMobile(database, mobile);
    if (user.isTmp) throw new UsageError('a guest cannot manage the shop');
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ manager: true }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, 'roles-changed');
    });
    return `user ${user.id} manages the shop; their sessions have ended`;
  },
  async 'reset-password'(database, { mobile, password }) {
    const user = await findByMobile(database, mobile);
    const chosen = checkedPassword(password);
    const passwordHash = await hashPassword(chosen);
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, user.id, 'password');
    });
    return `password of user ${user.id} reset${password ? '' : ` to: ${chosen}`}; their sessions have ended`;
  },
  async seed(database) {
    const { seeded } = await seedDemo(database.db);
    return seeded ? 'demo data loaded' : 'the shop is set up already: nothing seeded';
  },
  async 'import-knowledge'(database, { args = [] }) {
    const dir = args[0];
    if (!dir) throw new UsageError('import-knowledge needs a directory');
    try {
      const result = await importKnowledge(database.db, dir);
      return `imported from ${result.files} files: ${result.articles} articles (${result.created} new, ${result.updated} updated), ${result.categories} categories`;
    } catch (error) {
      if (error instanceof ImportRefusedError) throw new RefusedError(error.message);
      throw error;
    }
  },
  async 'import-products'(database, { args = [] }) {
    const file = args[0];
    if (!file) throw new UsageError('import-products needs a CSV file or a directory');
    try {
      const result = await importProducts(database.db, file);
      const lists = `${result.categories} categories, ${result.materials} materials, ${result.brands} brands, ${result.photo_guides} photo guides`;
      return `imported ${result.rows} products: ${result.created} new, ${result.updated} updated; lists: ${lists}`;
    } catch (error) {
      if (error instanceof ImportRefusedError) throw new RefusedError(error.message);
      throw error;
    }
  },
  async retention(database, { now }, context = defaultContext()) {
    const clock = now === undefined ? new Date() : new Date(now);
    if (Number.isNaN(clock.getTime())) throw new UsageError('--now takes an ISO 8601 time, e.g. 2030-01-01T00:00:00Z');
    const log = createLogger('info', process.stderr);
    // The shop's retention (its managers' setting), else RETENTION_MONTHS.
    const { retentionMonths } = await shopRules(database.db, context.config);
    const counts = await runRetention(database.db, context.storage, { now: clock, retentionMonths, log });
    if (!counts.ran) throw new RefusedError('another retention run holds the lock; nothing done');
    return `retention at ${clock.toISOString()} (${retentionMonths} months): ${counts.customers} customers, ${counts.enrollments} enrollments, ${counts.identityChecks} identity checks, ${counts.ledgerEntries} ledger entries anonymized; ${counts.privateUploads} unused private uploads, ${counts.inquiries} inquiries' names and contacts removed; ${counts.filesRemoved} files removed${counts.filesFailed ? `, ${counts.filesFailed} failed` : ''}`;
  },
  async backup(database, { args = [] }, context = defaultContext()) {
    const dir = args[0];
    if (!dir) throw new UsageError('backup needs a directory to write to');
    try {
      return (await takeBackup(database, dir, context)).summary;
    } catch (error) {
      if (error instanceof BackupRefusedError) throw new RefusedError(error.message);
      throw error;
    }
  },
} satisfies Record<string, Command>;

export function isCommand(name: string): name is keyof typeof commands {
  return Object.hasOwn(commands, name);
}

/**
 * Runs a command on `database`, answering its outcome as the command line shows it: the same
 * whether the command line runs it itself or a running server does. Unexpected errors throw.
 */
export async function runCommand(
  database: Database,
  { command, options }: CommandRequest,
  context?: CommandContext,
): Promise<CommandAnswer> {
  try {
    if (!isCommand(command)) throw new UsageError('unknown command');
    return { status: 0, output: await commands[command](database, options, context) };
  } catch (error) {
    if (error instanceof UsageError) return { status: 2, output: `${error.message}\n\n${usage}` };
    if (error instanceof RefusedError) return { status: 1, output: error.message };
    throw error;
  }
}
