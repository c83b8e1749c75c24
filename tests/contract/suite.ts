/**
 * The contract: everything Teamtray's FlowFuse client relies on, in the order it runs (reads
 * first, then the actions that change instances). The same list runs against the fake server in
 * `npm test` and against a real FlowFuse in `npm run test:contract`.
 */
import type { ContractCase } from './case';
import { ACTION_CASES } from './cases/actions';
import { AUDIT_AFTER_ACTION_CASES, AUDIT_CASES, LOG_CASES } from './cases/activity';
import { DETECTION_CASES } from './cases/detection';
import { DEVICE_ACTION_CASES } from './cases/device-actions';
import { DEVICE_CASES } from './cases/devices';
import { INSTANCE_CASES } from './cases/instances';
import { RENAME_CASES } from './cases/rename';
import { SESSION_CASES } from './cases/session';
import { TOKEN_CASES } from './cases/tokens';

export const CONTRACT: readonly ContractCase[] = [
  ...SESSION_CASES,
  ...TOKEN_CASES,
  ...RENAME_CASES,
  ...INSTANCE_CASES,
  ...DEVICE_CASES,
  ...LOG_CASES,
  ...AUDIT_CASES,
  ...DETECTION_CASES,
  ...DEVICE_ACTION_CASES,
  ...ACTION_CASES,
  ...AUDIT_AFTER_ACTION_CASES,
];
