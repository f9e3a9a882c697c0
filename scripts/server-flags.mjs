// Node flags of the production server, chosen by measuring RSS under the bench's load:
// - V8 lets the young generation grow to 3 × 16 MiB semispaces; capping them at 4 MiB took the peak
//   from 347 to 265 MB at the same throughput;
// - V8 grows the old generation to up to ~3-4 × the live set under a steady allocation rate (its memory
//   reducer, which would shrink it, runs only when the process is idle, never under load): the 30-minute
//   soaks' RSS kept rising ~1.1-1.2 MB/min with every cache flat. --heap-growing-percent=100 holds the
//   factor at 2: a 12-minute soak gave RSS 268-287 MB instead of 381-406, and wrk on three reads (2
//   processes, 2 runs each) 12.3k/11.6k vs 13.2k/10.8k req/s for GET /projects/:id, no change beyond
//   run-to-run spread;
// - --expose-gc lets lib/server/serve.ts run one full collection after start-up, which returns what
//   Next's prepare and Prisma's start left behind (first-load RSS 217–261 → 188–196 MB). V8 reads it only at start-up (v8.setFlagsFromString later
// has no effect), so every launcher passes it: package.json's start script (which cannot import
// this file: keep the two in step), the bench and Playwright's web server.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=100', '--expose-gc']

// glibc's allocator, also set by every launcher before node starts (glibc reads it once, at the
// process's first allocation; package.json's start script sets it in its command line): one arena
// instead of one per thread that ever allocated, and freed memory handed back to the system past
// 128 kB instead of a threshold that only grows. Measured on the bench's member list: idle RSS
// 223 → 176 MB, after 50 connections 261 → 218 MB, same req/s.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_TRIM_THRESHOLD_: '131072' }
