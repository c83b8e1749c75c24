/**
 * The popover: picks the view, owns the global keys (state/app-keys), the menu's choices, the
 * dialogs (shortcuts, About), the toast, and applies the theme.
 */
import { SignalWatcher } from '@lit-labs/preact-signals';
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { store as appStore } from '../boot';
import { titleOf } from '../state/account-names';
import { hasInbox, unreadCount } from '../state/inbox';
import { appKeyAction, isTextField } from '../state/app-keys';
import { countTeams } from '../state/rows';
import type { Store, View } from '../state/store';
import { provideStore } from '../state/store-context';
import { sharedStyles } from './shared.styles';
import { renderToast, toastStyles } from './toast';
import { ToastController, type Toast } from './toast-controller';
import type { MenuChoice } from './tt-app-menu-items';
import { appStyles } from './tt-app.styles';
import { toggleQuiet } from '../state/pin-actions';
import type { TtHeader } from './tt-header';
import type { TtTeamList } from './tt-team-list';
import { formView, viewHead } from './app-views';
import { quietEnd } from './quiet-line';
import { bannersWanted, loadPart, loadPartsWhenIdle, partFor } from './lazy-parts';
import './tt-app-menu';
import './tt-header';
import './tt-team-list';

type DialogName = 'about' | 'shortcuts';

export class TtApp extends SignalWatcher(LitElement) {
  static override styles = [sharedStyles, appStyles, toastStyles];
  static override properties = { dialogs: { state: true } };

  /** The dialogs asked for so far: each is rendered from its first use on (its module is lazy). */
  declare private dialogs: ReadonlySet<DialogName>;

  /** The app's store (boot.ts), given to every element under this one. */
  readonly store: Store = appStore;

