// The test build's switch. As served by `make` (the sources), the page keeps the hooks the e2e
// suite and `make bench` use: the `club:ready` event handing over the engines, the bench's timings
// and the app's restart in place, and the worker's `reset` and `bench`. The published site
// (`tools/build.py --dist`) writes this module as `false` before bundling, so esbuild drops
// every branch it guards: no player's page answers them.
export const TEST_BUILD = true;
