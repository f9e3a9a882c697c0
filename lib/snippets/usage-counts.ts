// Snippets counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const snippetUsageCounts = {
  all: sqlCount('SELECT COUNT("Snippet"."id") AS count FROM "Snippet"'),
}