  constructor() {
    super();
    this.dialogs = new Set();
    provideStore(this, this.store);
  }
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
    const { store } = this;
    const theme = store.settings?.theme ?? 'system';
    if (document.documentElement.dataset.theme !== theme) {
      document.documentElement.dataset.theme = theme;
    }
    if (store.state !== null) {
      const part = partFor(store.view, store.accounts.length > 0);
      if (part !== null) void loadPart(part);
      if (bannersWanted(store.state)) void loadPart('banners');
    }
  }

  protected override updated(): void {
    // The list is up: the other views load in the background, ready when asked for.
    if (this.store.state !== null) loadPartsWhenIdle();
    const view = this.store.view.name;
    if (view !== this.shownView) {
      const from = this.shownView;
      this.shownView = view;
      if (from !== null) void this.placeFocus(from, view);
    }
  }

  /** The view shown last (null before the first): where the focus goes when it changes. */
  private shownView: View['name'] | null = null;

  /**
   * The focus after a change of view, never left on the page's body: going in, on the view's
   * heading; back to the list, on the button that opened the view (⚙, the bell) or the row used
   * last. Only when the change took the focus away (a key may have put it somewhere already).
   */
  private async placeFocus(from: View['name'], to: View['name']): Promise<void> {
    const lost = (): boolean => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement != null) active = active.shadowRoot.activeElement;
      return active === null || active === document.body || !active.isConnected;
    };
    if (!lost()) return;
    if (to !== 'teams') {
      this.renderRoot.querySelector<HTMLElement>('.view-head h1')?.focus();
      return;
    }
    if (from === 'settings' || from === 'inbox') {
      await this.header()?.focusButton(from === 'settings' ? 'menu' : 'inbox');
      return;
    }
    const list = this.list();
    await list?.updateComplete;
    list?.focusActive();
  }

  protected override render(): TemplateResult {
    // One landmark around everything: the popover is a single region.
    // Busy until main's state arrives: the view may change then (no account: the first run).
    return html`<main
      aria-label="Teamtray"
      aria-busy=${this.store.state === null && this.store.loadError === null ? 'true' : 'false'}
      @tt-menu=${this.onMenu}
      @tt-toast=${(event: CustomEvent<Toast>) => {
        this.toasts.show(event.detail);
      }}
    >
      ${this.renderView()} ${renderToast(this.toasts)}
      ${this.dialogs.has('shortcuts') ? html`<tt-shortcuts></tt-shortcuts>` : nothing}
      ${this.dialogs.has('about') ? html`<tt-about></tt-about>` : nothing}
    </main>`;
  }

  private renderView(): TemplateResult {
    const { store: s } = this;
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
        return html`${viewHead(s, 'Settings', { name: 'teams' })}
          <div class="view-body"><tt-settings></tt-settings></div>`;
      case 'inbox':
        return html`${viewHead(s, 'Inbox', { name: 'teams' })}
          <div class="view-body"><tt-inbox></tt-inbox></div>`;
      case 'add':
        return formView(s, 'Add an account', 'add', null, this.onSaved);
      case 'edit':
      case 'token': {
        const account = s.account(view.accountId);
        if (account === undefined) return this.renderGone();
        const { title } = titleOf(account);
        return view.name === 'edit'
          ? formView(s, `Edit ${title}`, 'edit', account, this.onSaved)
          : formView(s, `New token for ${title}`, 'token', account, this.onSaved);
      }
    }
  }

  private renderTeams(): TemplateResult {
    // The notices (tt-banners) are at the top of the list, where they scroll away with it.
    return html`${this.renderHeader()}
      <tt-team-list @tt-leave-top=${this.focusSearch}></tt-team-list>`;
  }

  private renderHeader(): TemplateResult {
    const { store } = this;
    return html`<tt-header
      .query=${store.query}
      .refreshing=${store.refreshingAny}
      .teamCount=${countTeams(store.accounts)}
      .inboxCount=${hasInbox(store.accounts) ? unreadCount(store.accounts) : null}
      @tt-inbox=${() => {
        store.navigate({ name: 'inbox' });
      }}
      .quietUntil=${quietEnd(store.settings, store.now)}
      @tt-quiet=${() => void toggleQuiet(store, Date.now())}
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

  private renderGone(): TemplateResult {
    return html`${viewHead(this.store, 'Account removed', { name: 'teams' })}
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

  /** Opens a dialog: its module loaded and the element rendered first, if they were not yet. */
  private async showDialog(name: DialogName): Promise<void> {
    await loadPart(name);
    if (!this.dialogs.has(name)) {
      this.dialogs = new Set([...this.dialogs, name]);
      await this.updateComplete;
    }
    const dialog =
      name === 'about'
        ? this.renderRoot.querySelector('tt-about')
        : this.renderRoot.querySelector('tt-shortcuts');
    await dialog?.updateComplete;
    dialog?.show();
  }

  /** An account was added or changed: main's patches bring it; back to where the form was opened. */
  private readonly onSaved = (): void => {
    this.store.navigate(this.store.formReturn);
  };

  private readonly onMenu = (event: CustomEvent<MenuChoice>): void => {
    const { store } = this;
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
    const { store } = this;
    const action = appKeyAction(event, {
      view: store.view.name,
      hasAccounts: store.accounts.length > 0,
      query: store.query,
      typing: isTextField(target),
      inSearch: target instanceof HTMLInputElement && target.type === 'search',
      canUndo: this.toasts.current?.action !== undefined,
      hasInbox: hasInbox(store.accounts),
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
      case 'inbox':
        store.navigate({ name: 'inbox' });
        break;
      case 'quiet':
        // As the moon in the header does.
        void toggleQuiet(store, Date.now());
        break;
      case 'undo':
        this.toasts.act();
        break;
      case 'back':
        store.navigate(
          store.view.name === 'settings' || store.view.name === 'inbox'
            ? { name: 'teams' }
            : store.formReturn,
        );
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

customElements.define('tt-app', TtApp);

declare global {
  interface HTMLElementTagNameMap {
    'tt-app': TtApp;
  }
}
