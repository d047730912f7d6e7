import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/*
 * DATA_DIR is its owner's alone (issue 27, item 10): it holds ID photos, signatures, the keys and
 * the embedded database with the "immutable" ledger, which any local account could otherwise read
 * or rewrite. The process works under a umask of 077, so that every directory it creates is 0700
 * and every file 0600 (PGlite's files too, which it opens with 0666); at start the server brings
 * an existing directory to the same modes and says, in one log line, how many it changed.
 * docs/decisions.md "Clean answers, fonts and file modes".
 */

/** Group and others get nothing of what the process creates. */
export const OWNER_ONLY_UMASK = 0o077;
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

export interface DataDirModes {
  /** The directory did not exist and was made, 0700. */
  created: boolean;
  /** Directories (DATA_DIR itself included) whose mode was changed to 0700. */
  directories: number;
  /** Files whose mode was changed to 0600. */
  files: number;
}

/** Sets the process's umask to OWNER_ONLY_UMASK; answers the previous one. */
export function ownerOnlyUmask(): number {
  return process.umask(OWNER_ONLY_UMASK);
}

/**
 * Makes `dataDir` (created when missing, its parents as the umask allows) and everything under
 * it owner-only: directories 0700, regular files 0600. Symbolic links are not followed (what they
 * point to is not DATA_DIR's), sockets and other special files are left alone.
 */
export function ownerOnlyDataDir(dataDir: string): DataDirModes {
  const result: DataDirModes = { created: false, directories: 0, files: 0 };
  try {
    lstatSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(path.dirname(dataDir), { recursive: true });
    mkdirSync(dataDir, { mode: DIRECTORY_MODE });
    result.created = true;
  }
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== DIRECTORY_MODE) {
        chmodSync(entry, DIRECTORY_MODE);
        result.directories++;
      }
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    } else if (stat.isFile() && (stat.mode & 0o777) !== FILE_MODE) {
      chmodSync(entry, FILE_MODE);
      result.files++;
    }
  };
  visit(dataDir);
  return result;
}

/** The start's one line about the modes, or undefined when nothing was changed. */
export function describeModes(modes: DataDirModes): string | undefined {
  if (modes.directories === 0 && modes.files === 0) return undefined;
  return `DATA_DIR made owner-only: ${modes.directories} director${modes.directories === 1 ? 'y' : 'ies'} set to 0700, ${modes.files} file${modes.files === 1 ? '' : 's'} set to 0600`;
}
