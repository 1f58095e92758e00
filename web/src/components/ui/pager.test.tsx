import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

const noop = vi.fn();

describe('Pager', () => {
  it('names its landmark by the page, and by its list where a page shows two', () => {
    render(
      <>
        <Pager list="Quote requests" page={2} pages={3} hasNext onNext={noop} onPrevious={noop} />
        <Pager
          list="Quotes of one tool"
          page={1}
          pages={4}
          hasNext
          onNext={noop}
          onPrevious={noop}
        />
        <Pager page={5} pages={undefined} hasNext onNext={noop} onPrevious={noop} />
      </>,
    );
    expect(screen.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-label'))).toEqual([
      'Quote requests: Page 2 of 3',
      'Quotes of one tool: Page 1 of 4',
      'Page 5',
    ]);
  });

  it('shows nothing for a single page', () => {
    const { container } = render(
      <Pager page={1} pages={1} hasNext={false} onNext={noop} onPrevious={noop} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
