/**
 * A user's action while a big account refreshes (issue 30), in Node through the real core: an
 * account of 200 teams (one instance and one device each) on a fake server answering each request
 * after 100 ms; once the refresh's ~600 reads are queued, a Stop. `action_post_ratio_refresh` is
 * the click → the POST reaching the server, ÷ that one request's latency: the user lane of the
 * server's limiter (main/base/limiter.ts) lets it pass the queued reads, so it waits for at most
 * one read in flight (budget ≤ 3). The same scenario is main/core.user-first.test.ts's.
 */
import { stopDuringRefresh } from '../../tests/support/busy-refresh';
import type { Samples } from './budgets';

const TEAMS = 200;
const LATENCY_MS = 100;

export async function measureActionPost(
  runs: number,
): Promise<{ samples: Samples; notes: string[] }> {
  const postMs: number[] = [];
  const pollMs: number[] = [];
  const before: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const measured = await stopDuringRefresh({ teams: TEAMS, latencyMs: LATENCY_MS });
    postMs.push(measured.clickToPostMs);
    pollMs.push(measured.postToFirstPollMs);
    before.push(measured.requestsBeforePost);
  }
  return {
    samples: {
      action_post_ratio_refresh: postMs.map((ms) => ms / LATENCY_MS),
      action_post_ms_refresh: postMs,
      action_poll_ms_refresh: pollMs,
      action_post_requests_before: before,
      server_latency_ms_refresh: postMs.map(() => LATENCY_MS),
    },
    notes: [
      `action_post_ms_refresh: a Stop during a refresh of ${TEAMS} teams, the server at ${LATENCY_MS} ms a request; requests that reached the server after the refresh began and before the POST, per run: ${before.join(', ')}`,
    ],
  };
}
