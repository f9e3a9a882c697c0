// DATA_DIR must take writes before anything starts (issue 34 §3): a read-only or full disk found
// by the secret file or the first migration would end the start in a stack trace, or in a cluster
// whose workers die one after another. The configuration refuses it instead (ConfigError: one line
// naming the directory and the errno, exit 1).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const REASONS: Record<string, string> = {
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'not a directory',
  EIO: 'input/output error',
}

/** Why DATA_DIR cannot take a small write now, as one line, or null. */
export function dataDirProblem(dir: string): string | null {
  const probe = path.join(dir, `.write-check-${process.pid}`)
  try {
    mkdirSync(dir, { recursive: true })
    // A page's worth: an empty file fits on a full disk, a SQLite page does not.
    writeFileSync(probe, Buffer.alloc(4096))
    return null
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO'
    return `DATA_DIR ${path.resolve(dir)}: ${REASONS[code] ?? 'cannot be written'} (${code})`
  } finally {
    rmSync(probe, { force: true })
  }
}
