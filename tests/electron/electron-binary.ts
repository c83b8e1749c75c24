/**
 * The `_electron` suite's Electron. global-setup fetches the binary when it is missing (as the
 * electron package does on first use) and passes the reason on when that fails; every test is
 * then skipped with it, and global-setup says so in one line. A skip is never a pass.
 */
import {
  electronPackage,
  ensureElectronBinary,
  type ElectronBinary,
} from '../../scripts/electron-binary';

/** Set by global-setup (Playwright hands its process.env to the workers). */
const SKIP_REASON = 'TEAMTRAY_ELECTRON_SKIP_REASON';

export function prepareElectronBinary(): ElectronBinary {
  const binary = ensureElectronBinary(electronPackage());
  if (binary.path === null) process.env[SKIP_REASON] = binary.reason;
  return binary;
}

export function findElectronBinary(): ElectronBinary {
  const skipped = process.env[SKIP_REASON];
  if (skipped !== undefined) return { path: null, reason: skipped };
  const found = electronPackage().locate();
  return found;
}
