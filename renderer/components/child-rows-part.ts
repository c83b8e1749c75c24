/**
 * What the list draws only once a team is open, a pin shows an instance or a device, or
 * instances are picked: the rows under a team, a pin the server no longer lists, the bulk bar,
 * their styles (the open team pinned while its rows scroll too), and the controllers they act through (./lazy-row-controllers.ts). One module, loaded on first use (./lazy-rows.ts), so the first script holds
 * only what the first screen shows: the accounts and their teams (issue 30).
 */
import type { CSSResult } from 'lit';
import { bulkSummary } from '../../common/bulk';
import { BulkController } from './bulk-controller';
import { renderBulkBar } from './bulk-parts';
import { bulkStyles } from './bulk-parts.styles';
import { changeBeforeStyles } from './change-before.styles';
import {
  renderDeviceRow,
  renderInstanceRow,
  renderRuntimeHeading,
  renderRuntimeMore,
  renderRuntimeNote,
} from './child-rows';
import { childRowStyles } from './child-rows.styles';
import { deployLineStyles } from './deploy-line.styles';
import { DeviceActionsController } from './device-actions-controller';
import { InstanceActionsController } from './instance-actions-controller';
import { InstanceLogController } from './instance-log-controller';
import { instanceLogStyles } from './instance-log.styles';
import { renderPinGone } from './pin-child-parts';
import { pinChildStyles } from './pin-child-parts.styles';
import { pinnedTeamStyles } from './pinned-team.styles';
import { rowHistoryStyles } from './row-history.styles';
import { blocksInPage } from '../state/page-blocks';
import { RowSlots } from '../state/row-slots';

export {
  BulkController,
  blocksInPage,
  DeviceActionsController,
  InstanceActionsController,
  InstanceLogController,
  bulkSummary,
  renderBulkBar,
  renderDeviceRow,
  renderInstanceRow,
  renderPinGone,
  renderRuntimeHeading,
  renderRuntimeMore,
  renderRuntimeNote,
  RowSlots,
};

/** In the order the list had them (after its own): later rules win where they meet. */
export const childRowSheets: readonly CSSResult[] = [
  // First: these came before the rows' own when they were the list's (equal specificity).
  pinnedTeamStyles,
  pinChildStyles,
  childRowStyles,
  instanceLogStyles,
  changeBeforeStyles,
  rowHistoryStyles,
  deployLineStyles,
  bulkStyles,
];
