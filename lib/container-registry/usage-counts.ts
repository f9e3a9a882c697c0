// Container repositories counted for the usage data (service ping); the statement names this domain's own table.
import { sqlCount } from '../db'

export const containerRegistryUsageCounts = {
  repositories: sqlCount(`SELECT COUNT("ContainerRepository"."id") AS count FROM "ContainerRepository"`),
}
