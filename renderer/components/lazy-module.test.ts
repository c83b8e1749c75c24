import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once, however often asked, and says so through its signal', async () => {
    let imports = 0;
    const part = lazyModule(() => {
      imports += 1;
      return Promise.resolve({ name: 'rows' });
    });
    expect(part.loaded.value).toBeNull();
    await Promise.all([part.load(), part.load()]);
    await part.load();
    expect(imports).toBe(1);
    expect(part.loaded.value).toEqual({ name: 'rows' });
  });

  it('forgets a failed load, so the next use asks again', async () => {
    let imports = 0;
    const part = lazyModule(() => {
      imports += 1;
      return imports === 1
        ? Promise.reject(new Error('offline'))
        : Promise.resolve({ name: 'log' });
    });
    await expect(part.load()).rejects.toThrow('offline');
    expect(part.loaded.value).toBeNull();
    await part.load();
    expect(imports).toBe(2);
    expect(part.loaded.value).toEqual({ name: 'log' });
  });
});
