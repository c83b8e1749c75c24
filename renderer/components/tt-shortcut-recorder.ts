/**
 * Settings › the global shortcut, recorded rather than typed: while the field has focus, the
 * keys pressed become the shortcut (shown ⇧⌘T on a Mac, Ctrl+Shift+T elsewhere), checked with
 * common/shortcut before they are sent; Esc cancels, Clear removes it. Main has the last word
 * (the OS may refuse one another app holds) and its answer shows under the field.
 *
 * A text field, not a button: screen readers pass keys through to an edit field, while on a
 * button their browse mode would take them.
 */
import { LitElement, html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { checkShortcut } from '../../common/shortcut';
import { readKeyPress } from '../state/shortcut-keys';
import { platformOf } from '../state/platform';
import { displayAccelerator, refusalText } from '../state/shortcut-words';
import { StoreConsumer } from '../state/store-context';
import { sharedStyles } from './shared.styles';
import { shortcutRecorderStyles } from './tt-shortcut-recorder.styles';

const PLATFORM = platformOf(navigator);

type Tone = 'ok' | 'error';

interface Status {
  readonly text: string;
  readonly tone: Tone;
}

export class TtShortcutRecorder extends LitElement {
  static override properties = {
    shortcut: { attribute: false },
    recording: { state: true },
    shown: { state: true },
    invalid: { state: true },
    status: { state: true },
  };

  static override styles = [sharedStyles, shortcutRecorderStyles];

  /** The accelerator in force (Electron's syntax), or null for none. */
  declare shortcut: string | null;
  /** Keys go to the recorder, not to the popover. */
  declare recording: boolean;
  /** What the field shows while recording (modifiers held, a refused combination), or null. */
  declare shown: string | null;
  /** What is shown was refused. */
  declare invalid: boolean;
  /** The last outcome, in the live region under the field. */
  declare status: Status | null;

  private readonly stored = new StoreConsumer(this);
  /** Only modifiers are held: their release empties the field again. */
  private pendingModifiers = false;
  /** A change is on its way to main: further keys wait for its answer. */
  private saving = false;

  constructor() {
    super();
    this.shortcut = null;
    this.recording = false;
    this.shown = null;
    this.invalid = false;
    this.status = null;
  }

  protected override render(): TemplateResult {
    const saved = this.shortcut === null ? '' : displayAccelerator(this.shortcut, PLATFORM);
    const value = this.recording ? (this.shown ?? '') : saved;
    const example = displayAccelerator('CommandOrControl+Shift+T', PLATFORM);
    const none = this.shortcut === null;
    return html`<div class="recorder">
      <div class="label-block">
        <label for="shortcut" class="title">Global shortcut</label>
        <span id="shortcut-hint" class="hint"
          >Opens Teamtray from anywhere. Focus the field and press the keys, e.g. ${example}; Esc
          cancels.</span
        >
      </div>
      <div class="row">
        <input
          id="shortcut"
          class="input keys"
          autocomplete="off"
          spellcheck="false"
          placeholder=${this.recording ? 'Press the keys…' : 'None'}
          aria-describedby="shortcut-hint"
          aria-invalid=${this.invalid ? 'true' : 'false'}
          ?data-recording=${this.recording}
          .value=${live(value)}
          @focus=${this.start}
          @click=${this.start}
          @blur=${this.stop}
          @keydown=${this.onKeyDown}
          @keyup=${this.onKeyUp}
          @beforeinput=${preventDefault}
          @paste=${preventDefault}
          @drop=${preventDefault}
        />
        <button
          class="btn"
          type="button"
          aria-label="Clear the global shortcut"
          aria-disabled=${none ? 'true' : 'false'}
          tabindex=${none ? -1 : 0}
          @click=${this.clear}
        >
          Clear
        </button>
      </div>
      <span id="shortcut-status" class="status ${this.status?.tone ?? ''}" role="status"
        >${this.status?.text ?? ''}</span
      >
    </div>`;
  }

  private readonly start = (): void => {
    if (this.recording) return;
    this.recording = true;
    this.shown = null;
    this.invalid = false;
  };

  /** Leaves the field as it was saved; a refusal's words stay until the next attempt. */
  private readonly stop = (): void => {
    this.recording = false;
    this.shown = null;
    this.invalid = false;
    this.pendingModifiers = false;
  };

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.isComposing) return;
    if (!this.recording) {
      // After Esc the field is at rest: Enter or Space records again, other keys (a second Esc
      // going back) belong to the popover.
      if ((event.key === 'Enter' || event.key === ' ') && !hasModifier(event)) {
        event.preventDefault();
        this.start();
      }
      return;
    }
    const recorded = readKeyPress(event, PLATFORM);
    if (recorded.kind === 'pass') return;
    // The popover's own keys (Esc goes back, / searches) wait while a shortcut is recorded.
    event.preventDefault();
    if (this.saving) return;
    this.pendingModifiers = recorded.kind === 'modifiers';
    switch (recorded.kind) {
      case 'cancel':
        this.stop();
        this.say(
          this.shortcut === null
            ? 'Cancelled: no shortcut is set.'
            : `Cancelled: the shortcut is still ${displayAccelerator(this.shortcut, PLATFORM)}.`,
          'ok',
        );
        return;
      case 'modifiers':
        this.shown = recorded.display;
        this.invalid = false;
        return;
      case 'unsupported':
        this.refuse(recorded.display, refusalText('shape', recorded.display, PLATFORM));
        return;
      case 'combo': {
        const check = checkShortcut(recorded.accelerator);
        if (check.ok) void this.save(check.accelerator, recorded.display);
        else this.refuse(recorded.display, refusalText(check.rule, recorded.display, PLATFORM));
      }
    }
  };

  private readonly onKeyUp = (event: KeyboardEvent): void => {
    if (!this.recording || !this.pendingModifiers || hasModifier(event)) return;
    // Every modifier let go without a key: nothing was recorded.
    this.pendingModifiers = false;
    this.shown = null;
  };

  private readonly clear = (): void => {
    if (this.shortcut === null) return;
    void this.save(null, '');
  };

  /** Keeps recording, showing the combination and why it cannot be used. */
  private refuse(shown: string, reason: string): void {
    this.shown = shown;
    this.invalid = true;
    this.say(reason, 'error');
  }

  private say(text: string, tone: Tone): void {
    this.status = { text, tone };
  }

  private async save(accelerator: string | null, shown: string): Promise<void> {
    if (accelerator === this.shortcut) {
      this.stop();
      this.say(`${shown} is already the shortcut.`, 'ok');
      return;
    }
    this.shown = shown;
    this.saving = true;
    const result = await this.stored.store.connected.updateSettings({
      globalShortcut: accelerator,
    });
    this.saving = false;
    if (!result.ok) {
      // Main or the OS said no (another app holds it, or the desktop allows none): its words.
      this.refuse(shown, result.error.message);
      return;
    }
    this.shortcut = result.value.globalShortcut;
    this.stop();
    this.say(
      accelerator === null
        ? 'Removed: no global shortcut.'
        : `Saved: ${shown} opens Teamtray from anywhere.`,
      'ok',
    );
  }
}

function hasModifier(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey || event.altKey || event.shiftKey;
}

function preventDefault(event: Event): void {
  event.preventDefault();
}

customElements.define('tt-shortcut-recorder', TtShortcutRecorder);

declare global {
  interface HTMLElementTagNameMap {
    'tt-shortcut-recorder': TtShortcutRecorder;
  }
}
