/** The app's version from package.json, as Electron's app.getVersion() gives it in the app. */
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { readonly version: string };

export const APP_VERSION = manifest.version;
