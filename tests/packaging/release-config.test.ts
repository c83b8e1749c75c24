/**
 * The release build's configuration, through electron-builder's own loader (which resolves
 * `extends`): a release is signed or it fails, and only it is marked as one that updates itself.
 */
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { isSignedRelease, updatePolicy } from '../../main/updates/update-scheduler';
import { loadPackageJson, root } from './config';

const release = await getConfig(root, 'electron-builder.release.yml', null);
const base = await getConfig(root, 'electron-builder.yml', null);

/** package.json as electron-builder writes it into the app: extraMetadata merged over it. */
function packagedPackageJson(config: Configuration): string {
  return JSON.stringify({ ...loadPackageJson(), ...(config.extraMetadata as object | undefined) });
}

describe('electron-builder.release.yml', () => {
  it("extends electron-builder.yml and passes electron-builder's schema", async () => {
    expect(release.appId).toBe(base.appId);
    expect(release.electronFuses).toEqual(base.electronFuses);
    expect(release.publish).toEqual(base.publish);
    await expect(
      validateConfiguration(release as never, new DebugLogger(false)),
    ).resolves.toBeUndefined();
  });

  it('fails the build on macOS and Windows when nothing was signed', () => {
    expect(release.mac?.forceCodeSigning).toBe(true);
    expect(release.win?.forceCodeSigning).toBe(true);
    expect(release.mac?.identity).toBeUndefined();
  });

  it('keeps the Windows publisher check that electron-updater verifies updates with', () => {
    expect(release.win?.verifyUpdateCodeSignature).toBe(true);
    // null would write no publisherName into app-update.yml: updates would go unchecked.
    expect(release.win?.signtoolOptions?.publisherName).not.toBeNull();
    expect(release.win?.azureSignOptions).toBeUndefined();
  });

  it('marks only the release build as one that updates itself', () => {
    expect(isSignedRelease(packagedPackageJson(release))).toBe(true);
    expect(isSignedRelease(packagedPackageJson(base))).toBe(false);
    const facts = { isPackaged: true, env: {}, windowsPublisher: true } as const;
    for (const platform of ['darwin', 'win32'] as const) {
      const signed = isSignedRelease(packagedPackageJson(release));
      expect(updatePolicy({ ...facts, platform, signedRelease: signed }).enabled).toBe(true);
      const unsigned = isSignedRelease(packagedPackageJson(base));
      expect(updatePolicy({ ...facts, platform, signedRelease: unsigned })).toEqual({
        enabled: false,
        reason: 'unsigned build',
      });
    }
    // The everyday build neither forces signing nor carries the mark.
    expect(base.mac?.forceCodeSigning).toBeUndefined();
    expect(base.extraMetadata).toBeUndefined();
  });
});
