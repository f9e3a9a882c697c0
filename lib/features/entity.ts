// Entities::Feature: Flipper's state (`on` when the boolean gate is set, `conditional` when only
// some actors have it, else `off`) and the gates that hold a value, as Flipper orders them.
import { featureDefinition } from './definitions'
import type { FeatureJson } from './schema'
import { flipperId, type FlagRow } from './service'

export function featureEntity(flag: FlagRow): FeatureJson {
  const actors = flag.actors.map((a) => flipperId(a.actorType, a.actorId))
  return {
    name: flag.name,
    state: flag.enabled ? 'on' : actors.length ? 'conditional' : 'off',
    gates: [
      { key: 'boolean', value: flag.enabled },
      ...(actors.length ? [{ key: 'actors' as const, value: actors }] : []),
    ],
    definition: featureDefinition(flag.name),
  }
}
