import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UrlTabs } from './tabs';

const TABS = [
  { id: 1, name: 'One' },
  { id: 2, name: 'Two' },
  { id: 3, name: 'Three' },
];

function Screen() {
  const [params] = useSearchParams();
  const active = TABS.find((tab) => String(tab.id) === params.get('tab')) ?? TABS[0]!;
  return (
    <UrlTabs tabs={TABS} active={active} param="tab" label="Sections" idPrefix="demo" labelOf={(tab) => tab.name}>
      <p>Panel {active.name}</p>
    </UrlTabs>
  );
}

describe('UrlTabs', () => {
  it('is a tablist with one tab stop; arrows wrap, Home and End jump, and the URL names the tab', async () => {
    const router = createMemoryRouter([{ path: '/', element: <Screen /> }], { initialEntries: ['/?tab=2'] });
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').filter((element) => element.tabIndex === 0)).toEqual([tab('Two')]);
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Panel Two');

    tab('Two').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Three')).toHaveFocus();
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=3');
    await user.keyboard('{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Three')).toHaveFocus();

    await user.click(tab('Two'));
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Panel Two');
    expect(router.state.location.search).toBe('?tab=2');
  });
});
