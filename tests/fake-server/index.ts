/** The fake FlowFuse server's public surface. */
export { startFakeFlowFuse, type FakeFlowFuse } from './server';
export { startFakeFleet, type FakeFleet, type FleetMember } from './fleet';
export {
  seedRuntime,
  seedUser,
  seededTeam,
  type ApplicationSpec,
  type RuntimeSpec,
  type SeedUserInput,
  type SeededRuntime,
  type SeededUser,
  type TeamSpec,
} from './seed';
export {
  seedSample,
  SAMPLE_TOKEN,
  SAMPLE_USER,
  XSS_DEVICE_NAME,
  XSS_TEAM_NAME,
  type SampleOptions,
} from './sample-data';
export { FakeData, TEAM_TYPES, type NewTeam, type NewUser, type TokenSummary } from './data';
export { FakeRuntime, LONG_AGO_MS, DEFAULT_START_DELAY_MS, type DevicePage } from './runtime-data';
export type * from './types';
export type * from './runtime-types';
