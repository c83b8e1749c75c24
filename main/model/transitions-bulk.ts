/**
 * The transitions of a bulk action (main/bulk/bulk-actions.ts): it starts with every item
 * picked (those left out already refused, with why), each item is answered on its own (taken,
 * or refused), each taken one ends as its row settles (done, or failed), and it finishes once
 * all have ended. The run lives in the model so a summary is not lost when the popover
 * closes meanwhile; the next bulk action replaces it.
 */
import type { Draft } from 'immer';
import type { BulkItem, BulkOutcome, BulkRun } from '../../common/bulk';
import type { TeamtrayState } from '../../common/state';

type Recipe<P> = (draft: Draft<TeamtrayState>, payload: P) => void;

const transition = <P>(recipe: Recipe<P>): Recipe<P> => recipe;

/** The run with this id, when it is the model's. */
function runOf(draft: Draft<TeamtrayState>, id: number): Draft<BulkRun> | undefined {
  const run = draft.bulk;
  return run?.id === id ? run : undefined;
}

export const bulkTransitions = {
  /** A bulk action was confirmed: its items, each waiting or already refused. */
  bulkStarted: transition<BulkRun>((draft, run) => {
    draft.bulk = run as Draft<BulkRun>;
  }),
  /** One item was answered: FlowFuse took the action (`sent`), or it was refused (with why). */
  bulkItemAnswered: transition<{
    readonly id: number;
    readonly index: number;
    readonly outcome: 'sent' | 'refused';
    readonly reason: string | null;
  }>((draft, { id, index, outcome, reason }) => {
    const item: Draft<BulkItem> | undefined = runOf(draft, id)?.items[index];
    if (item === undefined || item.outcome !== 'waiting') return;
    item.outcome = outcome;
    item.reason = reason;
  }),
  /** A taken item's row settled: where the action leads (`done`), or elsewhere (`failed`). */
  bulkItemEnded: transition<{
    readonly id: number;
    readonly index: number;
    readonly outcome: Extract<BulkOutcome, 'done' | 'failed'>;
    readonly reason: string | null;
  }>((draft, { id, index, outcome, reason }) => {
    const item: Draft<BulkItem> | undefined = runOf(draft, id)?.items[index];
    if (item === undefined || item.outcome !== 'sent') return;
    item.outcome = outcome;
    item.reason = reason;
  }),
  /** Every item ended. */
  bulkFinished: transition<{ readonly id: number; readonly at: number }>((draft, { id, at }) => {
    const run = runOf(draft, id);
    if (run !== undefined && run.finishedAt === null) run.finishedAt = at;
  }),
};
