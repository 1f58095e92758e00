import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hammer } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { ToolDetails } from './tool-details';

describe('ToolDetails (the purchase page)', () => {
  it('shows the SKU under the name, its code in a face of its own', () => {
    renderWithProviders(<ToolDetails tool={hammer} />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Claw Hammer' });
    const code = screen.getByText('HM-CLAW-16');
    expect(code.parentElement).toHaveTextContent(/^SKU HM-CLAW-16$/);
    expect(code).toHaveClass('font-mono');
    // Under the heading, not inside it: the tool's accessible name stays its name.
    expect(heading.nextElementSibling).toBe(code.parentElement);
    expect(screen.getByRole('article', { name: 'Claw Hammer' })).toBeInTheDocument();
  });
});
