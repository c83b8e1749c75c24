/**
 * Things worth telling the user once, kept in memory for this run: a settings file moved aside,
 * saved servers that could not be read. The same message is not shown twice.
 */
import { randomUUID } from 'node:crypto';
import type { Notice } from '../../common/model';
import type { NoticeBoard } from './types';

/** A user who ignores notices must not grow a list without end. */
export const MAX_NOTICES = 20;

export interface NoticeBoardOptions {
  readonly newId?: () => string;
}

export class MemoryNoticeBoard implements NoticeBoard {
  readonly #notices: Notice[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #newId: () => string;

  constructor(options: NoticeBoardOptions = {}) {
    this.#newId = options.newId ?? randomUUID;
  }

  list(): readonly Notice[] {
    return [...this.#notices];
  }

  add(notice: Omit<Notice, 'id'>): Notice {
    const same = this.#notices.find(
      (existing) => existing.level === notice.level && existing.message === notice.message,
    );
    if (same !== undefined) return same;
    const added: Notice = { id: this.#newId(), level: notice.level, message: notice.message };
    this.#notices.push(added);
    if (this.#notices.length > MAX_NOTICES) this.#notices.shift();
    this.#emit();
    return added;
  }

  dismiss(id: string): void {
    const index = this.#notices.findIndex((notice) => notice.id === id);
    if (index === -1) return;
    this.#notices.splice(index, 1);
    this.#emit();
  }

  /** Called after every add or dismiss that changed the list. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(): void {
    for (const listener of this.#listeners) listener();
  }
}

export function createNoticeBoard(options?: NoticeBoardOptions): MemoryNoticeBoard {
  return new MemoryNoticeBoard(options);
}
