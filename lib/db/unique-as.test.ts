import { describe, expect, it } from 'vitest'
import { uniqueAs } from '.'

describe('uniqueAs', () => {
  const taken = () => new Error('has already been taken')

  it("answers a unique violation (Prisma's P2002) with the given error", async () => {
    const violation = Object.assign(new Error('Unique constraint failed'), { code: 'P2002' })
    await expect(Promise.reject(violation).catch(uniqueAs(taken))).rejects.toThrow('has already been taken')
  })

  it('rethrows any other failure as it was', async () => {
    const other = Object.assign(new Error('Foreign key constraint failed'), { code: 'P2003' })
    await expect(Promise.reject(other).catch(uniqueAs(taken))).rejects.toBe(other)
  })

  it('passes a success through', async () => {
    await expect(Promise.resolve(7).catch(uniqueAs(taken))).resolves.toBe(7)
  })
})
