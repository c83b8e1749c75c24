/**
 * Things worth telling the user once, kept in memory for this run: a settings file moved aside,
 * saved servers that could not be read. The same message is not shown twice.
 */
import { randomUUID } from 'node:crypto';
import { Emitter } from '../../common/emitter';
import type { Notice } from '../../common/model';
import type { NoticeBoard } from './types';

/** A user who ignores notices must not grow a list without end. */
export const MAX_NOTICES = 20;

export interface NoticeBoardOptions {
  readonly newId?: () => string;
}

export function createNoticeBoard(options: NoticeBoardOptions = {}): NoticeBoard {
  const newId = options.newId ?? randomUUID;
  const notices: Notice[] = [];
  const changes = new Emitter<void>();
  const emit = (): void => {
    changes.emit();
  };
  return {
    list: () => [...notices],
    add(notice) {
      const same = notices.find(
        (existing) => existing.level === notice.level && existing.message === notice.message,
      );
      if (same !== undefined) return same;
      const added: Notice = { id: newId(), level: notice.level, message: notice.message };
      notices.push(added);
      if (notices.length > MAX_NOTICES) notices.shift();
      emit();
      return added;
    },
    dismiss(id) {
      const index = notices.findIndex((notice) => notice.id === id);
      if (index === -1) return;
      notices.splice(index, 1);
      emit();
    },
    onChange: (listener) => changes.on(listener),
  };
}
