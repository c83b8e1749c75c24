/** The fake FlowFuse server's public surface. */
export { startFakeFlowFuse, type FakeFlowFuse } from './server';
export { startFakeFleet, type FakeFleet } from './fleet';
export { seedUser, type SeededUser, type TeamSpec } from './seed';
export { seedSample, XSS_DEVICE_NAME, XSS_TEAM_NAME } from './sample-data';
export { TEAM_TYPES } from './data';
export type * from './types';
export type * from './runtime-types';
