/** The fake FlowFuse server's public surface. */
export { startFakeFlowFuse, type FakeFlowFuse } from './server';
export { startFakeFleet, type FakeFleet, type FleetMember } from './fleet';
export { seedUser, seededTeam, type SeedUserInput, type SeededUser, type TeamSpec } from './seed';
export { seedSample, SAMPLE_USER, XSS_TEAM_NAME } from './sample-data';
export { FakeData, TEAM_TYPES, type NewTeam, type NewUser } from './data';
export type * from './types';
