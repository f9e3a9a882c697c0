// Personal access tokens counted for the usage data (service ping); the statements name this domain's own table.
import { sqlCount } from '../db'

export const tokenUsageCounts = {
  all: sqlCount('SELECT COUNT("PersonalAccessToken"."id") AS count FROM "PersonalAccessToken"'),
}
