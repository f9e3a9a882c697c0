// Rewrites README.md's configuration table from lib/config/variables.ts.
import { readFileSync, writeFileSync } from 'node:fs'
import { withConfigurationTables } from '../lib/config/readme'

const readme = readFileSync('README.md', 'utf8')
const next = withConfigurationTables(readme)
if (next !== readme) writeFileSync('README.md', next)
console.log(next === readme ? 'README.md: configuration table up to date' : 'README.md: configuration table rewritten')
