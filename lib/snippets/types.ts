// The JSON the console receives, named once from the serializers (the console reads the API only).
import type { snippetEntity, versionEntity } from './entity'

export type SnippetJson = ReturnType<typeof snippetEntity>
export type SnippetVersionJson = ReturnType<typeof versionEntity>
