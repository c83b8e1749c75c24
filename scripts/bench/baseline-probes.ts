/**
 * Code that runs inside the popover page (page.evaluate), like ./page-probes.ts: each probe is
 * self-contained, since Playwright sends its source text.
 *
 * keystrokeProbe is the empty popover's counterpart of the filter and rename figures: a keystroke
 * into the onboarding form's Label field (which the form re-renders), timed with the same frame
 * model (dispatched at the start of a frame, until the end of that frame).
 *
 * transportProbe compares the two ways the state can reach the page, on the same answer: over the
 * bench's DevTools binding (JSON, gzipped, decoded and parsed here) and as a structured clone (a
 * MessageChannel post of the object to this same page: serialized and deserialized on this
 * thread, which is more than Electron's IPC costs the page, as main serializes).
 */

/** One duration per typed value, in ms. */
export async function keystrokeProbe(args: {
  readonly values: readonly string[];
  /** How long the onboarding's form may take to load (it is loaded lazily), ms. */
  readonly waitMs?: number;
}): Promise<number[]> {
  const find = (): HTMLInputElement | null =>
    document
      .querySelector('tt-app')
      ?.shadowRoot?.querySelector('tt-onboarding')
      ?.shadowRoot?.querySelector('tt-account-form')
      ?.shadowRoot?.querySelector<HTMLInputElement>('input#label') ?? null;
  const waitUntil = performance.now() + (args.waitMs ?? 10_000);
  let found = find();
  while (found === null && performance.now() < waitUntil) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    found = find();
  }
  if (found === null) throw new Error('no Label field in the onboarding');
  const input = found;
  const frameEnd = (): Promise<number> =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now());
        };
        channel.port2.postMessage(null);
      }),
    );
  const durations: number[] = [];
  let previous = input.value;
  for (const value of args.values) {
    await frameEnd();
    await frameEnd();
    const deleting = value.length < previous.length;
    const duration = await new Promise<number>((resolve) =>
      requestAnimationFrame(() => {
        const start = performance.now();
        input.value = value;
        input.dispatchEvent(
          new InputEvent('input', {
            bubbles: true,
            composed: true,
            inputType: deleting ? 'deleteContentBackward' : 'insertText',
            data: deleting ? null : value.slice(previous.length),
          }),
        );
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve(performance.now() - start);
        };
        channel.port2.postMessage(null);
      }),
    );
    durations.push(duration);
    previous = value;
  }
  return durations;
}

export interface TransportTimes {
  /** getState over the binding: from the call to the parsed answer, one per repeat. */
  readonly bindingMs: number[];
  /** The same answer posted over a MessageChannel: from postMessage to its data read. */
  readonly cloneMs: number[];
}

export async function transportProbe(args: { readonly repeats: number }): Promise<TransportTimes> {
  const overBinding = (window as { __benchGetStateOverBinding?: () => Promise<unknown> })
    .__benchGetStateOverBinding;
  if (overBinding === undefined) throw new Error('the bench bridge is not in the page');
  const bindingMs: number[] = [];
  const cloneMs: number[] = [];
  let state: unknown = null;
  for (let repeat = 0; repeat < args.repeats; repeat += 1) {
    const start = performance.now();
    state = await overBinding();
    bindingMs.push(performance.now() - start);
  }
  for (let repeat = 0; repeat < args.repeats; repeat += 1) {
    const channel = new MessageChannel();
    const duration = await new Promise<number>((resolve) => {
      let start = 0;
      channel.port1.onmessage = (event: MessageEvent<unknown>) => {
        // Reading data is what deserializes it.
        if (event.data === null) throw new Error('the clone lost the state');
        resolve(performance.now() - start);
      };
      start = performance.now();
      channel.port2.postMessage(state);
    });
    channel.port1.close();
    cloneMs.push(duration);
  }
  return { bindingMs, cloneMs };
}
