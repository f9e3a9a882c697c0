import { describe, expect, it } from 'vitest'
import { scopedContext } from './scoped-context'

const tick = () => new Promise<void>((r) => setImmediate(r))

describe('scopedContext', () => {
  it('keeps a run’s store across awaits, and gives none outside a run', async () => {
    const ctx = scopedContext<string>('test.basic')
    expect(ctx.getStore()).toBeUndefined()
    const seen = await ctx.run('a', async () => {
      const first = ctx.getStore()
      await tick()
      await Promise.resolve()
      return [first, ctx.getStore()]
    })
    expect(seen).toEqual(['a', 'a'])
    expect(ctx.getStore()).toBeUndefined()
  })

  it('keeps a run’s store when a concurrent run settles first (the storage stays enabled while any runs)', async () => {
    const ctx = scopedContext<string>('test.concurrent')
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const long = ctx.run('long', async () => {
      await gate
      await tick()
      return ctx.getStore()
    })
    expect(await ctx.run('short', async () => (await tick(), ctx.getStore()))).toBe('short')
    release()
    expect(await long).toBe('long')
    // Enabled again by a later run after the last one settled.
    expect(await ctx.run('again', async () => (await tick(), ctx.getStore()))).toBe('again')
  })

  it('nests, and settles its count when the function throws at once or rejects', async () => {
    const ctx = scopedContext<number>('test.nested')
    expect(
      await ctx.run(1, async () => [
        ctx.getStore(),
        await ctx.run(2, async () => (await tick(), ctx.getStore())),
        ctx.getStore(),
      ]),
    ).toEqual([1, 2, 1])
    expect(() =>
      ctx.run(3, () => {
        throw new Error('at once')
      }),
    ).toThrow('at once')
    await expect(
      ctx.run(4, async () => {
        await tick()
        throw new Error('later')
      }),
    ).rejects.toThrow('later')
    expect(await ctx.run(5, async () => (await tick(), ctx.getStore()))).toBe(5)
  })
})
