/**
 * The Inbox view: the unread notifications of every account's FlowFuse inbox in one list,
 * newest first (renderer/state/inbox.ts), each opening its page in FlowFuse and each with Mark
 * read, and Mark all read. Main marks at once (its patches take the notification away) and
 * puts it back with the server's refusal, which shows here as a note. Server text is text only.
 */
import { SignalWatcher } from '@lit-labs/preact-signals';
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Result } from '../../common/errors';
import {
  inboxItems,
  inboxTrouble,
  someInboxReadable,
  unreadByAccount,
  type InboxItem,
} from '../state/inbox-items';
import { StoreConsumer } from '../state/store-context';
import { absoluteTime, relativeTime } from '../state/time';
import { externalIcon, warnIcon } from './icons';
import { sharedStyles } from './shared.styles';
import { toastEvent } from './toast-controller';

export class TtInbox extends SignalWatcher(LitElement) {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: block;
      }
      .empty {
        margin: 24px 0;
        text-align: center;
        color: var(--tt-muted);
      }
      .bar {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 8px;
        margin: 0 0 10px;
        color: var(--tt-muted);
        font-size: 12px;
      }
      ul {
        display: grid;
        gap: 6px;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      li {
        display: flex;
        align-items: flex-start;
        gap: 6px;
        padding: 8px 8px 8px 10px;
        border: 1px solid var(--tt-border);
        border-radius: var(--tt-radius-small);
        background: var(--tt-surface);
      }
      .open {
        display: grid;
        gap: 2px;
        flex: 1;
        min-width: 0;
        padding: 0;
        border: 0;
        background: none;
        text-align: start;
        cursor: pointer;
      }
      .open:hover .title {
        text-decoration: underline;
      }
      .title {
        font-weight: 600;
        overflow-wrap: anywhere;
        /* Server text: its bidi runs cannot turn the text around it. */
        unicode-bidi: isolate;
      }
      /* After the last word, wherever the title wraps. */
      .title .icon {
        display: inline-block;
        width: 12px;
        height: 12px;
        margin-left: 5px;
        vertical-align: -1px;
        color: var(--tt-muted);
      }
      .text,
      .meta {
        color: var(--tt-muted);
        font-size: 12px;
        overflow-wrap: anywhere;
      }
      .mark {
        flex: none;
      }
      .trouble {
        margin-top: 12px;
      }
      .trouble li {
        gap: 6px;
        padding: 0;
        border: 0;
        background: none;
        color: var(--tt-muted);
        font-size: 12px;
        overflow-wrap: anywhere;
      }
      .trouble .icon {
        width: 14px;
        height: 14px;
        margin-top: 1px;
      }
    `,
  ];

  private readonly stored = new StoreConsumer(this);

  protected override render(): TemplateResult {
    const { store } = this.stored;
    const items = inboxItems(store.accounts);
    const trouble = this.renderTrouble();
    if (items.length === 0) {
      // Only read-only tokens: no "Nothing unread" over inboxes that could not be read.
      return someInboxReadable(store.accounts)
        ? html`<p class="empty" role="status">Nothing unread</p>
            ${trouble}`
        : html`${trouble}`;
    }
    const now = store.now;
    return html`<div class="bar">
        <span role="status">${items.length === 1 ? '1 unread' : `${items.length} unread`}</span>
        <button class="btn small" type="button" @click=${() => void this.markAll(items)}>
          Mark all read
        </button>
      </div>
      <ul aria-label="Unread notifications">
        ${repeat(
          items,
          (item) => item.key,
          (item) => this.renderItem(item, now),
        )}
      </ul>
      ${trouble}`;
  }

  /** A read that failed: said quietly under the list (what was read before stays above). */
  private renderTrouble(): TemplateResult | typeof nothing {
    const trouble = inboxTrouble(this.stored.store.accounts);
    if (trouble.length === 0) return nothing;
    return html`<ul class="trouble" aria-label="Inboxes not read">
      ${trouble.map(
        (each) =>
          html`<li>
            ${warnIcon}<span
              >${
                each.needsWrite
                  ? `${each.account}: ${each.message}`
                  : `${each.account}: the inbox could not be read. ${each.message}`
              }</span
            >
          </li>`,
      )}
    </ul>`;
  }

  private renderItem(item: InboxItem, now: number): TemplateResult {
    const { notification: n, account } = item;
    const age = n.at === null ? null : relativeTime(n.at, now);
    const meta = [account, age].filter((part) => part !== null).join(' · ');
    return html`<li data-key=${item.key}>
      <button
        class="open"
        type="button"
        title=${n.at === null ? 'Open in FlowFuse' : `Open in FlowFuse · ${absoluteTime(n.at)}`}
        @click=${() => void this.open(item)}
      >
        <span class="title">${n.title}${externalIcon}</span>
        ${n.text === '' ? nothing : html`<span class="text">${n.text}</span>`}
        ${meta === '' ? nothing : html`<span class="meta">${meta}</span>`}
      </button>
      <button
        class="btn small mark"
        type="button"
        aria-label=${`Mark read: ${n.title}`}
        @click=${() => void this.mark(item.accountId, [n.id])}
      >
        Mark read
      </button>
    </li>`;
  }

  private async open(item: InboxItem): Promise<void> {
    const { connected } = this.stored.store;
    this.report(
      await connected.openNotification({ accountId: item.accountId, id: item.notification.id }),
    );
  }

  private async mark(accountId: string, ids: string[]): Promise<void> {
    this.report(await this.stored.store.connected.markNotificationsRead({ accountId, ids }));
  }

  private async markAll(items: readonly InboxItem[]): Promise<void> {
    await Promise.all(
      [...unreadByAccount(items)].map(([accountId, ids]) => this.mark(accountId, ids)),
    );
  }

  /** A refusal shows as a note; the notification is unread again (main's patches). */
  private report(result: Result<unknown>): void {
    if (!result.ok) this.dispatchEvent(toastEvent({ text: result.error.message }));
  }
}

customElements.define('tt-inbox', TtInbox);

declare global {
  interface HTMLElementTagNameMap {
    'tt-inbox': TtInbox;
  }
}
