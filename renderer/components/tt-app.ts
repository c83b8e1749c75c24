/**
 * The popover: picks the view, owns the global keys (/ and Ctrl+F search, Esc clears then
 * closes) and applies the theme.
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import type { AccountView } from '../../common/model';
import type { Account } from '../state/account-item';
import { accountTitle } from '../state/account-title';
import { countTeams } from '../state/rows';
import { StoreController, store, type View } from '../state/store';
import { backIcon } from './icons';
import { sharedStyles } from './shared.styles';
import { appStyles } from './tt-app.styles';
import type { TtHeader } from './tt-header';
import type { TtTeamList } from './tt-team-list';
import './tt-banners';
import './tt-header';
import './tt-account-form';
import './tt-onboarding';
import './tt-settings';
import './tt-team-list';

export class TtApp extends LitElement {
  static override styles = [sharedStyles, appStyles];

  private readonly data = new StoreController(this, store);

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKeyDown);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('keydown', this.onKeyDown);
    super.disconnectedCallback();
  }

  protected override willUpdate(): void {
    const theme = store.state?.settings.theme ?? 'system';
    if (document.documentElement.dataset.theme !== theme) {
      document.documentElement.dataset.theme = theme;
    }
  }

  protected override render(): TemplateResult {
    // One landmark around everything: the popover is a single region.
    return html`<main aria-label="Teamtray">${this.renderView()}</main>`;
  }

  private renderView(): TemplateResult {
    const { store: s } = this.data;
    if (s.loadError !== null) {
      return html`<div class="fatal" role="alert">
        <strong>Teamtray could not load its data</strong>
        <span>${s.loadError.message}</span>
        <button
          class="btn"
          @click=${() => {
            window.location.reload();
          }}
        >
          Try again
        </button>
      </div>`;
    }
    // While main answers, the teams view is already up (the list shows the wait): the same
    // template, so its elements, shadow roots and styles are ready when the state arrives.
    if (s.state === null) return this.renderTeams();
    const view = s.view;
    if (s.accounts.length === 0 && (view.name === 'teams' || view.name === 'add')) {
      return html`<tt-banners></tt-banners>
        <div class="view-body" @tt-saved=${this.onSaved}><tt-onboarding></tt-onboarding></div>`;
    }
    switch (view.name) {
      case 'teams':
        return this.renderTeams();
      case 'settings':
        return html`${this.renderViewHead('Settings', { name: 'teams' })}
          <div class="view-body"><tt-settings></tt-settings></div>`;
      case 'add':
        return this.renderForm('Add an account', 'add', null);
      case 'edit':
      case 'token': {
        const account = s.account(view.accountId);
        if (account === undefined) return this.renderGone();
        const { title } = accountTitle(account);
        return view.name === 'edit'
          ? this.renderForm(`Edit ${title}`, 'edit', account)
          : this.renderForm(`New token for ${title}`, 'token', account);
      }
    }
  }

  private renderTeams(): TemplateResult {
    return html`${this.renderHeader()}<tt-banners></tt-banners>
      <tt-team-list @tt-leave-top=${this.focusSearch}></tt-team-list>`;
  }

  private renderHeader(): TemplateResult {
    return html`<tt-header
      .query=${store.query}
      .refreshing=${store.refreshing.has('all')}
      .teamCount=${countTeams(store.accounts)}
      @tt-query=${(event: CustomEvent<string>) => {
        store.setQuery(event.detail);
      }}
      @tt-refresh=${() => void store.refresh()}
      @tt-open-settings=${() => {
        store.navigate({ name: 'settings' });
      }}
      @tt-focus-list=${() => {
        this.list()?.focusFirst();
      }}
      @tt-open-first=${() => {
        const list = this.list();
        const first = list?.firstTeam();
        if (list !== null && first !== undefined) list.open(first);
      }}
    ></tt-header>`;
  }

  private renderViewHead(title: string, back: View): TemplateResult {
    return html`<div class="view-head">
      <button
        class="icon-btn"
        aria-label="Back"
        title="Back (Esc)"
        @click=${() => {
          store.navigate(back);
        }}
      >
        ${backIcon}
      </button>
      <h1>${title}</h1>
    </div>`;
  }

  private renderForm(
    title: string,
    mode: 'add' | 'edit' | 'token',
    account: Account | null,
  ): TemplateResult {
    const lead =
      mode === 'token' && account !== null
        ? html`<p class="lead">
            ${
              account.status === 'unauthorized'
                ? `${account.host} refused the saved token: it expired or was revoked.`
                : 'Teamtray does not hold this account’s token right now.'
            }
            Paste a new one; the account and its place in the list stay as they are.
          </p>`
        : nothing;
    return html`${this.renderViewHead(title, store.formReturn)}
      <div
        class="view-body"
        @tt-saved=${this.onSaved}
        @tt-cancel=${() => {
          store.navigate(store.formReturn);
        }}
      >
        ${lead}
        <tt-account-form .mode=${mode} .account=${account}></tt-account-form>
      </div>`;
  }

  private renderGone(): TemplateResult {
    return html`${this.renderViewHead('Account removed', { name: 'teams' })}
      <div class="view-body"><p class="lead">This account is no longer saved.</p></div>`;
  }

  private list(): TtTeamList | null {
    return this.renderRoot.querySelector('tt-team-list');
  }

  private header(): TtHeader | null {
    return this.renderRoot.querySelector('tt-header');
  }

  private readonly focusSearch = (): void => {
    this.header()?.focusSearch();
  };

  private readonly onSaved = (event: CustomEvent<AccountView>): void => {
    store.upsertAccount(event.detail);
    store.navigate(store.formReturn);
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.isComposing) return;
    const typing = isTextField(event.composedPath()[0]);
    const mod = event.ctrlKey || event.metaKey;
    if ((mod && event.key.toLowerCase() === 'f') || (event.key === '/' && !typing && !mod)) {
      if (store.view.name !== 'teams' || store.accounts.length === 0) return;
      event.preventDefault();
      this.focusSearch();
      return;
    }
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (store.view.name !== 'teams' && store.accounts.length > 0) {
      store.navigate(store.view.name === 'settings' ? { name: 'teams' } : store.formReturn);
    } else if (store.query !== '') {
      store.setQuery('');
      this.focusSearch();
    } else {
      void store.connected.hideWindow();
    }
  };
}

function isTextField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

customElements.define('tt-app', TtApp);

declare global {
  interface HTMLElementTagNameMap {
    'tt-app': TtApp;
  }
}
