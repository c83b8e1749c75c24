/** Says once, plainly, when the whole suite is skipped, so nobody reads the run as a pass. */
import { buildApp } from '../support/build-app';
import { prepareElectronBinary } from './electron-binary';

export default function globalSetup(): void {
  const binary = prepareElectronBinary();
  if (binary.path === null) {
    console.log(
      `\ntests/electron: SKIPPED, nothing was tested. Electron's binary is not installed: ${binary.reason}.\n`,
    );
  } else {
    buildApp('tests/electron');
    console.log(`\ntests/electron: running against ${binary.path}\n`);
  }
}
