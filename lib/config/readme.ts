// The README's configuration section is generated from variables.ts between two markers, so the
// documented variables, defaults and meanings are the parsed ones.
import { configurationTables } from './variables'

export const README_START =
  '<!-- configuration table: generated from lib/config/variables.ts by npm run gen:config-docs -->'
export const README_END = '<!-- end of the configuration table -->'

/** `readme` with the text between the markers replaced by the tables generated now. */
export function withConfigurationTables(readme: string): string {
  const start = readme.indexOf(README_START)
  const end = readme.indexOf(README_END)
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${README_START} … ${README_END}`)
  return `${readme.slice(0, start + README_START.length)}\n${configurationTables()}\n${readme.slice(end)}`
}
