import { describe, expect, it } from 'vitest';
import { historyWords } from './history-words';
import { clockTime } from './time';

describe('a history in words', () => {
  it('says each transition newest first, with who did it where known', () => {
    const day = new Date(2026, 10, 27, 9, 40).getTime();
    const history = [
      { at: day, state: 'stopped', by: 'bob' },
      { at: day + 22 * 60_000, state: 'crashed' },
      { at: day + 25 * 60_000, state: 'running' },
    ];
    expect(historyWords(history, day + 30 * 60_000)).toEqual([
      `${clockTime(day + 25 * 60_000)} running`,
      `${clockTime(day + 22 * 60_000)} crashed`,
      `${clockTime(day)} stopped by bob`,
    ]);
  });

  it('puts the day before an entry from another day, and says nothing of no history', () => {
    const day = new Date(2026, 10, 27, 9, 40).getTime();
    const [line] = historyWords([{ at: day, state: 'offline' }], day + 2 * 86_400_000);
    expect(line).toMatch(new RegExp(`^\\S+ ${clockTime(day)} offline$`));
    expect(historyWords(undefined, day)).toEqual([]);
    expect(historyWords([], day)).toEqual([]);
  });
});
