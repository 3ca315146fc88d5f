import { backLink } from './back-link';

describe('backLink', () => {
  it('leads back to the list of the section the page was in', () => {
    expect(backLink('/devices/99', true)).toEqual({ href: '/devices', label: 'Back to devices' });
    expect(backLink('/networks/3?x=1', true)).toEqual({
      href: '/networks',
      label: 'Back to networks',
    });
    expect(backLink('/upgrades/7/edit', true).href).toBe('/upgrades');
    expect(backLink('/alert_rules/4/edit', true).href).toBe('/alert_rules');
    expect(backLink('/alerts', true).href).toBe('/alerts');
    expect(backLink('/commands/5/cancel', true).href).toBe('/devices');
  });

  it('leads elsewhere to the overview, or to sign-in without a session', () => {
    expect(backLink('/devicesx', true)).toEqual({
      href: '/overview',
      label: 'Back to the overview',
    });
    expect(backLink('/nowhere', false)).toEqual({ href: '/login', label: 'Sign in' });
  });
});
