/**
 * The port a vault encrypts through: Electron's async safeStorage in the app, a real
 * AES-256-GCM cipher in tests.
 */
export type CipherAvailability =
  { readonly available: true } | { readonly available: false; readonly reason: string };

export interface Cipher {
  /** Whether ciphertext can be kept on disk. Said once at start-up; may be asked again. */
  availability(): Promise<CipherAvailability>;
  encrypt(plainText: string): Promise<Uint8Array>;
  /** `shouldReEncrypt` is true when the key was rotated: store the value encrypted anew. */
  decrypt(cipherText: Uint8Array): Promise<{ value: string; shouldReEncrypt: boolean }>;
}
