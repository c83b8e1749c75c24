/**
 * The popover: picks the view, owns the global keys (state/app-keys), the menu's choices, the
 * dialogs (shortcuts, About), the toast, and applies the theme.
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import type { AccountView } from '../../common/model';
import type { Account } from '../state/account-item';
import { accountTitle } from '../state/account-title';
import { appKeyAction } from '../state/app-keys';
import { countTeams } from '../state/rows';
import { StoreController, store, type View } from '../state/store';
import { backIcon } from './icons';
import { sharedStyles } from './shared.styles';
import { renderToast, toastStyles } from './toast';
import { ToastController, type Toast } from './toast-controller';
import type { MenuChoice } from './tt-app-menu';
import { appStyles } from './tt-app.styles';
import type { TtHeader } from './tt-header';
import type { TtTeamList } from './tt-team-list';
import { loadPart, loadPartsWhenIdle, partFor } from './lazy-parts';
import './tt-app-menu';
import './tt-banners';
import './tt-header';
import './tt-team-list';

export class TtApp extends LitElement {
  static override styles = [sharedStyles, appStyles, toastStyles];

  private readonly data = new StoreController(this, store);
  private readonly toasts = new ToastController(this);

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
    if (store.state !== null) {
      const part = partFor(store.view, store.accounts.length > 0);
      if (part !== null) void loadPart(part);
    }
  }

  protected override updated(): void {
    // The list is up: the other views load in the background, ready when asked for.
    if (store.state !== null) loadPartsWhenIdle();
  }

  protected override render(): TemplateResult {
    // One landmark around everything: the popover is a single region.
    return html`<main
      aria-label="Teamtray"
      @tt-menu=${this.onMenu}
      @tt-toast=${(event: CustomEvent<Toast>) => {
        this.toasts.show(event.detail);
      }}
    >
      ${this.renderView()} ${renderToast(this.toasts)}
      <tt-shortcuts></tt-shortcuts>
      <tt-about></tt-about>
    </main>`;
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
      // No header yet: the menu (Settings, Help, About, Quit) sits in the corner.
      return html`<tt-banners></tt-banners>
        <div class="view-body first-run" @tt-saved=${this.onSaved}>
          <tt-app-menu class="corner-menu"></tt-app-menu>
          <tt-onboarding></tt-onboarding>
        </div>`;
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
      .refreshing=${store.refreshing.size > 0 || store.accounts.some((a) => a.status === 'loading')}
      .teamCount=${countTeams(store.accounts)}
      @tt-query=${(event: CustomEvent<string>) => {
        store.setQuery(event.detail);
      }}
      @tt-refresh=${() => void store.refresh()}
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

  /** Opens a dialog, its module loaded first if it was not yet. */
  private async showDialog(name: 'about' | 'shortcuts'): Promise<void> {
    await loadPart(name);
    const dialog =
      name === 'about'
        ? this.renderRoot.querySelector('tt-about')
        : this.renderRoot.querySelector('tt-shortcuts');
    dialog?.show();
  }

  private readonly onSaved = (event: CustomEvent<AccountView>): void => {
    store.upsertAccount(event.detail);
    store.navigate(store.formReturn);
  };

  private readonly onMenu = (event: CustomEvent<MenuChoice>): void => {
    switch (event.detail) {
      case 'settings':
        store.navigate({ name: 'settings' });
        break;
      case 'shortcuts':
        void this.showDialog('shortcuts');
        break;
      case 'about':
        void this.showDialog('about');
        break;
      case 'help':
        void store.connected.openAppLink({ link: 'help' });
        break;
      case 'quit':
        void store.connected.quit();
        break;
    }
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.isComposing) return;
    const path = event.composedPath();
    // A dialog handles its own keys (Esc closes it).
    if (path.some((node) => node instanceof HTMLDialogElement)) return;
    const target = path[0];
    const action = appKeyAction(event, {
      view: store.view.name,
      hasAccounts: store.accounts.length > 0,
      query: store.query,
      typing: isTextField(target),
      inSearch: target instanceof HTMLInputElement && target.type === 'search',
      canUndo: this.toasts.current?.action !== undefined,
    });
    if (action === null) return;
    event.preventDefault();
    switch (action) {
      case 'search':
        this.focusSearch();
        break;
      case 'shortcuts':
        void this.showDialog('shortcuts');
        break;
      case 'undo':
        this.toasts.act();
        break;
      case 'back':
        store.navigate(store.view.name === 'settings' ? { name: 'teams' } : store.formReturn);
        break;
      case 'clear-search':
        store.setQuery('');
        // Back to the list, where the user was before searching.
        void this.updateComplete.then(() => this.list()?.focusActive());
        break;
      case 'hide':
        void store.connected.hideWindow();
        break;
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
