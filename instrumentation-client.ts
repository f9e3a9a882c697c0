// Runs in the browser before any of the console's own modules (Next's instrumentation-client
// convention). Zod 4 probes `new Function("")` when it builds its first object schema, to choose
// its compiled parsers; the console's Content-Security-Policy refuses eval (issue 31 A10), so the
// probe is a CSP violation on every page that loads a form schema, even though zod catches the
// refusal. Its documented `jitless` setting skips the probe (and the compiled parsers, which the
// policy would refuse anyway). Zod keeps its settings on globalThis.__zod_globalConfig: set there
// without importing zod, so this holds whether zod's module has been evaluated yet or not. The
// server keeps the compiled parsers (its API validation is on the hot path).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
holder.__zod_globalConfig ??= {}
holder.__zod_globalConfig.jitless = true

// The navigation progress bar (components/layout/navigation-progress.tsx) learns here that the
// router has started a navigation.
export { navigationStarted as onRouterTransitionStart } from './components/layout/navigation-store'
