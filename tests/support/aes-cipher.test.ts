import { describe, expect, it } from 'vitest';
import { createAesCipher, unavailableCipher } from './aes-cipher';

describe('AesGcmCipher (test support)', () => {
  it('round-trips, with a fresh IV each time', async () => {
    const cipher = createAesCipher();
    const a = await cipher.encrypt('secret');
    const b = await cipher.encrypt('secret');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(a).includes(Buffer.from('secret'))).toBe(false);
    expect(await cipher.decrypt(a)).toEqual({ value: 'secret', shouldReEncrypt: false });
  });

  it('refuses a tampered ciphertext and another account’s key', async () => {
    const cipher = createAesCipher();
    const bytes = await cipher.encrypt('secret');
    const tampered = Uint8Array.from(bytes);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    await expect(cipher.decrypt(tampered)).rejects.toThrow();
    await expect(createAesCipher().decrypt(bytes)).rejects.toThrow();
  });

  it('asks for re-encryption after a key rotation', async () => {
    const cipher = createAesCipher();
    const old = await cipher.encrypt('secret');
    cipher.rotateKey();
    expect(await cipher.decrypt(old)).toEqual({ value: 'secret', shouldReEncrypt: true });
    expect(await cipher.decrypt(await cipher.encrypt('secret'))).toEqual({
      value: 'secret',
      shouldReEncrypt: false,
    });
  });

  it('unavailableCipher says why and refuses to work', async () => {
    const cipher = unavailableCipher('basic_text');
    expect(await cipher.availability()).toEqual({ available: false, reason: 'basic_text' });
    await expect(cipher.encrypt('x')).rejects.toThrow('basic_text');
  });
});
