import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRatingInput } from './star-rating-input';

function Rating({
  initial = 5,
  onChange,
}: {
  initial?: number;
  onChange?: (stars: number) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <StarRatingInput
      legend="Rating"
      name="rattings"
      value={value}
      onChange={(stars) => {
        setValue(stars);
        onChange?.(stars);
      }}
    />
  );
}

function filledStars(container: HTMLElement) {
  return container.querySelectorAll('[data-star="filled"]').length;
}

describe('StarRatingInput', () => {
  it('is a group of five radios, each named by its rating, the chosen one checked', () => {
    const { container } = render(<Rating initial={4} />);
    const group = screen.getByRole('group', { name: 'Rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    for (let stars = 1; stars <= 5; stars += 1) {
      expect(
        screen.getByRole('radio', { name: `Rated ${stars} out of 5 stars` }),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Rated 4 out of 5 stars' })).toBeChecked();
    expect(filledStars(container)).toBe(4);
  });

  it('is chosen with the keyboard: Tab enters at the chosen star, the arrow keys move and choose', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container } = render(<Rating initial={5} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Rated 5 out of 5 stars' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    const three = screen.getByRole('radio', { name: 'Rated 3 out of 5 stars' });
    expect(three).toHaveFocus();
    expect(three).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(filledStars(container)).toBe(3);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Rated 4 out of 5 stars' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('is chosen with a click on a star', async () => {
    const user = userEvent.setup();
    const { container } = render(<Rating initial={5} />);
    await user.click(screen.getByRole('radio', { name: 'Rated 2 out of 5 stars' }));
    expect(screen.getByRole('radio', { name: 'Rated 2 out of 5 stars' })).toBeChecked();
    expect(filledStars(container)).toBe(2);
  });

  it('shows its validation message and ties it to the group', () => {
    render(
      <StarRatingInput
        legend="Rating"
        name="rattings"
        value={0}
        onChange={() => undefined}
        error="rating must be at least 1"
      />,
    );
    expect(screen.getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      'rating must be at least 1',
    );
  });
});
