import { describe, expect, it } from 'vitest';
import { popoverWindowOptions } from './popover-window';

const options = popoverWindowOptions({
  preloadPath: '/app/out/preload/index.cjs',
  devTools: false,
});
const prefs = options.webPreferences ?? {};

describe('popover window options', () => {
  it('is a small frameless popover that stays out of the taskbar', () => {
    expect(options).toMatchObject({
      width: 400,
      height: 560,
      show: false,
      frame: false,
      resizable: false,
      skipTaskbar: true,
      fullscreenable: false,
    });
  });

  it.each([
    ['contextIsolation', true],
    ['sandbox', true],
    ['nodeIntegration', false],
    ['nodeIntegrationInWorker', false],
    ['nodeIntegrationInSubFrames', false],
    ['webSecurity', true],
    ['allowRunningInsecureContent', false],
    ['experimentalFeatures', false],
    ['webviewTag', false],
    ['navigateOnDragDrop', false],
    ['spellcheck', false],
  ] as const)('sets %s to %s', (key, value) => {
    expect(prefs[key]).toBe(value);
  });

  it('enables no Blink feature and loads the built preload', () => {
    expect(prefs.enableBlinkFeatures).toBeUndefined();
    expect(prefs.additionalArguments).toBeUndefined();
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('has DevTools only when asked (development)', () => {
    expect(prefs.devTools).toBe(false);
    const dev = popoverWindowOptions({ preloadPath: '/p.cjs', devTools: true });
    expect(dev.webPreferences?.devTools).toBe(true);
  });
});
