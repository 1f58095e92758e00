import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stars } from './stars';

function countStars(container: HTMLElement, kind: 'filled' | 'empty') {
  return container.querySelectorAll(`[data-star="${kind}"]`).length;
}

describe('Stars', () => {
  it('fills as many of the five stars as the rating', () => {
    const { container } = render(<Stars rating={4} />);
    expect(countStars(container, 'filled')).toBe(4);
    expect(countStars(container, 'empty')).toBe(1);
  });

  it('names the rating for screen readers', () => {
    render(<Stars rating={3} />);
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5 stars' })).toBeInTheDocument();
  });

  it('keeps a rating outside 1 to 5 within the five stars', () => {
    const { container } = render(<Stars rating={9} />);
    expect(countStars(container, 'filled')).toBe(5);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
  });
});
