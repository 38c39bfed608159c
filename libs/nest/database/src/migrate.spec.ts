import { describe, expect, it } from '@jest/globals';
import { revertSteps } from './migrate.js';

describe('revertSteps', () => {
  it('reads how many migrations the arguments ask to undo', () => {
    expect(revertSteps(['node', 'migrate.js'])).toBe(0);
    expect(revertSteps(['node', 'migrate.js', '--revert'])).toBe(1);
    expect(revertSteps(['node', 'migrate.js', '--revert', '--verbose'])).toBe(1);
    expect(revertSteps(['node', 'migrate.js', '--revert', '5'])).toBe(5);
    expect(revertSteps(['node', 'migrate.js', '--revert', '100'])).toBe(100);
  });

  it.each(['0', '101', '2.5', '-1', 'all', ''])('refuses --revert %p', (value) => {
    expect(revertSteps(['node', 'migrate.js', '--revert', value])).toBeNull();
  });
});
