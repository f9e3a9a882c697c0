// Group avatars: image files under DATA_DIR/uploads/group/avatar/<groupId>/<random>/<name>. The
// database keeps the relative path and the name; a new upload gets a new random directory, so a
// replaced file is never served under an old URL, and the old directory is removed afterwards.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { paramError, validation } from '../api/errors'
import { isUploadedFile, type UploadedFile } from '../api/params'
import { config } from '../config'
import { setting } from '../settings/service'

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  webp: 'image/webp',
}
const FORMAT_ERROR = `file format is not supported. Please try one of the following supported formats: ${Object.keys(TYPES).join(', ')}`

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x)

/** The image type from the file's first bytes (clients often send no part Content-Type). */
export function sniffImage(b: Uint8Array): string | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(b, [0x47, 0x49, 0x46, 0x38])) return 'image/gif'
  if (startsWith(b, [0x42, 0x4d])) return 'image/bmp'
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff'
  if (startsWith(b, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon'
  if (startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

const extOf = (name: string) => path.extname(name).slice(1).toLowerCase()

/** Content type by extension, else by content. */
export const avatarContentType = (name: string, bytes: Uint8Array) =>
  TYPES[extOf(name)] ?? sniffImage(bytes) ?? 'application/octet-stream'

/** CarrierWave's sanitizing: the base name with anything unusual replaced by '_'. */
export function sanitizeFilename(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, '/'))
    .replace(/[^a-zA-Z0-9.\-+_]/g, '_')
    .replace(/^\.+/, '_')
  return (base || 'avatar').slice(0, 200)
}

/** What PUT's `avatar` asks for: nothing, removal, or a new file. */
export type AvatarChange = { kind: 'none' } | { kind: 'remove' } | { kind: 'file'; file: UploadedFile }

export function avatarChange(value: unknown): AvatarChange {
  if (value === undefined) return { kind: 'none' }
  if (value === '' || value === null) return { kind: 'remove' }
  if (isUploadedFile(value))
    return value.size === 0 && !value.filename ? { kind: 'remove' } : { kind: 'file', file: value }
  throw paramError('avatar is invalid')
}

export interface StoredAvatar {
  avatarPath: string
  avatarFilename: string
}

/** Validates (type by extension or content, size vs max_attachment_size) and writes the file. */
export async function storeAvatar(groupId: number, file: UploadedFile): Promise<StoredAvatar> {
  const maxMb = await setting<number>('max_attachment_size')
  if (file.size > maxMb * 1024 * 1024) throw validation({ avatar: [`is too big (should be at most ${maxMb} MiB)`] })
  const bytes = await file.bytes()
  const byExt = extOf(file.filename) in TYPES
  const sniffed = sniffImage(bytes)
  if (!byExt && !sniffed) throw validation({ avatar: [FORMAT_ERROR] })
  // Recognised by content only (no image extension): served with the sniffed type (avatarContentType).
  const name = sanitizeFilename(file.filename)
  const rel = path.posix.join('uploads', 'group', 'avatar', String(groupId), randomBytes(16).toString('hex'), name)
  const abs = path.join(config().dataDir, rel)
  await mkdir(path.dirname(abs), { recursive: true })
  await writeFile(abs, bytes)
  return { avatarPath: rel, avatarFilename: name }
}

const absolute = (rel: string) => {
  const root = path.join(config().dataDir, 'uploads')
  const abs = path.resolve(config().dataDir, rel)
  // The path comes from our own column, but never leave the uploads tree whatever it says.
  return abs.startsWith(root + path.sep) ? abs : null
}

/** Removes an avatar's directory; a missing file is fine (already gone). */
export async function removeAvatarFile(rel: string | null | undefined): Promise<void> {
  if (!rel) return
  const abs = absolute(rel)
  if (abs) await rm(path.dirname(abs), { recursive: true, force: true })
}

/** The stored avatar's size in bytes (0 when the file is gone). */
export async function avatarSize(rel: string): Promise<number> {
  const abs = absolute(rel)
  return abs
    ? stat(abs).then(
        (s) => s.size,
        () => 0,
      )
    : 0
}

export async function readAvatar(rel: string): Promise<Uint8Array | null> {
  const abs = absolute(rel)
  if (!abs) return null
  try {
    return new Uint8Array(await readFile(abs))
  } catch {
    return null
  }
}
