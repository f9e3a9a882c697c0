// Node flags of the production server. V8 lets the young generation grow to 3 × 16 MiB semispaces
// under load; capping them at 4 MiB kept the server under the 300 MB RSS target (measured: peak
// 347 → 265 MB) at the same throughput. V8 reads it only at start-up (v8.setFlagsFromString later
// has no effect), so every launcher passes it: package.json's start script (which cannot import
// this file: keep the two in step), the bench and Playwright's web server.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4']
