// Tar archives written by hand, 512-byte ustar headers at a time: tar's own Pack strips `../` and
// leading `/` from names and cannot write a hostile archive, which the archive tests need.

/** One ustar header (POSIX 1003.1-1988): name, mode, sizes in octal, the checksum over the header with its own field as spaces. */
export function tarHeader(name: string, opts: { type?: string; size?: number; linkname?: string } = {}): Buffer {
  const h = Buffer.alloc(512)
  if (Buffer.byteLength(name) > 100) throw new Error(`name too long for a plain ustar header: ${name}`)
  h.write(name, 0, 100, 'utf8')
  h.write('0000644\0', 100) // mode
  h.write('0000000\0', 108) // uid
  h.write('0000000\0', 116) // gid
  h.write(`${(opts.size ?? 0).toString(8).padStart(11, '0')}\0`, 124)
  h.write('00000000000\0', 136) // mtime
  h.fill(' ', 148, 156)
  h.write(opts.type ?? '0', 156) // '0' file, '1' hardlink, '2' symlink, '5' directory
  h.write(opts.linkname ?? '', 157, 100, 'utf8')
  h.write('ustar\u000000', 257)
  let sum = 0
  for (const b of h) sum += b
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  return h
}

/** A tar entry: its header, its data padded to whole blocks. */
export function tarEntry(
  name: string,
  content: Buffer | string = '',
  opts: { type?: string; linkname?: string } = {},
): Buffer {
  const body = Buffer.from(content)
  return Buffer.concat([
    tarHeader(name, { ...opts, size: body.length }),
    body,
    Buffer.alloc((512 - (body.length % 512)) % 512),
  ])
}

/** Two zero blocks: the end of a tar archive. */
export const TAR_END = Buffer.alloc(1024)

/** A valid group export tree (one group), so that a hostile entry added to it is the only thing wrong with an archive. */
export const GROUP_TREE = [
  tarEntry('VERSION', '0.2.4'),
  tarEntry('tree/groups/_all.ndjson', '1\n'),
  tarEntry('tree/groups/1.json', JSON.stringify({ id: 1, name: 'Top', path: 'top', visibility_level: 0 })),
]
