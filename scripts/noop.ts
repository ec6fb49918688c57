// Used by .ci/run: `node scripts/run.mjs scripts/noop.ts` installs the locked dependencies the way `npm start` and
// `npm test` do, so lint can run before the tests.
export {};
