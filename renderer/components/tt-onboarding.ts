/** First run: what Teamtray needs, where to get it, and the form that adds the first account. */
import { LitElement, css, html, type TemplateResult } from 'lit';
import { sharedStyles } from './shared.styles';
import './tt-account-form';

export class TtOnboarding extends LitElement {
  static override styles = [
    sharedStyles,
    css`
      :host {
        display: grid;
        gap: 16px;
      }
      header,
      section {
        display: grid;
        gap: 4px;
      }
      section {
        gap: 12px;
      }
      h1 {
        margin: 0;
        font-size: 17px;
        font-weight: 700;
      }
      h2 {
        margin: 0;
        font-size: 14px;
        font-weight: 650;
      }
      p {
        margin: 0;
        color: var(--tt-muted);
      }
      ol {
        display: grid;
        gap: 6px;
        margin: 0;
        padding: 10px 12px 10px 30px;
        border: 1px solid var(--tt-border);
        border-radius: var(--tt-radius);
        background: var(--tt-surface);
        font-size: 12px;
      }
      li::marker {
        color: var(--tt-accent);
        font-weight: 700;
      }
    `,
  ];

  protected override render(): TemplateResult {
    return html`<header>
        <h1>Welcome to Teamtray</h1>
        <p>Every team of every FlowFuse account you use, one click away.</p>
      </header>
      <section aria-labelledby="first-account">
        <!-- The steps go inside the form: its Add account then stays in view as they scroll. -->
        <tt-account-form mode="add" .cancellable=${false}>
          <h2 slot="intro" id="first-account">Add your first account</h2>
          <ol slot="intro" aria-label="How to connect">
            <li>Sign in to FlowFuse in your browser.</li>
            <li>
              Open <strong>User Settings › Security › Tokens</strong> and create a token (the button
              below opens that page for the address you enter).
            </li>
            <li>
              Paste the token here. Teamtray keeps it encrypted and only sends it to that server.
            </li>
          </ol>
        </tt-account-form>
      </section>`;
  }
}

customElements.define('tt-onboarding', TtOnboarding);

declare global {
  interface HTMLElementTagNameMap {
    'tt-onboarding': TtOnboarding;
  }
}
