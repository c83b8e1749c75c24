import { describe, expect, it } from 'vitest';
import { leftOutSentences } from './left-out';

describe('leftOutSentences', () => {
  it('says nothing when nothing was left out', () => {
    expect(leftOutSentences('team', undefined)).toEqual([]);
  });

  it('names the unread items and counts the ones past the cap', () => {
    expect(leftOutSentences('team', { unread: ['Odd'], unreadCount: 1, more: 0 })).toEqual([
      '1 team could not be read: Odd',
    ]);
    expect(
      leftOutSentences('instance', { unread: ['a', 'b', 'c'], unreadCount: 5, more: 4500 }),
    ).toEqual([
      '5 instances could not be read: a, b, c and 2 more',
      'And 4,500 more instances not shown',
    ]);
    expect(leftOutSentences('device', { unread: [], unreadCount: 0, more: 1 })).toEqual([
      'And 1 more device not shown',
    ]);
  });
});
