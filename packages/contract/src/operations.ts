import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { defineRoute } from './route.ts';
import { readinessChecksSchema } from './system.ts';

/*
 * Operations in the browser, for the shop's managers (issue 28 item 8): the server's version, its
 * database and storage and what the readiness check finds of them; the backups written to the
 * server's backup directory, and "back up now". docs/adr/0092-operations-in-the-browser.md.
 */

/**
 * What a backup's check found: `ok`, every file read back whole against its manifest; `failed`,
 * some did not (`problems` says which); `incomplete`, no manifest: it did not finish, or is being
 * written now; `unchecked`, written by the CLI or before checks were kept.
 */
export const BACKUP_CHECKS = ['ok', 'failed', 'incomplete', 'unchecked'] as const;

export const backupSchema = z.object({
  /** Its directory's name in the backup directory: `backup-20261128T104500123Z-3f2a`. */
  name: z.string(),
  /** When its snapshot was taken; null when incomplete. */
  created_at: timestampSchema.nullable(),
  /** The snapshot and the photos, in bytes. */
  size_bytes: z.number().int(),
  /** Photos and thumbnails in it. */
  files: z.number().int(),
  check: z.enum(BACKUP_CHECKS),
  problems: z.array(z.string()),
});
export type Backup = z.infer<typeof backupSchema>;

export const operationsStatusSchema = z.object({
  version: z.string(),
  /** The Node.js running the server. */
  runtime: z.string(),
  /** When this instance started. */
  started_at: timestampSchema,
  checks: readinessChecksSchema,
  backups: z.object({
    /** Where "back up now" writes (BACKUP_DIR), as the server sees it. */
    dir: z.string(),
    /** How many are kept (BACKUP_KEEP). */
    keep: z.number().int(),
    /** Newest first. */
    items: z.array(backupSchema),
  }),
});
export type OperationsStatus = z.infer<typeof operationsStatusSchema>;

export const operationsRoutes = {
  operationsStatus: defineRoute({
    method: 'GET',
    path: '/api/operations',
    summary: "The server's version, database and storage with their readiness, and the backups kept",
    tag: 'operations',
    access: 'manager',
    data: operationsStatusSchema,
  }),
  operationsBackup: defineRoute({
    method: 'POST',
    path: '/api/operations/backups',
    summary:
      'Backs up the database and its photos now into the backup directory, checks it, and keeps the newest ' +
      'BACKUP_KEEP. 409 `backupRunning` while one is being written on this instance',
    tag: 'operations',
    access: 'manager',
    data: backupSchema,
  }),
};
