// Building blocks of the response schemas: GitLab's JSON types as zod (ids are integers, times ISO
// 8601 in UTC with milliseconds, dates YYYY-MM-DD, decimals strings).
import { z } from 'zod'

export const int = () => z.number().int()
export const time = () => z.iso.datetime()
export const date = () => z.iso.date()
export const decimal = () => z.string().regex(/^-?\d+\.\d+$/)
export const accessLevel = () =>
  z.union([
    z.literal(0),
    z.literal(5),
    z.literal(10),
    z.literal(15),
    z.literal(20),
    z.literal(30),
    z.literal(40),
    z.literal(50),
    z.literal(60),
  ])
