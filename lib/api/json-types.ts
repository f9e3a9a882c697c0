// Building blocks of the response schemas: GitLab's JSON types as zod (ids are integers, times ISO
// 8601 in UTC with milliseconds, dates YYYY-MM-DD, decimals strings).
import { z } from 'zod'

export const int = () => z.number().int()
export const time = () => z.iso.datetime()
export const date = () => z.iso.date()
