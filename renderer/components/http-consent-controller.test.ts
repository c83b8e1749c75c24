import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describe, expect, it, vi } from 'vitest';
import { HttpConsentController } from './http-consent-controller';

function host(): ReactiveControllerHost & { controllers: ReactiveController[]; updates: number } {
  const fake = {
    controllers: [] as ReactiveController[],
    updates: 0,
    addController(controller: ReactiveController) {
      fake.controllers.push(controller);
    },
    removeController() {},
    requestUpdate() {
      fake.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  };
  return fake;
}

describe('HttpConsentController', () => {
  it('allows nothing until asked and answered', () => {
    const consent = new HttpConsentController(host());
    expect(consent.allows('http://192.0.2.10')).toBe(false);
    expect(consent.asking).toBe(false);
  });

  it('asks, then on allow runs the refused request again, for that address only', () => {
    const fake = host();
    const consent = new HttpConsentController(fake);
    const again = vi.fn(() => {
      expect(consent.allows('http://192.0.2.10')).toBe(true);
    });
    consent.ask(again);
    expect(consent.asking).toBe(true);
    expect(fake.updates).toBe(1);
    consent.allow('http://192.0.2.10');
    expect(again).toHaveBeenCalledTimes(1);
    expect(consent.asking).toBe(false);
    expect(consent.allows('http://192.0.2.10')).toBe(true);
    expect(consent.allows('http://192.0.2.11')).toBe(false);
  });

  it('runs nothing after the user said no', () => {
    const consent = new HttpConsentController(host());
    const again = vi.fn();
    consent.ask(again);
    consent.drop();
    consent.allow('http://192.0.2.10');
    expect(again).not.toHaveBeenCalled();
  });

  it("starts over for another account, keeping that account's own allowance", () => {
    const consent = new HttpConsentController(host());
    consent.allow('http://192.0.2.10');
    consent.reset('http://nas.local:8080');
    expect(consent.allows('http://192.0.2.10')).toBe(false);
    expect(consent.allows('http://nas.local:8080')).toBe(true);
    consent.reset(null);
    expect(consent.allows('http://nas.local:8080')).toBe(false);
  });

  it('registers with its host', () => {
    const fake = host();
    const consent = new HttpConsentController(fake);
    expect(fake.controllers).toEqual([consent]);
  });
});
