import { z } from 'zod'

/** Grape's accepted! body: `{"message":"202 Accepted"}`. */
export const acceptedSchema = z.strictObject({ message: z.string() })
