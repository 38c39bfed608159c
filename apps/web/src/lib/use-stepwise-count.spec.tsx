/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import '@/testing/async-timeout';
import { useStepwiseCount } from './use-stepwise-count';

afterEach(cleanup);

function Count({ total }: { total: number }) {
  return <output>{useStepwiseCount(total, { first: 2, step: 3 })}</output>;
}

const shown = () => Number(screen.getByRole('status').textContent);

describe('useStepwiseCount', () => {
  it('starts with the first items and reaches the total in steps', async () => {
    render(<Count total={10} />);
    expect(shown()).toBe(2);
    await waitFor(() => expect(shown()).toBe(10));
  });

  it('shows a short list whole, and a later, longer one at once', async () => {
    const { rerender } = render(<Count total={1} />);
    expect(shown()).toBe(1);
    rerender(<Count total={4} />);
    await waitFor(() => expect(shown()).toBe(4));
    rerender(<Count total={50} />);
    expect(shown()).toBe(50);
  });

  it('waits for items: none, then the first of them', async () => {
    const { rerender } = render(<Count total={0} />);
    expect(shown()).toBe(0);
    rerender(<Count total={7} />);
    expect(shown()).toBe(2);
    await waitFor(() => expect(shown()).toBe(7));
  });
});
